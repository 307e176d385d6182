/**
 * The owner's spectral envelope per frame class. A speaker's identity lives less in a long-term
 * average than in how each kind of sound (each vowel, nasal, fricative) is shaped by their tract;
 * one global warp and EQ leaves a converted vocal judged as its source singer. Training clusters the
 * owner's speech frames into classes by a speaker-normalised feature (the envelope's cepstrum after
 * mean/variance normalisation over the recording, plus voicing) and keeps each class's mean
 * envelope. Conversion normalises the song's frames by the song's own statistics, finds each frame's
 * nearest owner classes and moves the frame's envelope onto theirs.
 */
import { ENV_GRID_HZ } from './envelope';

/** Cepstral coefficients c1…c16 of the log envelope on the grid: formant shape, not level. */
export const CLASS_CEPS = 16;
/** Feature: the normalised cepstrum and a voicing dimension. */
export const CLASS_FEATURE_DIM = CLASS_CEPS + 1;
/** Classes learnt from a training recording: about as many as a language has sound kinds. */
export const DEFAULT_CLASS_COUNT = 24;
/** Frames quieter than this under the recording's loud frames are breath or room, not speech. */
export const SPEECH_RANGE_DB = 30;
/** Voiced and unvoiced frames sit this far apart on the voicing dimension (in normalised units). */
const VOICING_WEIGHT = 1.5;
/** A class's level is the mean of its envelope between these frequencies. */
const LEVEL_BAND_HZ = [200, 6000] as const;
/** Fewer speech frames than this give classes too noisy to carry a voice. */
const MIN_FRAMES = 200;
const KMEANS_ITERATIONS = 30;

const GRID = ENV_GRID_HZ.length;
const LEVEL_BAND = ENV_GRID_HZ.map((f, i) => ({ f, i }))
  .filter(({ f }) => f >= LEVEL_BAND_HZ[0] && f <= LEVEL_BAND_HZ[1])
  .map(({ i }) => i);
/** DCT-II basis, row q−1 for coefficient q. */
const COS = Array.from({ length: CLASS_CEPS }, (_, r) =>
  Float64Array.from({ length: GRID }, (_, i) => Math.cos((Math.PI * (r + 1) * (i + 0.5)) / GRID)),
);

/** The owner's frame classes as a profile stores them. */
export interface FrameClasses {
  /** Class centres in the owner's normalised feature space (classes × CLASS_FEATURE_DIM). */
  centroids: number[][];
  /** Each class's mean envelope in dB on ENV_GRID_HZ, its level removed (classes × 64). */
  envelopesDb: number[][];
  /**
   * 'pitch': the envelopes were read as finely as each frame's pitch allows (`lifterFor`), and a
   * song is read so too; absent (profiles trained before decision 201): with the plain lifter.
   */
  envelope?: 'pitch';
}

/** A song's own normalisation and, per owner class, the song's mean envelope there. */
export interface SourceFrameStats {
  mean: number[];
  std: number[];
  /** Level (dB) of the song's loud frames; speech frames are within SPEECH_RANGE_DB of it. */
  loudDb: number;
  /** The song's mean level-free envelope per owner class (classes × 64). */
  classEnvDb: number[][];
}

/**
 * Samples a magnitude envelope (per FFT bin, `binHz` apart) onto the grid in dB, read at f / warp
 * so that the grid describes the envelope after a formant warp.
 */
export function envelopeToGridDb(
  env: ArrayLike<number>,
  binHz: number,
  warp: number,
  out: Float64Array,
): void {
  const last = env.length - 1;
  for (let i = 0; i < GRID; i++) {
    const x = Math.min(last, ENV_GRID_HZ[i]! / warp / binHz);
    const k = Math.min(last - 1, Math.floor(x));
    const fr = x - k;
    out[i] = 20 * Math.log10(env[k]! * (1 - fr) + env[k + 1]! * fr + 1e-12);
  }
}

/** Level of a grid envelope: its mean in dB over the voice band. */
export function gridLevelDb(grid: ArrayLike<number>): number {
  let s = 0;
  for (const i of LEVEL_BAND) s += grid[i]!;
  return s / LEVEL_BAND.length;
}

/** Cepstrum c1…c16 of a grid envelope (dB). */
export function cepstrumOf(grid: ArrayLike<number>, out: Float64Array): void {
  for (let r = 0; r < CLASS_CEPS; r++) {
    const b = COS[r]!;
    let s = 0;
    for (let i = 0; i < GRID; i++) s += grid[i]! * b[i]!;
    out[r] = (2 * s) / GRID;
  }
}

/** Normalised feature of a frame: (cepstrum − mean) / std, then ±VOICING_WEIGHT. */
function featureOf(
  grid: ArrayLike<number>,
  voiced: boolean,
  mean: ArrayLike<number>,
  std: ArrayLike<number>,
  out: Float64Array,
): void {
  cepstrumOf(grid, out);
  for (let r = 0; r < CLASS_CEPS; r++) out[r] = (out[r]! - mean[r]!) / std[r]!;
  out[CLASS_CEPS] = voiced ? VOICING_WEIGHT : -VOICING_WEIGHT;
}

