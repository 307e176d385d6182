import { smoothVoicedRuns } from './voiced-runs';

/** Options for spectral pitch salience. */
export interface SalienceOptions {
  minHz: number;
  maxHz: number;
  harmonics: number;
  /** Candidate grid in steps per semitone. */
  stepsPerSemitone: number;
  /** Frames whose best salience is below this fraction of the block's 90th percentile are unvoiced. */
  voicingRatio: number;
  /** Divide each frame by its local spectral average (half-width in bins, 0 = off) before summation. */
  whitenBins: number;
}

/** Harmonic sums stop here: higher partials of a voice are weak and mostly noise in a mixture. */
const MAX_HARMONIC_HZ = 6000;
/** Weight of harmonic h is 1/(h+1)^this: low harmonics count most. */
const HARMONIC_WEIGHT_EXPONENT = 0.6;
/**
 * Salience of a candidate minus this share of the energy halfway between its harmonics: a true f0
 * has nothing there, its octave below has its own harmonics there.
 */
const INTER_HARMONIC_PENALTY = 0.7;
/** Whitening divides by the local mean to this power (1 would flatten the spectrum completely). */
const WHITEN_EXPONENT = 0.9;

const DEFAULTS: SalienceOptions = {
  minHz: 80,
  maxHz: 1000,
  harmonics: 12,
  stepsPerSemitone: 8,
  voicingRatio: 0.25,
  whitenBins: 0,
};

/**
 * Predominant-pitch tracking in a mixture by harmonic summation (Klapuri 2006 style) on a
 * compressed magnitude spectrogram, with an inter-harmonic penalty that removes octave-down picks.
 * YIN alone locks onto pads and bass in mixtures; this is what the separation comb is built from.
 */
export function salienceTrack(
  mag: Float32Array,
  frames: number,
  bins: number,
  sampleRate: number,
  fftSize: number,
  options: Partial<SalienceOptions> = {},
): Float32Array {
  const o = { ...DEFAULTS, ...options };
  const binHz = sampleRate / fftSize;
  const lo = 12 * Math.log2(o.minHz / 440) + 69;
  const hi = 12 * Math.log2(o.maxHz / 440) + 69;
  const nc = Math.floor((hi - lo) * o.stepsPerSemitone) + 1;
  const candHz = new Float64Array(nc);
  for (let c = 0; c < nc; c++) candHz[c] = 440 * 2 ** ((lo + c / o.stepsPerSemitone - 69) / 12);
  const weights = new Float64Array(o.harmonics + 1);
  for (let h = 1; h <= o.harmonics; h++) weights[h] = 1 / (h + 1) ** HARMONIC_WEIGHT_EXPONENT;
  const comp = new Float64Array(bins);
  const best = new Float32Array(frames);
  const bestSal = new Float32Array(frames);
  // Whole block of salience (frames × candidates) so a Viterbi pass can pick a continuous line.
  const sal = new Float32Array(frames * nc);
  const at = (f: number): number => {
    const x = f / binHz;
    const i = Math.floor(x);
    if (i + 1 >= bins) return 0;
    const fr = x - i;
    return comp[i]! * (1 - fr) + comp[i + 1]! * fr;
  };
  for (let t = 0; t < frames; t++) {
    const off = t * bins;
    if (o.whitenBins > 0) whiten(mag, off, bins, o.whitenBins, comp);
    else for (let k = 0; k < bins; k++) comp[k] = Math.sqrt(mag[off + k]!);
    let bv = 0;
    for (let c = 0; c < nc; c++) {
      const f = candHz[c]!;
      let sv = 0;
      for (let h = 1; h <= o.harmonics; h++) {
        const fh = h * f;
        if (fh > MAX_HARMONIC_HZ) break;
        sv += weights[h]! * (at(fh) - INTER_HARMONIC_PENALTY * at(fh + 0.5 * f));
      }
      sal[t * nc + c] = sv;
      if (sv > bv) bv = sv;
    }
    bestSal[t] = bv;
  }
  const path = viterbi(sal, frames, nc, bestSal, o.stepsPerSemitone);
  for (let t = 0; t < frames; t++) {
    const bi = path[t]!;
    if (bi <= 0 || bi >= nc - 1) continue;
    const a = sal[t * nc + bi - 1]!;
    const b = sal[t * nc + bi]!;
    const cc = sal[t * nc + bi + 1]!;
    const den = a - 2 * b + cc;
    const d = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - cc)) / den)) : 0;
    best[t] = 440 * 2 ** ((lo + (bi + d) / o.stepsPerSemitone - 69) / 12);
    bestSal[t] = b;
  }
  const sorted = Float32Array.from(bestSal).sort();
  const ref = sorted[Math.floor(0.9 * (sorted.length - 1))] ?? 0;
  for (let t = 0; t < frames; t++) if (bestSal[t]! < o.voicingRatio * ref) best[t] = 0;
  return smoothVoicedRuns(best);
}

