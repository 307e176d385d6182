import { spawn } from 'node:child_process';
import { EngineError } from '../errors';
import { mediaToolPath, type MediaTool } from './binaries';
import { lowerPriority } from '../pipeline/priority';

/** Result of a finished child process. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs ffmpeg or ffprobe (as resolved at start) to completion; ENOENT becomes FFMPEG_MISSING. */
export function run(bin: MediaTool, args: string[], signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(mediaToolPath(bin), args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    if (child.pid !== undefined) lowerPriority(child.pid);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT')
        reject(
          new EngineError(
            'FFMPEG_MISSING',
            `${bin} was not found (neither on PATH nor as a bundled npm package).`,
          ),
        );
      else if (e.name === 'AbortError') reject(new EngineError('CANCELLED', 'The job was cancelled.'));
      else reject(e);
    });
    child.on('close', (code) => {
      resolve({
        code: code ?? -1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}
