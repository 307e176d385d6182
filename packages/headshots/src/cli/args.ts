import { HeadshotsError } from '../errors';

/** Parsed command line: the command, positional arguments and valued --flags (repeatable). */
export interface ParsedArgs {
  command: string | undefined;
  positional: string[];
  flags: Record<string, string[]>;
}

/** Parses argv (without node and script); `--x=1` and `--x 1` are accepted, flags may repeat. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
    let value: string | undefined;
    if (eq >= 0) value = a.slice(eq + 1);
    else {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--'))
        throw new HeadshotsError('BAD_OPTION', `--${name} needs a value.`);
      i++;
    }
    (flags[name] ??= []).push(value);
  }
  return { command: positional.shift(), positional, flags };
}

/** The single value of a flag; BAD_OPTION when required and missing, or given twice. */
export function flag(p: ParsedArgs, name: string, required = false): string | undefined {
  const v = p.flags[name];
  if (!v || v.length === 0) {
    if (required) throw new HeadshotsError('BAD_OPTION', `--${name} is required.`);
    return undefined;
  }
  if (v.length > 1) throw new HeadshotsError('BAD_OPTION', `--${name} is given more than once.`);
  return v[0];
}

/** Flags not in `known` are a usage error (a typo must not pass silently). */
export function onlyFlags(p: ParsedArgs, known: string[]): void {
  const unknown = Object.keys(p.flags).filter((f) => !known.includes(f));
  if (unknown.length > 0) throw new HeadshotsError('BAD_OPTION', `Unknown option --${unknown[0]}.`);
}
