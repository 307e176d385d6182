/**
 * Does the whole song suffer from being converted with the preview window's plan (decision 195)?
 * The own-voice check never takes that path (its songs are shorter than two windows and have no
 * preview), so this one builds songs of about 70 s (the real sung line, another reporting
 * speaker's phrase, the sung line again, over the loops), covers each in each reporting owner's
 * trained voice with and without `--preview`, and gives the judge's rows for both: without a
 * preview the whole song's own plan is used, with one the plan the engine makes for the preview.
 *
 * Run: nice -n 5 npx tsx bench/engine/window-plan-check.ts [tuning|reporting]  (JSON on stdout)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWav } from '../../packages/engine/src/io/wav';
import { coverOne, type OwnVoiceRow } from './judge/cover-judged';
import { SONG_SR as SR, engineCli, upsample } from './judge/engine-cli';
import { buildPanel } from './judge/panel';
import { judgeToolsMissing } from './judge/tools';
import { sungLine } from './scratch-sounds';

const GAP_SEC = 0.5;

/** The parts one after another, half a second apart. */
function join3(parts: Float32Array[]): Float32Array {
  const gap = Math.round(GAP_SEC * SR);
  const out = new Float32Array(parts.reduce((s, p) => s + p.length + gap, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length + gap;
  }
  return out;
}

function main(): void {
  const role = (process.argv[2] ?? 'reporting') as 'tuning' | 'reporting';
  const missing = judgeToolsMissing();
  if (missing) throw new Error(`the judge needs: ${missing}`);
  const panel = buildPanel();
  const speakers = panel.speakers.filter((s) => s.role === role);
  const owners = speakers.filter((s) => (panel.parts.get(s.id)?.train.seconds ?? 0) > 30);
  const sung = sungLine(SR);
  const dir = mkdtempSync(join(tmpdir(), 'window-plan-'));
  const rows: Array<OwnVoiceRow & { preview: boolean; load: number }> = [];
  try {
    for (const owner of owners) {
      const rec = join(dir, `${owner.id}.wav`);
      writeWav(rec, SR, [upsample(panel.parts.get(owner.id)!.train.audio)]);
      const profile = join(dir, `${owner.id}.json`);
      engineCli(['train-voice', rec, '--out', profile, '--name', owner.id]);
      const other = speakers.find((s) => s.id !== owner.id)!;
      const dry = join3([sung, upsample(panel.parts.get(other.id)!.phrase.audio), sung]);
      const source = { id: `sung+${other.id}`, kind: 'sung' as const, dry };
      for (const preview of [false, true]) {
        const load = loadavg()[0]!;
        const r = coverOne(panel, dir, owner, profile, source, preview ? ['--preview'] : []);
        rows.push({ ...r, preview, load });
        process.stderr.write(
          `${owner.id} ← ${source.id} (${(dry.length / SR).toFixed(0)} s) ${preview ? 'preview' : 'no preview'}: stem ${r.stemShare} llr ${r.stemMedianLlr} cover ${r.coverShare} gross ${r.pitch.grossPct} % median ${r.pitch.medianCents} c\n`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify({ role, rows }, null, 2)}\n`);
}

main();
