import { analysisFftSize, istft, stft, stftSetup, type Spectrogram, type StftSetup } from '../dsp/stft';
import { salienceTrack } from '../pitch/salience';
import { harmonicComb } from './comb';
import { harmonicMask } from './hpss';
import { repetBackground, repetNeighbours } from './repet-sim';

/** Which cues the vocal mask uses; `full` is the default, the others exist for the benchmark. */
export type SeparationVariant = 'centre' | 'repet' | 'centre-repet' | 'full';

/** Result of separating one block. */
export interface BlockSeparation {
  /** Lead vocal per input channel. */
  lead: Float32Array[];
  /** Centre/non-repeating content that is not on the lead's harmonics (harmonies, doubles, centred instruments). */
  backing: Float32Array[];
  /** Lead-vocal f0 per STFT hop (0 = unvoiced). */
  f0: Float32Array;
  hop: number;
  /** Sum of the lead's power spectrum over voiced frames (long-term average spectrum numerator). */
  ltas: Float64Array;
  ltasFrames: number;
  fftSize: number;
}

/** Highest frequency the salience tracker reads (its harmonic sums stop at 6 kHz, plus half an f0). */
const PITCH_MAX_HZ = 6600;
/** Median length (frames and bins) of the harmonic/percussive cue. */
const HPSS_MEDIAN = 13;

/**
 * Tunable constants of the separation, exposed so the benchmark reports exactly what ran. The values
 * come from bench/engine/tune-separation.ts on its tuning songs (bench/engine/tuning.md).
 */
export const SEPARATION_PARAMS = {
  /** Exponent of the stereo-centre prior: higher keeps only what is very nearly centred. */
  centrePower: 3,
  /**
   * How much the centre prior asks for equal phase in both channels (1) rather than equal level (0).
   * Level alone survives a vocal that is slightly delayed or coloured on one side.
   */
  centrePhase: 0,
  /** REPET-SIM: how many similar frames make the repeating background. */
  repetNeighbours: 10,
  /** REPET-SIM: similar frames lie at least this far apart, so a held note is not its own repetition. */
  repetMinDistanceSec: 0.6,
  /** REPET-SIM: highest frequency of the frame-similarity features. */
  repetMaxHz: 5000,
  /** Comb value in frames without a tracked pitch. */
  combUnvoiced: 0.25,
  /** Comb and harmonic cue stop here; above, a wobbling voice's partials no longer line up. */
  combMaxHz: 7000,
  /** Share of the mask the comb never takes away (keeps consonants and breath of the lead). */
  combFloor: 0.03,
  /** Lowest lead-vocal pitch the salience tracker looks for. */
  pitchMinHz: 80,
  /** Frames whose salience is under this share of the block's 90th percentile are unvoiced. */
  pitchVoicing: 0.35,
  /** How much of the repeating background is removed from the spectrum the pitch tracker reads. */
  pitchRepet: 0.7,
  /** Half-width (bins) of the whitening before harmonic summation. */
  pitchWhiten: 8,
  /** Wiener smoothing half-widths, in frames and in bins. */
  smoothFrames: 1,
  smoothBins: 1,
  /**
   * Exponent of the final soft mask as a generalised Wiener filter, m^p / (m^p + (1 − m)^p): 1 keeps
   * the smoothed mask, above 1 pushes cells that are mostly vocal or mostly accompaniment further
   * toward one side.
   */
  maskSharpen: 1,
};

/** The separation's tunable constants (see SEPARATION_PARAMS). */
export type SeparationParams = typeof SEPARATION_PARAMS;

/** Options of one block's separation. */
export interface SeparateBlockOptions {
  variant?: SeparationVariant;
  /** Test hook: use this f0 (per hop) instead of tracking it, to measure the comb's ceiling. */
  f0Override?: Float32Array;
  /** Synthesise the backing stem (default true). */
  withBacking?: boolean;
  /** Constants to use instead of SEPARATION_PARAMS (the tuning script tries others). */
  params?: SeparationParams;
}

/** The spectra of one block and the geometry every step shares. */
interface BlockSpectra {
  setup: StftSetup;
  sampleRate: number;
  /** Spectrum of each input channel. */
  specs: Spectrogram[];
  frames: number;
  bins: number;
  /** Magnitude of the mid (or only) channel, frame-major. */
  mag: Float32Array;
}

