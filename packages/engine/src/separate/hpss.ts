import { slidingMedian } from '../dsp/median';

/**
 * Harmonic/percussive soft mask (Fitzgerald 2010): median along time keeps sustained partials,
 * median along frequency keeps broadband hits. Returns H²/(H²+P²) per bin.
 */
export function harmonicMask(
  mag: Float32Array,
  frames: number,
  bins: number,
  width = 13,
  /** Bins at and above this are left neutral (1): the voice's harmonics that matter sit below ~8 kHz. */
  maxBin = bins,
): Float32Array {
  const h = width >> 1;
  const out = new Float32Array(frames * bins).fill(1);
  const win = new Float64Array(width + 1);
  const H = new Float32Array(frames * bins);
  const P = new Float32Array(frames * bins);
  // Median along time per bin (sustained partials), along frequency per frame (broadband hits).
  for (let k = 0; k < maxBin; k++) slidingMedian(mag, k, bins, frames, h, frames, H, k, bins, win);
  for (let t = 0; t < frames; t++) slidingMedian(mag, t * bins, 1, bins, h, maxBin, P, t * bins, 1, win);
  for (let t = 0; t < frames; t++) {
    const o = t * bins;
    for (let k = 0; k < maxBin; k++) {
      const hh = H[o + k]!;
      const p = P[o + k]!;
      const den = hh * hh + p * p;
      out[o + k] = den > 0 ? (hh * hh) / den : 0.5;
    }
  }
  return out;
}
