import { REF_VOWELS, resonanceDb } from './envelope';

/** Harmonic amplitudes of one voiced frame: f0 and dB at h·f0 for h = 1.. (below ~5 kHz). */
export interface HarmonicFrame {
  f0: number;
  db: number[];
}

/** Picks harmonic peak amplitudes (dB) from one magnitude spectrum frame. */
export function harmonicFrame(
  re: Float32Array,
  im: Float32Array,
  offset: number,
  bins: number,
  binHz: number,
  f0: number,
  maxHz = 5000,
): HarmonicFrame {
  const db: number[] = [];
  for (let h = 1; h * f0 < maxHz; h++) {
    const c = (h * f0) / binHz;
    const lo = Math.max(0, Math.floor(c - 0.35 * (f0 / binHz)));
    const hi = Math.min(bins - 1, Math.ceil(c + 0.35 * (f0 / binHz)));
    let m = 0;
    for (let k = lo; k <= hi; k++) m = Math.max(m, re[offset + k]! ** 2 + im[offset + k]! ** 2);
    db.push(10 * Math.log10(m + 1e-20));
  }
  return { f0, db };
}

const DYNAMIC_RANGE_DB = 40;

/**
 * Formant scale by fitting every frame's harmonic amplitudes to the best-matching reference vowel
 * scaled by α, allowing each frame its own gain and spectral tilt (the voice source), and choosing
 * the α with the least total squared error. Comparing at the harmonic frequencies themselves avoids
 * the bias of smoothing a sparsely sampled high-voice spectrum.
 */
export function fitFormantScale(frames: HarmonicFrame[]): number {
  const alphas: number[] = [];
  for (let a = 0.7; a <= 1.6; a *= 1.01) alphas.push(a);
  const cost = alphas.map((a) => {
    let total = 0;
    for (const fr of frames) {
      // Harmonics far below the frame's strongest sit in the noise floor of a real recording and
      // carry no formant information; fitting them lets a wrong scale win on noise.
      const top = Math.max(...fr.db);
      const n = fr.db.length;
      if (n < 4) continue;
      let best = Infinity;
      for (const v of REF_VOWELS) {
        // Residual r = measured − reference; remove a + b·log2 f by least squares.
        let sx = 0;
        let sy = 0;
        let sxx = 0;
        let sxy = 0;
        let syy = 0;
        let used = 0;
        for (let h = 1; h <= n; h++) {
          if (fr.db[h - 1]! < top - DYNAMIC_RANGE_DB) continue;
          used++;
          const f = h * fr.f0;
          const x = Math.log2(f);
          const y = fr.db[h - 1]! - resonanceDb(v, f, a);
          sx += x;
          sy += y;
          sxx += x * x;
          sxy += x * y;
          syy += y * y;
        }
        if (used < 4) continue;
        const vx = sxx - (sx * sx) / used;
        const cxy = sxy - (sx * sy) / used;
        const sse = (syy - (sy * sy) / used - (vx > 0 ? (cxy * cxy) / vx : 0)) / used;
        if (sse < best) best = sse;
      }
      if (best < Infinity) total += best;
    }
    return total;
  });
  let bi = 0;
  for (let i = 1; i < cost.length; i++) if (cost[i]! < cost[bi]!) bi = i;
  const a = cost[bi - 1];
  const c = cost[bi + 1];
  let d = 0;
  if (a !== undefined && c !== undefined) {
    const den = a - 2 * cost[bi]! + c;
    if (den > 0) d = Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den));
  }
  return alphas[bi]! * 1.01 ** d;
}
