/**
 * Quick tuning loop for own voices, on the judge's **tuning** speakers only (never the reporting
 * ones): trains a voice from each tuning owner's recording (kept in the bench's cache until the
 * engine's voice code changes), covers the other tuning speakers' phrases and the real sung line
 * over the loops, and prints the judge's likeness of the converted stem (share of windows and
 * median log-likelihood ratio for the owner), the share still given to the source, and the stem's
 * pitch against the dry source. A run is six covers, a few minutes on a loaded machine.
 *
 * Run: nice -n 5 npx tsx bench/engine/tune-own-voice.ts [--reuse-profiles] [owner:source ...]
 * (`--reuse-profiles`: the last trained profile of each owner, when only conversion changed).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWav } from '../../packages/engine/src/io/wav';
import { coverOne, type OwnVoiceRow } from './judge/cover-judged';
import { SONG_SR as SR, engineCli, upsample } from './judge/engine-cli';
import { buildPanel } from './judge/panel';
import { judgeToolsMissing } from './judge/tools';
import { sungLine } from './scratch-sounds';

const DEFAULT_PAIRS = [
  'allison:ivr-ru',
  'allison:kt-ru',
  'allison:scratch-sung',
  'ivr-ru:allison',
  'ivr-ru:kt-ru',
  'ivr-ru:scratch-sung',
];
const CACHE = new URL('./.cache/tune/', import.meta.url).pathname;
const VOICE_SRC = join(
  process.env['BENCH_ENGINE_ROOT'] ?? new URL('../../', import.meta.url).pathname,
  'packages/engine/src/voice/',
);

/** A profile depends on the training code: the cache key is the voice folder's sources. */
function voiceCodeKey(): string {
  const h = createHash('sha1');
  for (const f of readdirSync(VOICE_SRC).sort())
    if (f.endsWith('.ts')) h.update(readFileSync(join(VOICE_SRC, f)));
  return h.digest('hex').slice(0, 12);
}

function main(): void {
  const missing = judgeToolsMissing();
  if (missing) throw new Error(`the judge needs: ${missing}`);
  const args = process.argv.slice(2);
  const reuse = args.includes('--reuse-profiles');
  const named = args.filter((a) => !a.startsWith('--'));
  const pairs = (named.length ? named : DEFAULT_PAIRS).map((p) => p.split(':'));
  const panel = buildPanel();
  const role = (id: string): string | undefined => panel.speakers.find((s) => s.id === id)?.role;
  for (const [o, s] of pairs)
    if (role(o!) !== 'tuning' || (s !== 'scratch-sung' && role(s!) !== 'tuning'))
      throw new Error(`${o}:${s}: tuning speakers only`);
  const dir = mkdtempSync(join(tmpdir(), 'tune-own-voice-'));
  mkdirSync(CACHE, { recursive: true });
  const key = voiceCodeKey();
  const load0 = loadavg()[0]!;
  const t0 = performance.now();
  const rows: OwnVoiceRow[] = [];
  try {
    for (const [ownerId, sourceId] of pairs) {
      const owner = panel.speakers.find((x) => x.id === ownerId)!;
      const profile = join(CACHE, `${ownerId}-${reuse ? 'last' : key}.json`);
      if (!existsSync(profile) || !reuse) {
        const rec = join(dir, `${ownerId}.wav`);
        writeWav(rec, SR, [upsample(panel.parts.get(ownerId!)!.train.audio)]);
        const fresh = join(CACHE, `${ownerId}-${key}.json`);
        if (!existsSync(fresh)) engineCli(['train-voice', rec, '--out', fresh, '--name', ownerId!]);
        copyFileSync(fresh, join(CACHE, `${ownerId}-last.json`));
      }
      const dry =
        sourceId === 'scratch-sung' ? sungLine(SR) : upsample(panel.parts.get(sourceId!)!.phrase.audio);
      const kind = sourceId === 'scratch-sung' ? ('sung' as const) : ('speech' as const);
      const r = coverOne(panel, dir, owner, profile, { id: sourceId!, kind, dry });
      rows.push(r);
      process.stdout.write(
        `${`${ownerId} ← ${sourceId}`.padEnd(26)} stem ${r.stemShare.toFixed(2)} llr ${r.stemMedianLlr
          .toFixed(2)
          .padStart(
            6,
          )} src ${r.stemSourceShare?.toFixed(2) ?? '  – '} cover ${r.coverShare.toFixed(2)} | gross ${r.pitch.grossPct.toFixed(1).padStart(4)} % median ${r.pitch.medianCents.toFixed(1)} c corr ${r.pitch.correlation.toFixed(3)}\n`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const mean = (f: (r: OwnVoiceRow) => number): string =>
    (rows.reduce((s, r) => s + f(r), 0) / rows.length).toFixed(2);
  process.stdout.write(
    `mean: stem ${mean((r) => r.stemShare)} llr ${mean((r) => r.stemMedianLlr)} cover ${mean((r) => r.coverShare)} gross ${mean((r) => r.pitch.grossPct)} % median ${mean((r) => r.pitch.medianCents)} c` +
      ` | ${((performance.now() - t0) / 1000).toFixed(0)} s, load ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}\n`,
  );
}

main();