/** REPET-SIM state: neighbours per frame and the background/mixture power ratio per cell. */
interface RepetState {
  near: Int32Array;
  background: Float32Array;
  ratio: Float32Array;
}

/**
 * Soft-mask lead-vocal separation of one block: stereo-centre prior × REPET-SIM × harmonic/percussive
 * cue × pitch-guided comb, Wiener-smoothed. Mono input skips the centre prior.
 */
export function separateBlock(
  channels: Float32Array[],
  sampleRate: number,
  opts: SeparateBlockOptions = {},
): BlockSeparation {
  const P = opts.params ?? SEPARATION_PARAMS;
  const variant = opts.variant ?? 'full';
  const full = variant === 'full';
  const len = channels[0]!.length;
  const block = analyseBlock(channels, sampleRate);
  const { frames, bins, mag, setup, specs } = block;
  const cells = frames * bins;
  const useCentre = specs.length > 1 && variant !== 'repet';
  const mask = useCentre
    ? centrePrior(specs[0]!, specs[1]!, P.centrePower, P.centrePhase)
    : new Float32Array(cells).fill(1);
  // REPET-SIM's residual is also the cleanest view of the voice for pitch tracking, even when the
  // mask itself only takes a fraction of it (a repeated melody line is partly "repeating" too).
  const pitchMask = new Float32Array(mask);
  // In the full variant REPET acts only on unvoiced frames and, through the pitch mask, on the bins
  // the salience tracker reads; the other medians are never used, so they are not computed yet.
  const pitchBins = full ? Math.min(bins, hzToBin(PITCH_MAX_HZ, block) + P.pitchWhiten + 2) : bins;
  const repet = variant === 'centre' ? undefined : startRepet(block, P, pitchBins, pitchMask);
  if (full) applyHarmonicCue(mask, block, P);
  const prelim = wienerSmooth(mask, mag, frames, bins, P.smoothFrames, P.smoothBins);
  // Pitch comes from the preliminary vocal, where the accompaniment is already mostly gone.
  const f0 = opts.f0Override ?? trackLeadPitch(block, pitchMask, P);
  let lead = prelim;
  if (repet) {
    if (pitchBins < bins) finishRepetUnvoiced(block, P, repet, pitchBins, f0);
    // Where the voice is tracked, the comb already separates it and REPET would also eat a repeated
    // melody; REPET earns its place between phrases (drums, pads) and in variants without a comb.
    removeRepeating(mask, repet.ratio, f0, block, full ? 0 : 1);
    if (!full) lead = wienerSmooth(mask, mag, frames, bins, P.smoothFrames, P.smoothBins);
  }
  if (full) lead = combLead(mask, f0, block, P);
  const backingMask = new Float32Array(cells);
  for (let i = 0; i < cells; i++) backingMask[i] = Math.max(0, prelim[i]! - lead[i]!);
  const { ltas, ltasFrames } = voicedLtas(block, lead, f0);
  return {
    ltas,
    ltasFrames,
    fftSize: setup.fft.size,
    lead: specs.map((s) => istft(s.re, s.im, frames, setup, len, lead)),
    backing:
      opts.withBacking === false
        ? specs.map(() => new Float32Array(len))
        : specs.map((s) => istft(s.re, s.im, frames, setup, len, backingMask)),
    f0: f0.subarray(0, frames),
    hop: setup.hop,
  };
}

/** STFT of every channel and the magnitude of their mid signal. */
function analyseBlock(channels: Float32Array[], sampleRate: number): BlockSpectra {
  const setup = stftSetup(analysisFftSize(sampleRate));
  const specs = channels.map((c) => stft(c, setup));
  const { frames, bins } = specs[0]!;
  const mid = specs.length > 1 ? averageSpec(specs[0]!, specs[1]!) : specs[0]!;
  const mag = new Float32Array(frames * bins);
  for (let i = 0; i < mag.length; i++) {
    const r = mid.re[i]!;
    const m = mid.im[i]!;
    mag[i] = Math.sqrt(r * r + m * m);
  }
  return { setup, sampleRate, specs, frames, bins, mag };
}

function hzToBin(hz: number, b: BlockSpectra): number {
  return Math.ceil((hz * b.setup.fft.size) / b.sampleRate);
}

