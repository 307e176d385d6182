/**
 * Pitch-guided harmonic comb: 1 near multiples of the tracked vocal f0, 0 between them. Frames
 * without pitch get `unvoiced`, bins above `maxHz` get a neutral 0.5 because high partials of a
 * wobbling voice no longer line up with a fixed comb.
 */
export function harmonicComb(
  f0: Float32Array,
  frames: number,
  bins: number,
  sampleRate: number,
  fftSize: number,
  opts: { unvoiced: number; maxHz: number },
): Float32Array {
  const out = new Float32Array(frames * bins);
  const binHz = sampleRate / fftSize;
  const kMax = Math.min(bins, Math.ceil(opts.maxHz / binHz));
  for (let t = 0; t < frames; t++) {
    const o = t * bins;
    const f = f0[t] ?? 0;
    if (f <= 0) {
      out.fill(opts.unvoiced, o, o + bins);
      continue;
    }
    // Local pitch slope widens the teeth: a glide smears each partial across bins within one frame.
    const prev = f0[t - 1] ?? 0;
    const next = f0[t + 1] ?? 0;
    const slope = prev > 0 && next > 0 ? Math.abs(next - prev) / (2 * f) : 0;
    for (let k = 0; k < kMax; k++) {
      const hz = k * binHz;
      const h = Math.max(1, Math.round(hz / f));
      const dist = Math.abs(hz - h * f);
      const sigma = 0.55 * binHz + h * f * (0.012 + 2 * slope);
      out[o + k] = hz < 0.75 * f ? 0 : Math.exp(-0.5 * (dist / sigma) ** 2);
    }
    out.fill(0.5, o + kMax, o + bins);
  }
  return out;
}
