/**
 * Is a training recording one person? People taking turns leave two groups of moments: each
 * stretch of a couple of seconds averages its phonemes out, and what is left is the speaker (mean
 * envelope shape, median pitch). One speaker's stretches form one cloud; two speakers' form two.
 * The best split of the stretches in two is found (2-means), and its separation measured along the
 * line between the groups (a Fisher ratio): a cloud cut in two gives a low ratio, two clouds a high
 * one. Tuned on the bench's tuning speakers (bench/engine/judge-results.md).
 *
 * A person never says two stretches exactly alike, but a synthesised or looped tone does: its
 * stretches fall on a few points, the spread inside each group is near zero and the ratio grows
 * without bound however small the difference between the groups (a looped 20 s test tune, one
 * voice, scored 45). So the spread inside a group is never taken below the least that real
 * speakers show (SPREAD_FLOOR); real recordings, whose spread is above it, score as before.
 */
import { CLASS_CEPS, cepstrumOf, kmeans, type FrameCollector } from './frame-classes';

/** Length of a stretch: short enough for a turn to fill it, long enough to average phonemes out. */
const WINDOW_SEC = 2;
/** A stretch needs this many voiced speech frames to be compared. */
const MIN_VOICED_FRAMES = 20;
/** Fewer stretches than this say nothing about a second voice. */
const MIN_WINDOWS = 10;
/** A split where one side holds fewer stretches than this share is one odd moment, not a person. */
const MIN_GROUP_SHARE = 0.2;
/** Cepstral coefficients compared (the broad shape of the envelope). */
const CEPS = 12;
const RESTARTS = 6;
/** 0.8 semitones, in octaves. */
const PITCH_FLOOR = 0.8 / 12;
/**
 * Least spread (standard deviation) inside a group, per feature: the 12 cepstral coefficients (dB)
 * and the median pitch (octaves). Each is the least seen inside the best split of the bench's real
 * one-speaker recordings (tuning speakers' cepstra: 1.13 dB for c0 down to 0.17 dB for c11; pitch:
 * 0.8 semitones, the flattest speaker of the cohort). Decision 151.
 */
const SPREAD_FLOOR = [1.13, 0.87, 0.45, 0.41, 0.4, 0.37, 0.25, 0.2, 0.21, 0.21, 0.18, 0.17, PITCH_FLOOR];

/** Per stretch: mean cepstrum of its voiced speech frames and its median log pitch. */
function windowFeatures(c: FrameCollector, framesPerSec: number): Float64Array[] {
  const speech = new Set(c.speech());
  const per = Math.max(1, Math.round(WINDOW_SEC * framesPerSec));
  const out: Float64Array[] = [];
  const cep = new Float64Array(CLASS_CEPS);
  for (let w = 0; w * per < c.grids.length; w++) {
    const sum = new Float64Array(CEPS);
    const pitches: number[] = [];
    for (let i = w * per; i < Math.min(c.grids.length, (w + 1) * per); i++) {
      if (!speech.has(i) || !c.voiced[i] || !(c.f0[i]! > 0)) continue;
      cepstrumOf(c.grids[i]!, cep);
      for (let r = 0; r < CEPS; r++) sum[r] = sum[r]! + cep[r]!;
      pitches.push(Math.log2(c.f0[i]!));
    }
    if (pitches.length < MIN_VOICED_FRAMES) continue;
    pitches.sort((a, b) => a - b);
    const f = new Float64Array(CEPS + 1);
    for (let r = 0; r < CEPS; r++) f[r] = sum[r]! / pitches.length;
    f[CEPS] = pitches[pitches.length >> 1]!;
    out.push(f);
  }
  return out;
}

/** Each dimension to zero mean, unit spread across stretches; returns each dimension's spread. */
function standardise(x: Float64Array[]): Float64Array {
  const dim = x[0]!.length;
  const spread = new Float64Array(dim);
  for (let r = 0; r < dim; r++) {
    let m = 0;
    for (const v of x) m += v[r]!;
    m /= x.length;
    let s = 0;
    for (const v of x) s += (v[r]! - m) ** 2;
    const sd = Math.sqrt(s / x.length) || 1;
    spread[r] = sd;
    for (const v of x) v[r] = (v[r]! - m) / sd;
  }
  return spread;
}

/**
 * Fisher ratio of a two-group split along the diagonal discriminant between the groups, with each
 * group's spread taken at least at `floor` (per dimension, in the standardised units of `x`).
 */
function fisherRatio(x: Float64Array[], label: Int32Array, floor: Float64Array): number {
  const dim = x[0]!.length;
  const n = [0, 0];
  const mean = [new Float64Array(dim), new Float64Array(dim)];
  x.forEach((v, j) => {
    const g = label[j]!;
    n[g]!++;
    for (let r = 0; r < dim; r++) mean[g]![r] = mean[g]![r]! + v[r]!;
  });
  if (Math.min(n[0]!, n[1]!) < MIN_GROUP_SHARE * x.length) return 0;
  for (const g of [0, 1]) for (let r = 0; r < dim; r++) mean[g]![r] = mean[g]![r]! / n[g]!;
  const pooled = new Float64Array(dim);
  x.forEach((v, j) => {
    for (let r = 0; r < dim; r++) pooled[r] = pooled[r]! + (v[r]! - mean[label[j]!]![r]!) ** 2;
  });
  const w = Array.from(
    pooled,
    (p, r) => (mean[0]![r]! - mean[1]![r]!) / (Math.max(p / x.length, floor[r]! ** 2) + 1e-3),
  );
  const proj = x.map((v) => v.reduce((s, q, r) => s + q * w[r]!, 0));
  const pm = [0, 0];
  proj.forEach((p, j) => (pm[label[j]!] = pm[label[j]!]! + p / n[label[j]!]!));
  const pv = [0, 0];
  proj.forEach((p, j) => (pv[label[j]!] = pv[label[j]!]! + (p - pm[label[j]!]!) ** 2 / n[label[j]!]!));
  // The least spread along the discriminant a group can have (dimensions taken as independent).
  const least = w.reduce((s, q, r) => s + q * q * floor[r]! ** 2, 0);
  return (pm[0]! - pm[1]!) ** 2 / (Math.max(pv[0]!, least) + Math.max(pv[1]!, least) + 1e-9);
}

/**
 * How clearly the recording splits into two voices (0 when it cannot be told: too few stretches).
 * `framesPerSec` is the rate of the collector's frames.
 */
export function twoVoiceRatio(c: FrameCollector, framesPerSec: number): number {
  const x = windowFeatures(c, framesPerSec);
  if (x.length < MIN_WINDOWS) return 0;
  const spread = standardise(x);
  const floor = Float64Array.from(spread, (sd, r) => SPREAD_FLOOR[r]! / sd);
  let best = 0;
  for (let seed = 1; seed <= RESTARTS; seed++) {
    const { label } = kmeans(x, 2, seed);
    best = Math.max(best, fisherRatio(x, label, floor));
  }
  return best;
}