/**
 * Per cell, how alike left and right are (1 = identical, 0 = unrelated, opposite or one-sided), to
 * a power: a blend of phase-and-level agreement and level agreement alone.
 */
function centrePrior(s0: Spectrogram, s1: Spectrogram, power: number, phase: number): Float32Array {
  const out = new Float32Array(s0.re.length);
  for (let i = 0; i < out.length; i++) {
    const p0 = s0.re[i]! ** 2 + s0.im[i]! ** 2;
    const p1 = s1.re[i]! ** 2 + s1.im[i]! ** 2;
    const pow = p0 + p1;
    if (pow <= 1e-20) continue;
    const cross = s0.re[i]! * s1.re[i]! + s0.im[i]! * s1.im[i]!;
    const withPhase = Math.max(0, (2 * cross) / pow);
    const c = phase === 1 ? withPhase : phase * withPhase + ((1 - phase) * 2 * Math.sqrt(p0 * p1)) / pow;
    out[i] = c ** power;
  }
  return out;
}

/**
 * Finds every frame's repeating neighbours and the background ratio of the bins under `pitchBins`,
 * and takes that background out of the pitch tracker's view (`pitchMask`).
 */
function startRepet(
  b: BlockSpectra,
  P: SeparationParams,
  pitchBins: number,
  pitchMask: Float32Array,
): RepetState {
  const { mag, frames, bins } = b;
  const ratio = new Float32Array(frames * bins);
  const near = repetNeighbours(mag, frames, bins, {
    neighbours: P.repetNeighbours,
    minDistance: Math.round((P.repetMinDistanceSec * b.sampleRate) / b.setup.hop),
    featureBins: Math.min(bins, Math.round((P.repetMaxHz * b.setup.fft.size) / b.sampleRate)),
  });
  const background = new Float32Array(frames * bins);
  for (let t = 0; t < frames; t++) {
    repetBackground(mag, bins, near, P.repetNeighbours, t, 0, pitchBins, background);
    for (let i = t * bins; i < t * bins + pitchBins; i++) {
      const v = mag[i]!;
      const r = v > 1e-12 ? background[i]! / v : 1;
      ratio[i] = r * r;
      pitchMask[i] = pitchMask[i]! * (1 - P.pitchRepet * r * r);
    }
  }
  return { near, background, ratio };
}

/** The background ratio above `pitchBins` in unvoiced frames, the only cells the full mask still needs. */
function finishRepetUnvoiced(
  b: BlockSpectra,
  P: SeparationParams,
  repet: RepetState,
  pitchBins: number,
  f0: Float32Array,
): void {
  const { mag, frames, bins } = b;
  for (let t = 0; t < frames; t++) {
    if ((f0[t] ?? 0) > 0) continue;
    repetBackground(mag, bins, repet.near, P.repetNeighbours, t, pitchBins, bins, repet.background);
    for (let i = t * bins + pitchBins; i < (t + 1) * bins; i++) {
      const v = mag[i]!;
      const r = v > 1e-12 ? repet.background[i]! / v : 1;
      repet.ratio[i] = r * r;
    }
  }
}

/** Multiplies the mask by the harmonic share of each cell (sustained partials, not drum hits). */
function applyHarmonicCue(mask: Float32Array, b: BlockSpectra, P: SeparationParams): void {
  const H = harmonicMask(
    b.mag,
    b.frames,
    b.bins,
    HPSS_MEDIAN,
    Math.min(b.bins, hzToBinRound(P.combMaxHz, b)),
  );
  for (let i = 0; i < mask.length; i++) mask[i] = mask[i]! * H[i]!;
}

function hzToBinRound(hz: number, b: BlockSpectra): number {
  return Math.round((hz * b.setup.fft.size) / b.sampleRate);
}

/** Lead-vocal f0 per frame by harmonic salience on the mixture seen through `pitchMask`. */
function trackLeadPitch(b: BlockSpectra, pitchMask: Float32Array, P: SeparationParams): Float32Array {
  const pmag = new Float32Array(b.mag.length);
  for (let i = 0; i < pmag.length; i++) pmag[i] = b.mag[i]! * pitchMask[i]!;
  return salienceTrack(pmag, b.frames, b.bins, b.sampleRate, b.setup.fft.size, {
    minHz: P.pitchMinHz,
    voicingRatio: P.pitchVoicing,
    whitenBins: P.pitchWhiten,
  });
}

