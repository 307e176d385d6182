import { medianFilter } from '../dsp/median';

/** Voiced runs shorter than this many frames are blips, not notes. */
const MIN_RUN_FRAMES = 3;
/** Median length over a run: removes single-frame octave jumps without rounding off glides. */
const SMOOTH_FRAMES = 5;

/** Calls `fn(start, end)` for every run [start, end) of consecutive voiced frames (f0 > 0). */
export function forEachVoicedRun(f0: ArrayLike<number>, fn: (start: number, end: number) => void): void {
  let i = 0;
  while (i < f0.length) {
    if (f0[i]! <= 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < f0.length && f0[j]! > 0) j++;
    fn(i, j);
    i = j;
  }
}

/** Median-filters each voiced run of a pitch track and drops runs too short to be a note. */
export function smoothVoicedRuns(f0: Float32Array): Float32Array {
  const out = new Float32Array(f0.length);
  forEachVoicedRun(f0, (i, j) => {
    if (j - i >= MIN_RUN_FRAMES) out.set(medianFilter(f0.subarray(i, j), SMOOTH_FRAMES), i);
  });
  return out;
}
