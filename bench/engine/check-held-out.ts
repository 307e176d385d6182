/**
 * Keep-or-drop check for a tuning result: the held-out songs (song-set.ts HELD_OUT_SEEDS, never seen
 * by tune-separation.ts) separated block-wise with the constants before and after, vocal SDR per song
 * and the median. The official figures still come from `npm run bench:engine`.
 *
 * Run: npx tsx bench/engine/check-held-out.ts '{"maskSharpen":1}' '{"maskSharpen":2}'
 */
import {
  SEPARATION_PARAMS,
  separateBlock,
  type SeparationParams,
} from '../../packages/engine/src/separate/separate-block';
import { generateSong } from '../../packages/engine/test/support/synth-song';
import { summary } from './bench-separation';
import { sdr } from './metrics';
import { HELD_OUT_SEEDS, setSong } from './song-set';

const SECONDS = 12;
const RATIO_DB = -3;

const variants = process.argv.slice(2).map((a) => ({
  label: a,
  params: { ...SEPARATION_PARAMS, ...(JSON.parse(a) as Partial<SeparationParams>) },
}));
const scores = variants.map(() => [] as number[]);
for (const seed of HELD_OUT_SEEDS) {
  const song = generateSong(setSong(seed, SECONDS, RATIO_DB).options);
  const row = variants.map((v, i) => {
    const value = sdr(
      song.vocal,
      separateBlock(song.mix, song.sampleRate, { params: v.params, withBacking: false }).lead,
    );
    scores[i]!.push(value);
    return value.toFixed(2);
  });
  process.stderr.write(`seed ${seed}: ${row.join(' | ')}\n`);
}
variants.forEach((v, i) => {
  const s = summary(scores[i]!);
  process.stdout.write(
    `${v.label}: median ${s.median.toFixed(2)} dB, mean ${s.mean.toFixed(2)}, min ${s.min.toFixed(2)}, max ${s.max.toFixed(2)}\n`,
  );
});