/** Removes the repeating background from the mask: fully in unvoiced frames, `voicedStrength` in voiced ones. */
function removeRepeating(
  mask: Float32Array,
  ratio: Float32Array,
  f0: Float32Array,
  b: BlockSpectra,
  voicedStrength: number,
): void {
  for (let t = 0; t < b.frames; t++) {
    const s = (f0[t] ?? 0) > 0 ? voicedStrength : 1;
    for (let k = 0; k < b.bins; k++) {
      const i = t * b.bins + k;
      mask[i] = mask[i]! * (1 - s * ratio[i]!);
    }
  }
}

/** The lead's mask: the cues so far times a comb on the tracked pitch's harmonics, Wiener-smoothed. */
function combLead(mask: Float32Array, f0: Float32Array, b: BlockSpectra, P: SeparationParams): Float32Array {
  const comb = harmonicComb(f0, b.frames, b.bins, b.sampleRate, b.setup.fft.size, {
    unvoiced: P.combUnvoiced,
    maxHz: P.combMaxHz,
  });
  const raw = new Float32Array(mask.length);
  for (let i = 0; i < raw.length; i++) raw[i] = mask[i]! * (P.combFloor + (1 - P.combFloor) * comb[i]!);
  const smooth = wienerSmooth(raw, b.mag, b.frames, b.bins, P.smoothFrames, P.smoothBins);
  if (P.maskSharpen !== 1) sharpen(smooth, P.maskSharpen);
  return smooth;
}

/** Generalised Wiener exponent on a soft mask, in place (see SEPARATION_PARAMS.maskSharpen). */
function sharpen(mask: Float32Array, p: number): void {
  for (let i = 0; i < mask.length; i++) {
    const m = Math.min(1, Math.max(0, mask[i]!));
    const v = m ** p;
    const a = (1 - m) ** p;
    mask[i] = v + a > 1e-20 ? v / (v + a) : 0;
  }
}

/** Power spectrum of the lead summed over voiced frames (the converter's long-term envelope). */
function voicedLtas(
  b: BlockSpectra,
  lead: Float32Array,
  f0: Float32Array,
): { ltas: Float64Array; ltasFrames: number } {
  const { frames, bins, mag } = b;
  const ltas = new Float64Array(bins);
  let ltasFrames = 0;
  for (let t = 0; t < frames; t++) {
    if ((f0[t] ?? 0) <= 0) continue;
    ltasFrames++;
    for (let k = 0; k < bins; k++) ltas[k] = ltas[k]! + (mag[t * bins + k]! * lead[t * bins + k]!) ** 2;
  }
  return { ltas, ltasFrames };
}

function averageSpec(a: Spectrogram, b: Spectrogram): Spectrogram {
  const re = new Float32Array(a.re.length);
  const im = new Float32Array(a.im.length);
  for (let i = 0; i < re.length; i++) {
    re[i] = 0.5 * (a.re[i]! + b.re[i]!);
    im[i] = 0.5 * (a.im[i]! + b.im[i]!);
  }
  return { re, im, frames: a.frames, bins: a.bins };
}

/** Turns a raw mask into vocal/accompaniment power estimates, box-smooths both and re-forms the ratio. */
function wienerSmooth(
  raw: Float32Array,
  mag: Float32Array,
  frames: number,
  bins: number,
  rt: number,
  rk: number,
): Float32Array {
  const out = new Float32Array(frames * bins);
  for (let t = 0; t < frames; t++) {
    for (let k = 0; k < bins; k++) {
      let pv = 0;
      let pt = 0;
      for (let dt = -rt; dt <= rt; dt++) {
        const tt = t + dt;
        if (tt < 0 || tt >= frames) continue;
        for (let dk = -rk; dk <= rk; dk++) {
          const kk = k + dk;
          if (kk < 0 || kk >= bins) continue;
          const i = tt * bins + kk;
          const p = mag[i]! * mag[i]!;
          pv += raw[i]! * p;
          pt += p;
        }
      }
      out[t * bins + k] = pt > 1e-20 ? pv / pt : 0;
    }
  }
  return out;
}
