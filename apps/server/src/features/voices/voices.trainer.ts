import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EngineError, parseProfile, type EngineErrorCode, type VoiceProfile } from '@ai-covers/engine';

/** One training run: the recording in, the profile out; progress 0..1; aborting stops it. */
export type VoiceTrainer = (run: {
  recording: string;
  /** Where the profile JSON is written. */
  out: string;
  id: string;
  name: string;
  signal: AbortSignal;
  onProgress: (p: number) => void;
}) => Promise<VoiceProfile>;

/** The engine's source folder (its package entry is src/index.ts). */
const engineSrc = () => path.dirname(createRequire(import.meta.url).resolve('@ai-covers/engine'));

/**
 * Runs the engine's `train-voice` command in a child process: the analysis is CPU work of up to a
 * minute for a 10-minute recording, which would stall every request of an API process that also
 * runs the worker. Progress comes from its stderr lines (`train 42%`), its error from its stdout.
 */
export const cliTrainer: VoiceTrainer = (run) =>
  new Promise<VoiceProfile>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(engineSrc(), 'cli', 'main.ts'),
        'train-voice',
        // Absolute: the command runs in another folder (a data folder may be given relatively).
        path.resolve(run.recording),
        '--out',
        path.resolve(run.out),
        '--id',
        run.id,
        '--name',
        run.name,
      ],
      // From the engine's folder, `--import tsx` resolves wherever the server was started from.
      { stdio: ['ignore', 'pipe', 'pipe'], cwd: path.dirname(engineSrc()) },
    );
    let stdout = '';
    let stderrTail = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-4000);
      for (const m of chunk.matchAll(/^train (\d{1,3})%$/gm)) run.onProgress(Number(m[1]) / 100);
    });
    // SIGINT lets the command abort and remove its scratch files.
    const stop = () => child.kill('SIGINT');
    if (run.signal.aborted) stop();
    else run.signal.addEventListener('abort', stop, { once: true });
    child.on('error', (error) => {
      run.signal.removeEventListener('abort', stop);
      reject(error);
    });
    child.on('close', (code) => {
      run.signal.removeEventListener('abort', stop);
      if (run.signal.aborted) return reject(new EngineError('CANCELLED', 'Training was stopped.'));
      if (code === 0) {
        try {
          return resolve(parseProfile(JSON.parse(fs.readFileSync(path.resolve(run.out), 'utf8'))));
        } catch (error) {
          return reject(error);
        }
      }
      reject(cliError(stdout, stderrTail, code));
    });
  });

/** The typed error the command printed as its last stdout line, else a generic one with its stderr. */
function cliError(stdout: string, stderr: string, code: number | null): EngineError {
  const last = stdout.trim().split('\n').pop() ?? '';
  try {
    const parsed = JSON.parse(last) as { error?: { code?: string; message?: string } };
    if (parsed.error?.code)
      return new EngineError(parsed.error.code as EngineErrorCode, parsed.error.message ?? 'training failed');
  } catch {
    // not the command's JSON: fall through
  }
  return new EngineError('INTERNAL', `train-voice exited with ${code}: ${stderr.slice(-500)}`);
}
