/**
 * Pitch by consensus of three trackers the engine does not use: RAPT and SWIPE' (SPTK) and yinfft
 * (aubio). A frame has a consensus pitch when at least two trackers hear a pitch within 50 cents of
 * each other (then the median of those that agree); other frames are left out of every score.
 */
import { JUDGE_SR, aubioYinFft, sptk } from './tools';

/** The consensus frame hop: 5 ms at 16 kHz. */
export const PITCH_HOP = 80;
const MIN_HZ = 50;
const MAX_HZ = 1100;
/** Two trackers agree when their estimates are this close (cents). */
const AGREE_CENTS = 50;

/** The three tracks, aligned on PITCH_HOP frames (0 = unvoiced). */
export interface TrackerSet {
  rapt: Float32Array;
  swipe: Float32Array;
  yinfft: Float32Array;
}

/** Runs the three trackers on a 16 kHz mono signal. */
export function runTrackers(x: Float32Array): TrackerSet {
  // SPTK's trackers expect 16-bit-scaled samples.
  const scaled = x.map((v) => v * 32768);
  const common = ['-s', String(JUDGE_SR / 1000), '-p', String(PITCH_HOP), '-L', String(MIN_HZ), '-H'];
  const rapt = sptk('pitch', ['-a', '0', ...common, String(MAX_HZ), '-o', '1'], scaled);
  const swipe = sptk('pitch', ['-a', '1', ...common, String(MAX_HZ), '-o', '1', '-t', '0.3'], scaled);
  const yinfft = aubioYinFft(x, PITCH_HOP, MIN_HZ, MAX_HZ);
  const n = Math.ceil(x.length / PITCH_HOP);
  const fit = (t: Float32Array): Float32Array => {
    const o = new Float32Array(n);
    o.set(t.subarray(0, n));
    return o;
  };
  return { rapt: fit(rapt), swipe: fit(swipe), yinfft: fit(yinfft) };
}

/** Consensus of three estimates for one frame (0 when fewer than two agree). */
export function consensusOf(values: number[]): number {
  const v = values.filter((f) => f > 0);
  let best: number[] = [];
  for (const a of v) {
    const agree = v.filter((b) => Math.abs(1200 * Math.log2(b / a)) <= AGREE_CENTS);
    if (agree.length > best.length) best = agree;
  }
  if (best.length < 2) return 0;
  best.sort((p, q) => p - q);
  return best.length === 3 ? best[1]! : Math.sqrt(best[0]! * best[1]!);
}

/** Consensus track of a set of trackers. */
export function consensusTrack(t: TrackerSet): Float32Array {
  const out = new Float32Array(t.rapt.length);
  for (let i = 0; i < out.length; i++) out[i] = consensusOf([t.rapt[i]!, t.swipe[i]!, t.yinfft[i]!]);
  return out;
}

/** The consensus pitch track of a 16 kHz mono signal. */
export function consensusPitch(x: Float32Array): Float32Array {
  return consensusTrack(runTrackers(x));
}

/** How an output's melody follows a reference moved by k semitones, on frames both have a consensus for. */
export interface PitchScore {
  /** Frames with a consensus in the reference. */
  referenceFrames: number;
  /** Share of those frames where the output has a consensus too (%). */
  comparedPct: number;
  /** Pearson correlation of log-f0 over the compared frames. */
  correlation: number;
  medianCents: number;
  /** Frames off by more than 50 cents (%). */
  grossPct: number;
  /** Frames off by an octave (1200 ± 100 cents either way) (%). */
  octavePct: number;
}

/** Scores an output's consensus track against a reference's, the reference moved by k semitones. */
export function scorePitch(ref: Float32Array, out: Float32Array, k: number): PitchScore {
  const a: number[] = [];
  const b: number[] = [];
  const err: number[] = [];
  let refFrames = 0;
  const n = Math.min(ref.length, out.length);
  for (let i = 0; i < n; i++) {
    if (!(ref[i]! > 0)) continue;
    refFrames++;
    if (!(out[i]! > 0)) continue;
    const target = 1200 * Math.log2(ref[i]!) + 100 * k;
    const got = 1200 * Math.log2(out[i]!);
    a.push(target);
    b.push(got);
    err.push(got - target);
  }
  const abs = err.map(Math.abs).sort((p, q) => p - q);
  const pct = (c: number): number => Number(((100 * c) / Math.max(1, abs.length)).toFixed(2));
  return {
    referenceFrames: refFrames,
    comparedPct: Number(((100 * abs.length) / Math.max(1, refFrames)).toFixed(1)),
    correlation: Number(pearson(a, b).toFixed(4)),
    medianCents: Number((abs[abs.length >> 1] ?? NaN).toFixed(1)),
    grossPct: pct(abs.filter((e) => e > 50).length),
    octavePct: pct(abs.filter((e) => e > 1100 && e < 1300).length),
  };
}

function pearson(a: number[], b: number[]): number {
  const n = a.length;
  if (n < 3) return NaN;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}