/** Mean and spread of the cepstra of some frames (a speaker's or a song's own normalisation). */
function normalisation(grids: Float32Array[]): { mean: number[]; std: number[] } {
  const c = new Float64Array(CLASS_CEPS);
  const sum = new Float64Array(CLASS_CEPS);
  const sq = new Float64Array(CLASS_CEPS);
  for (const g of grids) {
    cepstrumOf(g, c);
    for (let r = 0; r < CLASS_CEPS; r++) {
      sum[r] = sum[r]! + c[r]!;
      sq[r] = sq[r]! + c[r]! ** 2;
    }
  }
  const n = Math.max(1, grids.length);
  const mean = Array.from(sum, (s) => s / n);
  const std = Array.from(sq, (s, r) => Math.sqrt(Math.max(1e-6, s / n - mean[r]! ** 2)));
  return { mean, std };
}

/** Frames kept as grid envelopes with voicing, and which of them are speech by level. */
export class FrameCollector {
  readonly grids: Float32Array[] = [];
  readonly voiced: boolean[] = [];
  /** The frame's f0 in Hz (0 unvoiced or unknown). */
  readonly f0: number[] = [];
  readonly levels: number[] = [];

  /** Adds one frame's grid envelope (dB), with its f0 when known. */
  add(grid: ArrayLike<number>, voiced: boolean, f0 = 0): void {
    this.grids.push(Float32Array.from(grid));
    this.voiced.push(voiced);
    this.f0.push(f0);
    this.levels.push(gridLevelDb(grid));
  }

  /** Level of the loud frames (95th percentile). */
  loudDb(): number {
    const s = [...this.levels].sort((a, b) => a - b);
    return s[Math.floor(s.length * 0.95)] ?? -240;
  }

  /** Indices of the frames within SPEECH_RANGE_DB of the loud frames. */
  speech(): number[] {
    const loud = this.loudDb();
    const out: number[] = [];
    this.levels.forEach((l, i) => {
      if (l > loud - SPEECH_RANGE_DB) out.push(i);
    });
    return out;
  }
}

/** Seeded LCG: training gives the same profile every time. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function dist2(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let r = 0; r < a.length; r++) d += (a[r]! - b[r]!) ** 2;
  return d;
}

/** k-means with k-means++ seeding on the rows of `x` (all of one length). */
export function kmeans(
  x: Float64Array[],
  k: number,
  seed: number,
): { centres: Float64Array[]; label: Int32Array } {
  const dim = x[0]!.length;
  const rand = rng(seed);
  const centres: Float64Array[] = [Float64Array.from(x[Math.floor(rand() * x.length)]!)];
  const d = x.map((v) => dist2(v, centres[0]!));
  while (centres.length < k) {
    const total = d.reduce((a, b) => a + b, 0);
    let pick = rand() * total;
    let i = 0;
    while (i < x.length - 1 && pick > d[i]!) pick -= d[i++]!;
    centres.push(Float64Array.from(x[i]!));
    for (let j = 0; j < x.length; j++) d[j] = Math.min(d[j]!, dist2(x[j]!, centres[centres.length - 1]!));
  }
  const label = new Int32Array(x.length);
  for (let it = 0; it < KMEANS_ITERATIONS; it++) {
    let moved = 0;
    x.forEach((v, j) => {
      const best = nearest(centres, v);
      if (best !== label[j]) moved++;
      label[j] = best;
    });
    const sums = centres.map(() => new Float64Array(dim));
    const counts = new Int32Array(k);
    x.forEach((v, j) => {
      const s = sums[label[j]!]!;
      for (let r = 0; r < dim; r++) s[r] = s[r]! + v[r]!;
      counts[label[j]!]!++;
    });
    centres.forEach((c, q) => {
      if (counts[q]! > 0) for (let r = 0; r < dim; r++) c[r] = sums[q]![r]! / counts[q]!;
    });
    if (it > 0 && moved === 0) break;
  }
  return { centres, label };
}

function nearest(centres: ArrayLike<number>[], v: ArrayLike<number>): number {
  let best = 0;
  let bestD = Infinity;
  centres.forEach((c, q) => {
    const dd = dist2(c, v);
    if (dd < bestD) {
      bestD = dd;
      best = q;
    }
  });
  return best;
}

const r1 = (x: number): number => Math.round(x * 10) / 10;
const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Learns the owner's frame classes from the collected frames (speech frames only), or undefined
 * when there are too few of them.
 */
export function fitFrameClasses(
  c: FrameCollector,
  k = DEFAULT_CLASS_COUNT,
  seed = 1,
): FrameClasses | undefined {
  const idx = c.speech();
  if (idx.length < Math.max(MIN_FRAMES, 4 * k)) return undefined;
  const grids = idx.map((i) => c.grids[i]!);
  const { mean, std } = normalisation(grids);
  const x = idx.map((i) => {
    const f = new Float64Array(CLASS_FEATURE_DIM);
    featureOf(c.grids[i]!, c.voiced[i]!, mean, std, f);
    return f;
  });
  const { centres, label } = kmeans(x, k, seed);
  const env = centres.map(() => new Float64Array(GRID));
  const counts = new Int32Array(k);
  idx.forEach((i, j) => {
    const g = c.grids[i]!;
    const lv = gridLevelDb(g);
    const e = env[label[j]!]!;
    for (let b = 0; b < GRID; b++) e[b] = e[b]! + g[b]! - lv;
    counts[label[j]!]!++;
  });
  const keep = centres.map((_, q) => q).filter((q) => counts[q]! > 0);
  return {
    centroids: keep.map((q) => Array.from(centres[q]!, r3)),
    envelopesDb: keep.map((q) => Array.from(env[q]!, (v) => r1(v / counts[q]!))),
  };
}

