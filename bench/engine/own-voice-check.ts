/**
 * Own voices, judged from outside. For each owner of the chosen set (tuning or reporting speakers,
 * `bench/engine/judge/corpus.ts`), the engine trains a voice from the owner's 95 s recording, then
 * covers (a) another speaker's phrase over real loops and (b) real sung phrases over the same loops
 * in that voice. The judge (SPTK/aubio, never the engine) then measures:
 *   - likeness: the share of 1.5 s windows its speaker models give to the owner over every other
 *     speaker, on the cover and on the converted vocal stem alone (and on the source, unconverted);
 *   - pitch: the converted stem's consensus pitch against the dry source's, moved by the key.
 *
 * Run: npx tsx bench/engine/own-voice-check.ts [tuning|reporting] [owner]  (JSON on stdout)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWav } from '../../packages/engine/src/io/wav';
import { coverOne, type OwnVoiceRow } from './judge/cover-judged';
import { SONG_SR as SR, engineCli as cli, upsample } from './judge/engine-cli';
import { buildPanel } from './judge/panel';
import { judgeToolsMissing } from './judge/tools';
import { sungLine } from './scratch-sounds';

function main(): void {
  const role = (process.argv[2] ?? 'reporting') as 'tuning' | 'reporting';
  const missing = judgeToolsMissing();
  if (missing) throw new Error(`the judge needs: ${missing}`);
  const log = (s: string): void => void process.stderr.write(`${s}\n`);
  const panel = buildPanel(log);
  const only = process.argv[3];
  const owners = panel.speakers.filter(
    (s) => s.role === role && (panel.parts.get(s.id)?.train.seconds ?? 0) > 30 && (!only || s.id === only),
  );
  const speechSources = panel.speakers.filter((s) => s.role === role);
  const sung = sungLine(SR);
  const dir = mkdtempSync(join(tmpdir(), 'own-voice-'));
  const rows: OwnVoiceRow[] = [];
  const profiles: Record<string, unknown>[] = [];
  try {
    for (const owner of owners) {
      const rec = join(dir, `${owner.id}.wav`);
      writeWav(rec, SR, [upsample(panel.parts.get(owner.id)!.train.audio)]);
      const profilePath = join(dir, `${owner.id}.json`);
      log(`own voice: training ${owner.id}`);
      cli(['train-voice', rec, '--out', profilePath, '--name', owner.id]);
      const p = JSON.parse(readFileSync(profilePath, 'utf8')) as Record<string, unknown>;
      profiles.push({
        owner: owner.id,
        sex: owner.sex,
        formantScale: p['formantScale'],
        vibrato: p['vibrato'],
        pitch: p['pitch'],
        breathiness: p['breathiness'],
      });
      const sources = [
        ...speechSources
          .filter((s) => s.id !== owner.id)
          .map((s) => ({
            id: s.id,
            kind: 'speech' as const,
            dry: upsample(panel.parts.get(s.id)!.phrase.audio),
          })),
        { id: 'scratch-sung', kind: 'sung' as const, dry: sung },
      ];
      for (const src of sources) {
        log(`own voice: ${src.id} → ${owner.id}`);
        rows.push(coverOne(panel, dir, owner, profilePath, src));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(
    `${JSON.stringify({ role, missingSpeakers: panel.missing, profiles, rows }, null, 2)}\n`,
  );
}

main();