/**
 * Spectral whitening (Klapuri 2006): divides by a running mean so strong low partials of pads and
 * bass stop outweighing a voice's mid-frequency harmonics.
 */
function whiten(mag: Float32Array, off: number, bins: number, half: number, out: Float64Array): void {
  let sum = 0;
  let lo = 0;
  let hi = -1;
  for (let k = 0; k < bins; k++) {
    const a = Math.max(0, k - half);
    const b = Math.min(bins - 1, k + half);
    while (hi < b) sum += mag[off + ++hi]!;
    while (lo < a) sum -= mag[off + lo++]!;
    const mean = sum / (b - a + 1);
    out[k] = mean > 0 ? mag[off + k]! / Math.pow(mean, WHITEN_EXPONENT) : 0;
  }
}

/**
 * Continuous pitch line through the salience map: quarter-tone states, emission = salience
 * relative to the frame maximum, cost per semitone moved, and a fixed price for a leap. Returns
 * the fine candidate index per frame (local maximum within the chosen state).
 */
function viterbi(
  sal: Float32Array,
  frames: number,
  nc: number,
  frameMax: Float32Array,
  steps: number,
): Int32Array {
  const q = Math.max(1, steps >> 2);
  const ns = Math.ceil(nc / q);
  const em = new Float32Array(ns);
  let prev = new Float32Array(ns);
  let cur = new Float32Array(ns);
  const back = new Int32Array(frames * ns);
  const perSemitone = 0.08;
  const leap = 0.6;
  const reach = 8;
  for (let t = 0; t < frames; t++) {
    const mx = frameMax[t]! > 0 ? frameMax[t]! : 1;
    for (let s = 0; s < ns; s++) {
      let m = 0;
      for (let c = s * q; c < Math.min(nc, (s + 1) * q); c++) m = Math.max(m, sal[t * nc + c]!);
      em[s] = m / mx;
    }
    if (t === 0) {
      prev.set(em);
      continue;
    }
    let gBest = 0;
    for (let s = 1; s < ns; s++) if (prev[s]! > prev[gBest]!) gBest = s;
    for (let s = 0; s < ns; s++) {
      let bv = prev[gBest]! - leap;
      let bi = gBest;
      for (let d = -reach; d <= reach; d++) {
        const p = s + d;
        if (p < 0 || p >= ns) continue;
        const v = prev[p]! - (perSemitone * Math.abs(d)) / (steps / q);
        if (v > bv) {
          bv = v;
          bi = p;
        }
      }
      cur[s] = bv + em[s]!;
      back[t * ns + s] = bi;
    }
    [prev, cur] = [cur, prev];
  }
  const out = new Int32Array(frames);
  let s = 0;
  for (let i = 1; i < ns; i++) if (prev[i]! > prev[s]!) s = i;
  for (let t = frames - 1; t >= 0; t--) {
    let bc = s * q;
    for (let c = s * q; c < Math.min(nc, (s + 1) * q); c++) if (sal[t * nc + c]! > sal[t * nc + bc]!) bc = c;
    out[t] = bc;
    if (t > 0) s = back[t * ns + s]!;
  }
  return out;
}
