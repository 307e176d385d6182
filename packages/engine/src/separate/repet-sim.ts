import { medianInPlace } from '../dsp/median';

/** REPET-SIM tuning. */
export interface RepetSimOptions {
  /** Frames compared at most this many (most similar) per frame. */
  neighbours: number;
  /** Minimum distance between similar frames (frames), so a note is not its own repetition. */
  minDistance: number;
  /** Highest bin used for the similarity features. */
  featureBins: number;
}

/**
 * REPET-SIM (Rafii & Pardo 2012): finds, for every frame, the frames most similar to it, takes the
 * per-bin median of their magnitudes as the repeating background and clamps it to the mixture.
 * Returns W (same layout as `mag`) with W <= mag.
 */
export function repetSim(mag: Float32Array, frames: number, bins: number, o: RepetSimOptions): Float32Array {
  const near = repetNeighbours(mag, frames, bins, o);
  const W = new Float32Array(frames * bins);
  for (let t = 0; t < frames; t++) repetBackground(mag, bins, near, o.neighbours, t, 0, bins, W);
  return W;
}

/** For every frame, its most similar frames (−1 = none), `K` per frame. */
export function repetNeighbours(
  mag: Float32Array,
  frames: number,
  bins: number,
  o: RepetSimOptions,
): Int32Array {
  // Features: sqrt-compressed magnitudes, pooled in fours of bins, unit-normalised (cosine similarity).
  const pool = 4;
  const dim = Math.max(8, Math.floor(o.featureBins / pool));
  const feat = new Float32Array(frames * dim);
  for (let t = 0; t < frames; t++) {
    let norm = 0;
    for (let d = 0; d < dim; d++) {
      let acc = 0;
      for (let q = 0; q < pool; q++) acc += mag[t * bins + pool * d + q] ?? 0;
      const v = Math.sqrt(acc);
      feat[t * dim + d] = v;
      norm += v * v;
    }
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dim; d++) feat[t * dim + d] = feat[t * dim + d]! * inv;
  }
  const K = o.neighbours;
  const bestIdx = new Int32Array(frames * K).fill(-1);
  const bestSim = new Float32Array(frames * K).fill(-1);
  // Symmetric similarity: each pair computed once and offered to both frames' top-K lists.
  for (let a = 0; a < frames; a++) {
    const fa = a * dim;
    for (let b = a + o.minDistance; b < frames; b++) {
      const fb = b * dim;
      let s = 0;
      for (let d = 0; d < dim; d++) s += feat[fa + d]! * feat[fb + d]!;
      offer(bestIdx, bestSim, a * K, K, b, s);
      offer(bestIdx, bestSim, b * K, K, a, s);
    }
  }
  for (let i = 0; i < bestIdx.length; i++) if (!(bestSim[i]! > 0)) bestIdx[i] = -1;
  return bestIdx;
}

/**
 * Writes W for frame `t`, bins [k0, k1): the per-bin median of the neighbours' magnitudes, clamped
 * to the mixture. Callers that need only part of the spectrogram skip the rest (the medians are
 * most of REPET's cost).
 */
export function repetBackground(
  mag: Float32Array,
  bins: number,
  near: Int32Array,
  K: number,
  t: number,
  k0: number,
  k1: number,
  W: Float32Array,
): void {
  const idx: number[] = [];
  for (let i = 0; i < K; i++) {
    const j = near[t * K + i]!;
    if (j >= 0) idx.push(j * bins);
  }
  const n = idx.length;
  if (n === 0) return;
  const buf = scratch.length > n ? scratch : (scratch = new Float64Array(n + 1));
  const o2 = t * bins;
  for (let k = k0; k < k1; k++) {
    for (let i = 0; i < n; i++) buf[i] = mag[idx[i]! + k]!;
    const m = medianInPlace(buf, n);
    const v = mag[o2 + k]!;
    W[o2 + k] = m < v ? m : v;
  }
}

let scratch = new Float64Array(16);

function offer(idx: Int32Array, sim: Float32Array, base: number, K: number, j: number, s: number): void {
  // Lists are kept sorted descending; the last slot is the weakest.
  if (s <= sim[base + K - 1]!) return;
  let p = K - 1;
  while (p > 0 && sim[base + p - 1]! < s) {
    sim[base + p] = sim[base + p - 1]!;
    idx[base + p] = idx[base + p - 1]!;
    p--;
  }
  sim[base + p] = s;
  idx[base + p] = j;
}
