/**
 * Tunes the separation's constants on the tuning songs only (song-set.ts TUNING_SEEDS, never the
 * held-out seeds or the real-singing check): a coordinate search that tries each value of each
 * constant in turn and keeps a change when the mean vocal SDR goes up. Writes the path it took and
 * the result to bench/engine/tuning.md; the chosen values are then copied into SEPARATION_PARAMS.
 *
 * Run: npx tsx bench/engine/tune-separation.ts   (about 15 minutes on 2 cores)
 * TUNE_KEYS=smoothFrames,maskSharpen,smoothBins limits the search to those constants (the others keep their
 * current values); the log then appends to tuning.md instead of replacing it.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import {
  SEPARATION_PARAMS,
  separateBlock,
  type SeparationParams,
} from '../../packages/engine/src/separate/separate-block';
import { generateSong, type Song } from '../../packages/engine/test/support/synth-song';
import { sdr } from './metrics';
import { TUNING_SEEDS, setSong } from './song-set';

/** The values tried for each constant (the current value is always among them). */
const GRID: Partial<Record<keyof SeparationParams, number[]>> = {
  centrePhase: [0, 0.25, 1],
  centrePower: [2, 3, 4],
  combFloor: [0.03, 0.06, 0.1],
  combUnvoiced: [0.25, 0.4],
  pitchVoicing: [0.15, 0.25, 0.35],
  smoothFrames: [1, 2],
  maskSharpen: [1, 1.5, 2, 2.5, 3],
  smoothBins: [1, 2],
};
const ONLY = process.env['TUNE_KEYS']?.split(',').filter(Boolean);
const PASSES = 1;
const SECONDS = 12;
const RATIO_DB = -3;

function score(songs: Song[], params: SeparationParams): number {
  let total = 0;
  for (const s of songs)
    total += sdr(s.vocal, separateBlock(s.mix, s.sampleRate, { params, withBacking: false }).lead);
  return total / songs.length;
}

function main(): void {
  const songs = TUNING_SEEDS.map((seed) => generateSong(setSong(seed, SECONDS, RATIO_DB).options));
  let best: SeparationParams = { ...SEPARATION_PARAMS };
  let bestScore = score(songs, best);
  const log: string[] = [`start: mean vocal SDR ${bestScore.toFixed(3)} dB with ${JSON.stringify(best)}`];
  process.stderr.write(`${log[0]}\n`);
  for (let pass = 1; pass <= PASSES; pass++) {
    for (const [key, values] of Object.entries(GRID) as Array<[keyof SeparationParams, number[]]>) {
      if (ONLY && !ONLY.includes(key)) continue;
      for (const v of values) {
        if (best[key] === v) continue;
        const trial = { ...best, [key]: v };
        const s = score(songs, trial);
        const line = `pass ${pass}: ${key} ${best[key]} → ${v}: ${s.toFixed(3)} dB${s > bestScore + 0.01 ? ' (kept)' : ''}`;
        process.stderr.write(`${line}\n`);
        if (s > bestScore + 0.01) {
          log.push(line);
          best = trial;
          bestScore = s;
        }
      }
    }
  }
  log.push(`end: mean vocal SDR ${bestScore.toFixed(3)} dB`);
  const keys = ONLY ?? Object.keys(GRID);
  const md = [
    ...(ONLY ? [] : ['# Separation tuning', '']),
    `${ONLY ? '## Follow-up run' : 'Run'} of ${new Date().toISOString()} by \`npx tsx bench/engine/tune-separation.ts\`: coordinate search, ${PASSES} passes, on the tuning songs only (seeds ${TUNING_SEEDS.join(', ')}, ${SECONDS} s, vocal ${RATIO_DB} dB under the accompaniment, one 12 s block each, objective = mean vocal SDR). The held-out songs and the real-singing check were not looked at.`,
    '',
    'Grid:',
    '',
    ...Object.entries(GRID)
      .filter(([k]) => keys.includes(k))
      .map(([k, v]) => `- \`${k}\`: ${v.join(', ')}`),
    '',
    'Accepted steps:',
    '',
    ...log.map((l) => `- ${l}`),
    '',
    'Result (copied into `SEPARATION_PARAMS`):',
    '',
    '```json',
    JSON.stringify(best, null, 2),
    '```',
    '',
  ].join('\n');
  const file = new URL('./tuning.md', import.meta.url);
  if (ONLY) appendFileSync(file, `\n${md}`);
  else writeFileSync(file, md);
  process.stdout.write(md);
}

main();
