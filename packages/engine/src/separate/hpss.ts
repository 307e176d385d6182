import { medianInPlace } from '../dsp/median';

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
  const buf = new Float64Array(width);
  const H = new Float32Array(frames * bins);
  for (let k = 0; k < maxBin; k++) {
    for (let t = 0; t < frames; t++) {
      let n = 0;
      for (let j = Math.max(0, t - h); j <= Math.min(frames - 1, t + h); j++) buf[n++] = mag[j * bins + k]!;
      H[t * bins + k] = medianInPlace(buf, n);
    }
  }
  for (let t = 0; t < frames; t++) {
    const o = t * bins;
    for (let k = 0; k < maxBin; k++) {
      let n = 0;
      for (let j = Math.max(0, k - h); j <= Math.min(bins - 1, k + h); j++) buf[n++] = mag[o + j]!;
      const p = medianInPlace(buf, n);
      const hh = H[o + k]!;
      const den = hh * hh + p * p;
      out[o + k] = den > 0 ? (hh * hh) / den : 0.5;
    }
  }
  return out;
}
