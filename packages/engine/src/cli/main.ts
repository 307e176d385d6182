import { existsSync, readFileSync, writeFileSync, renameSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EngineError, toEngineError } from '../errors';
import { analyzeAudio } from '../pipeline/analyze';
import { createCover } from '../pipeline/cover';
import { separateAudio } from '../pipeline/separate-api';
import { trainVoice } from '../voice/train';
import { SAMPLES_DIR, listVoices, getVoiceProfile } from '../voice/library';
import { parseProfile, type VoiceProfile } from '../voice/profile';
import { renderVoiceSample } from '../voice/render-sample';
import { USAGE, num, parseArgs, parseKey, str, type ParsedArgs } from './args';

/** The CLI's own defaults; the product passes its limits from packages/contracts. */
const CLI_MAX_SECONDS = 600;
const CLI_PREVIEW_SECONDS = 30;

/** --max-seconds, or the CLI's default. */
function maxSeconds(p: ParsedArgs): number {
  return num(p, 'max-seconds', 1, 3600) ?? CLI_MAX_SECONDS;
}

/** Progress on stderr, throttled to whole percents. */
function progress(label: string): (p: number) => void {
  let last = -1;
  return (p) => {
    const pct = Math.floor(p * 100);
    if (pct !== last) {
      last = pct;
      process.stderr.write(`${label} ${pct}%\n`);
    }
  };
}

/** Resolves --voice: a built-in id, or a path to a profile JSON. */
export function loadVoice(v: string): string | VoiceProfile {
  if (v.endsWith('.json')) {
    if (!existsSync(v)) throw new EngineError('UNKNOWN_VOICE', `Voice profile file not found: ${v}`);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(v, 'utf8'));
    } catch {
      throw new EngineError('BAD_PROFILE', `The voice profile ${v} is not valid JSON.`);
    }
    return parseProfile(raw);
  }
  getVoiceProfile(v);
  return v;
}

function input(p: ParsedArgs): string {
  const i = p.positional[0];
  if (!i) throw new EngineError('BAD_OPTION', `The ${p.command} command needs an input file.\n${USAGE}`);
  return i;
}

function threads(p: ParsedArgs): { threads?: number } {
  const t = num(p, 'threads', 1, 16);
  return t === undefined ? {} : { threads: t };
}

async function run(p: ParsedArgs): Promise<unknown> {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const signal = controller.signal;
  switch (p.command) {
    case 'voices':
      return listVoices();
    case 'separate':
      return separateAudio(input(p), {
        outDir: str(p, 'out-dir', true)!,
        maxSeconds: maxSeconds(p),
        signal,
        onProgress: progress('separate'),
        ...threads(p),
      });
    case 'analyze': {
      const v = str(p, 'voice');
      return analyzeAudio(input(p), {
        ...(v ? { voice: loadVoice(v) } : {}),
        maxSeconds: maxSeconds(p),
        signal,
        onProgress: progress('analyze'),
        ...threads(p),
      });
    }
    case 'train-voice': {
      const out = str(p, 'out', true)!;
      const name = str(p, 'name');
      const id = str(p, 'id');
      const profile = await trainVoice(input(p), {
        ...(name ? { name } : {}),
        ...(id ? { id } : {}),
        signal,
        onProgress: progress('train'),
      });
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(`${out}.partial`, JSON.stringify(profile, null, 2));
      renameSync(`${out}.partial`, out);
      return { out, profile };
    }
    case 'cover': {
      const out = str(p, 'out', true)!;
      const bitrate = num(p, 'bitrate', 32, 320);
      const reverb = num(p, 'reverb', 0, 1);
      const lufs = num(p, 'lufs', -40, -5);
      const backing = str(p, 'backing');
      if (backing !== undefined && !['convert', 'keep', 'mute'].includes(backing)) {
        throw new EngineError('BAD_OPTION', `--backing must be convert, keep or mute, got "${backing}".`);
      }
      const stems = str(p, 'stems-dir');
      return createCover({
        input: input(p),
        voice: loadVoice(str(p, 'voice', true)!),
        key: parseKey(str(p, 'key')),
        outputs: [{ path: out, ...(bitrate !== undefined ? { bitrateKbps: bitrate } : {}) }],
        ...(backing ? { backing: backing as 'convert' | 'keep' | 'mute' } : {}),
        ...(reverb !== undefined ? { reverb } : {}),
        ...(lufs !== undefined ? { targetLufs: lufs } : {}),
        maxSeconds: maxSeconds(p),
        ...(stems ? { stemsDir: stems } : {}),
        // With a preview asked for, the CLI takes the server's path: a song long enough has its
        // preview window rendered first (decision 195), and the CLI says when it is written.
        ...(p.flags['preview'] === true
          ? {
              preview: { seconds: num(p, 'preview-seconds', 1, 600) ?? CLI_PREVIEW_SECONDS },
              onPreview: (ready: { path: string }) =>
                process.stderr.write(`preview written: ${ready.path}\n`),
            }
          : {}),
        signal,
        onProgress: progress('cover'),
        ...threads(p),
      });
    }
    case 'render-samples': {
      const dir = str(p, 'out-dir') ?? SAMPLES_DIR;
      const written: string[] = [];
      for (const v of listVoices()) {
        written.push(await renderVoiceSample(v.id, join(dir, `${v.id}.mp3`)));
        process.stderr.write(`rendered ${v.id}\n`);
      }
      return { written };
    }
    default:
      throw new EngineError('BAD_OPTION', p.command ? `Unknown command "${p.command}".\n${USAGE}` : USAGE);
  }
}

/**
 * Peak RSS of this process in MB. Linux's getrusage maxRSS survives exec, so a process spawned by
 * a big parent inherits the parent's high-water mark; /proc's VmHWM belongs to this image only.
 */
function peakRss(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Math.round(Number(m[1]) / 1024);
  } catch {
    // not Linux
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** CLI entry: one JSON document on stdout, progress on stderr, exit code per error code. */
export async function main(argv: string[]): Promise<number> {
  try {
    const parsed = parseArgs(argv);
    if (parsed.flags['help']) {
      process.stderr.write(`${USAGE}\n`);
      return 0;
    }
    const result = await run(parsed);
    // Peak RSS covers worker threads too (same process); ffmpeg children are separate and small.
    // CPU time of all threads: on a shared machine it shows the cost independent of contention.
    const peakRssMb = peakRss();
    const cpu = process.cpuUsage();
    const cpuSec = Math.round((cpu.user + cpu.system) / 1e5) / 10;
    const out = Array.isArray(result) ? result : { ...(result as object), peakRssMb, cpuSec };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  } catch (e) {
    const err = toEngineError(e);
    process.stdout.write(`${JSON.stringify({ error: { code: err.code, message: err.message } })}\n`);
    process.stderr.write(`error ${err.code}: ${err.message}\n`);
    return err.exitCode;
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!)) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