/** Soft class weights: nearby classes share a frame, so the envelope glides between them. */
const CLASS_SOFTNESS = 2;

function classWeights(centroids: ArrayLike<number>[], f: Float64Array, w: Float64Array): void {
  let min = Infinity;
  for (let q = 0; q < centroids.length; q++) {
    w[q] = dist2(centroids[q]!, f);
    min = Math.min(min, w[q]!);
  }
  let s = 0;
  for (let q = 0; q < centroids.length; q++) {
    w[q] = Math.exp(-(w[q]! - min) / CLASS_SOFTNESS);
    s += w[q]!;
  }
  for (let q = 0; q < centroids.length; q++) w[q] = w[q]! / s;
}

/**
 * A song's own normalisation and its mean envelope per owner class, from its lead's frames (grid
 * envelopes already read at the formant warp).
 */
export function sourceFrameStats(c: FrameCollector, classes: FrameClasses): SourceFrameStats | undefined {
  const idx = c.speech();
  if (idx.length < MIN_FRAMES / 4) return undefined;
  const { mean, std } = normalisation(idx.map((i) => c.grids[i]!));
  const k = classes.centroids.length;
  const acc = Array.from({ length: k }, () => new Float64Array(GRID));
  const wsum = new Float64Array(k);
  const f = new Float64Array(CLASS_FEATURE_DIM);
  const w = new Float64Array(k);
  for (const i of idx) {
    const g = c.grids[i]!;
    featureOf(g, c.voiced[i]!, mean, std, f);
    classWeights(classes.centroids, f, w);
    const lv = gridLevelDb(g);
    for (let q = 0; q < k; q++) {
      if (w[q]! < 1e-3) continue;
      wsum[q] = wsum[q]! + w[q]!;
      const a = acc[q]!;
      for (let b = 0; b < GRID; b++) a[b] = a[b]! + w[q]! * (g[b]! - lv);
    }
  }
  // A class the song never visits keeps the owner's own envelope: no correction comes of it.
  const classEnvDb = acc.map((a, q) =>
    wsum[q]! > 1 ? Array.from(a, (v) => v / wsum[q]!) : [...classes.envelopesDb[q]!],
  );
  return { mean, std, loudDb: c.loudDb(), classEnvDb };
}

/**
 * Share of the song's own within-class detail kept (0 = each frame takes the owner's class
 * envelope as it is, 1 = only the class means move). Some detail keeps words clear.
 */
export const SOURCE_DETAIL = 0.3;
/** The correction never moves a grid point further than this. */
const MAX_CORRECTION_DB = 24;

/** Per frame of a song, the envelope correction (dB on the grid) toward the owner's classes. */
export class FrameClassMapper {
  private readonly f = new Float64Array(CLASS_FEATURE_DIM);
  private readonly w: Float64Array;

  constructor(
    private readonly classes: FrameClasses,
    private readonly source: SourceFrameStats,
    private readonly detail = SOURCE_DETAIL,
  ) {
    this.w = new Float64Array(classes.centroids.length);
  }

  /**
   * Writes into `out` the correction of a frame whose (warped) grid envelope is `grid`: the owner's
   * class envelope plus the frame's own detail, minus the frame. Returns false (and leaves `out`
   * alone) for frames too quiet to be speech.
   */
  correction(grid: ArrayLike<number>, voiced: boolean, out: Float64Array): boolean {
    const lv = gridLevelDb(grid);
    if (lv <= this.source.loudDb - SPEECH_RANGE_DB) return false;
    const { f, w, detail } = this;
    featureOf(grid, voiced, this.source.mean, this.source.std, f);
    classWeights(this.classes.centroids, f, w);
    out.fill(0);
    for (let q = 0; q < w.length; q++) {
      const wq = w[q]!;
      if (wq < 1e-3) continue;
      const t = this.classes.envelopesDb[q]!;
      const m = this.source.classEnvDb[q]!;
      for (let b = 0; b < GRID; b++) out[b] = out[b]! + wq * (t[b]! - detail * m[b]!);
    }
    let wsum = 0;
    for (let q = 0; q < w.length; q++) if (w[q]! >= 1e-3) wsum += w[q]!;
    for (let b = 0; b < GRID; b++) {
      const shape = grid[b]! - lv;
      const d = out[b]! / wsum - (1 - detail) * shape;
      out[b] = Math.max(-MAX_CORRECTION_DB, Math.min(MAX_CORRECTION_DB, d));
    }
    return true;
  }
}
