import { stat } from 'node:fs/promises';
import { createHeadshots, listStyles } from '../api';
import { HeadshotsError, toHeadshotsError } from '../errors';
import { flag, onlyFlags, parseArgs, type ParsedArgs } from './args';

// npm run headshots -- styles | check <image>... | make <photo>... --style <id> --count <n> --out <dir>
// Output is JSON on stdout. Exit codes: 0 done (a declined photo is a result), 2 bad usage or an
// unreadable path, 3 the pipeline could not deliver (no usable photo, too few combinations), 1 crash.

const USAGE = `Usage:
  npm run headshots -- styles
  npm run headshots -- check <image>...
  npm run headshots -- make <photo>... --style <id>[,<id>...] --count <n> --out <dir>`;

const EXIT = { ok: 0, usage: 2, refused: 3 } as const;

function exitCodeOf(e: HeadshotsError): number {
  switch (e.code) {
    case 'BAD_OPTION':
    case 'INPUT_NOT_FOUND':
    case 'UNKNOWN_STYLE':
      return EXIT.usage;
    case 'NO_USABLE_PHOTOS':
    case 'NOT_ENOUGH_COMBINATIONS':
      return EXIT.refused;
    default:
      return 1;
  }
}

/** Every path must be a readable file before any work starts. */
async function requireFiles(paths: string[]): Promise<void> {
  for (const p of paths) {
    const st = await stat(p).catch(() => null);
    if (!st?.isFile()) throw new HeadshotsError('INPUT_NOT_FOUND', `Cannot read ${p}: no such file.`);
  }
}

async function runCheck(p: ParsedArgs): Promise<number> {
  onlyFlags(p, []);
  if (p.positional.length === 0) throw new HeadshotsError('BAD_OPTION', 'check needs at least one image.');
  await requireFiles(p.positional);
  const hs = createHeadshots();
  try {
    // Checks run in parallel on the workers; lines come out in argument order.
    const results = await Promise.all(p.positional.map((file) => hs.checkPhoto(file)));
    results.forEach((r, i) => {
      const line = { file: p.positional[i], approved: r.approved, reasons: r.reasons, face: r.face };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    });
    return EXIT.ok;
  } finally {
    await hs.close();
  }
}

async function runMake(p: ParsedArgs): Promise<number> {
  onlyFlags(p, ['style', 'count', 'out']);
  if (p.positional.length === 0) throw new HeadshotsError('BAD_OPTION', 'make needs at least one photo.');
  const styles = (p.flags['style'] ?? []).flatMap((s) => s.split(',')).filter(Boolean);
  if (styles.length === 0) throw new HeadshotsError('BAD_OPTION', '--style is required.');
  const countText = flag(p, 'count', true)!;
  const count = Number(countText);
  if (!/^\d+$/.test(countText) || count < 1 || count > 1000)
    throw new HeadshotsError(
      'BAD_OPTION',
      `--count must be a whole number from 1 to 1000, got "${countText}".`,
    );
  const outDir = flag(p, 'out', true)!;
  await requireFiles(p.positional);
  const hs = createHeadshots();
  const tty = process.stderr.isTTY;
  try {
    const pack = await hs.makePack({
      photos: p.positional,
      styles,
      count,
      outDir,
      onProgress: tty
        ? (pr) =>
            process.stderr.write(
              `\r${pr.stage} ${Math.round(pr.fraction * 100)}% (${pr.delivered}/${count})   `,
            )
        : undefined,
    });
    if (tty) process.stderr.write('\n');
    const out = {
      files: pack.files.map((f) => f.path),
      likeness: pack.files.map((f) => f.likeness),
      thumbs: pack.files.map((f) => f.thumbPath),
      declined: pack.declined,
      rejected: pack.rejected.length,
      shortfall: pack.shortfall,
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return pack.shortfall > 0 ? EXIT.refused : EXIT.ok;
  } finally {
    await hs.close();
  }
}

/** Runs the CLI and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  try {
    const p = parseArgs(argv);
    switch (p.command) {
      case 'styles':
        onlyFlags(p, []);
        if (p.positional.length > 0) throw new HeadshotsError('BAD_OPTION', 'styles takes no arguments.');
        process.stdout.write(`${JSON.stringify(listStyles().map((s) => ({ id: s.id, name: s.name })))}\n`);
        return EXIT.ok;
      case 'check':
        return await runCheck(p);
      case 'make':
        return await runMake(p);
      default:
        process.stderr.write(`${p.command ? `Unknown command "${p.command}".\n` : ''}${USAGE}\n`);
        return EXIT.usage;
    }
  } catch (e) {
    const err = toHeadshotsError(e);
    process.stderr.write(`${err.code}: ${err.message}\n`);
    if (err.code === 'BAD_OPTION') process.stderr.write(`${USAGE}\n`);
    return exitCodeOf(err);
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('cli/main.ts')) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
