import { EngineError } from '../errors';

/** Parsed command line: positional arguments and --flags (boolean or valued). */
export interface ParsedArgs {
  command: string | undefined;
  positional: string[];
  flags: Record<string, string | boolean>;
}

const BOOLEAN_FLAGS = new Set(['preview', 'help', 'inline']);

/** Parses argv (without node and script); `--x=1`, `--x 1` and boolean `--preview` are accepted. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (eq >= 0) flags[name] = a.slice(eq + 1);
      else if (BOOLEAN_FLAGS.has(name)) flags[name] = true;
      else {
        const v = argv[i + 1];
        if (v === undefined || v.startsWith('--'))
          throw new EngineError('BAD_OPTION', `--${name} needs a value.`);
        flags[name] = v;
        i++;
      }
    } else positional.push(a);
  }
  return { command: positional.shift(), positional, flags };
}

/** Reads a string flag, throwing BAD_OPTION if it is required and missing. */
export function str(p: ParsedArgs, name: string, required = false): string | undefined {
  const v = p.flags[name];
  if (v === undefined || v === false) {
    if (required) throw new EngineError('BAD_OPTION', `--${name} is required.`);
    return undefined;
  }
  if (v === true) throw new EngineError('BAD_OPTION', `--${name} needs a value.`);
  return v;
}

/** Reads a numeric flag within [min, max]. */
export function num(p: ParsedArgs, name: string, min: number, max: number): number | undefined {
  const v = str(p, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new EngineError('BAD_OPTION', `--${name} must be a number between ${min} and ${max}, got "${v}".`);
  }
  return n;
}

/** Parses --key: "auto" or a whole number of semitones. */
export function parseKey(v: string | undefined): number | 'auto' {
  if (v === undefined || v === 'auto') return 'auto';
  const n = Number(v);
  if (!Number.isInteger(n) || Math.abs(n) > 24) {
    throw new EngineError(
      'BAD_OPTION',
      `--key must be "auto" or a whole number of semitones (-24..24), got "${v}".`,
    );
  }
  return n;
}

export const USAGE = `Usage: npm run engine -- <command> [options]
  separate <input> --out-dir <dir> [--max-seconds 600]
  analyze <input> [--voice <id|profile.json>] [--max-seconds 600]
  train-voice <recording> --out <profile.json> [--name <name>] [--id <id>]
  cover <input> --voice <id|profile.json> --out <file.wav|.mp3> [--key N|auto]
        [--backing convert|keep|mute] [--reverb 0..1] [--stems-dir <dir>] [--preview [--preview-seconds 30]]
        [--bitrate 320|128] [--lufs -14] [--max-seconds 600]
  voices
  render-samples [--out-dir <dir>]
Common: --threads N (1 = no worker threads)`;
