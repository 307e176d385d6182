import { fftSizeFor } from '../dsp/fft';
import { istft, stft, stftSetup, type Spectrogram } from '../dsp/stft';
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

/** Tunable constants, exposed so the benchmark can report exactly what ran. */
export const SEPARATION_PARAMS = {
  windowSec: 0.046,
  centrePower: 4,
  repetNeighbours: 10,
  repetMinDistanceSec: 0.6,
  repetMaxHz: 5000,
  harmonicPower: 1,
  combUnvoiced: 0.25,
  combMaxHz: 7000,
  combFloor: 0.03,
  pitchMinHz: 80,
  pitchVoicing: 0.25,
  repetStrength: 0,
  pitchRepet: 0.7,
  pitchWhiten: 8,
  useCentre: 1,
  useRepet: 1,
  smoothFrames: 1,
  smoothBins: 1,
};

/**
 * Soft-mask lead-vocal separation of one block: stereo-centre prior × REPET-SIM × harmonic/percussive
 * cue × pitch-guided comb, Wiener-smoothed. Mono input skips the centre prior.
 */
export function separateBlock(
  channels: Float32Array[],
  sampleRate: number,
  variant: SeparationVariant = 'full',
  /** Test hook: use this f0 (per hop) instead of tracking it, to measure the comb's ceiling. */
  f0Override?: Float32Array,
  withBacking = true,
): BlockSeparation {
  const P = SEPARATION_PARAMS;
  const len = channels[0]!.length;
  const setup = stftSetup(fftSizeFor(sampleRate, P.windowSec));
  const specs = channels.map((c) => stft(c, setup));
  const { frames, bins } = specs[0]!;
  const cells = frames * bins;
  const stereo = specs.length > 1;
  const s0 = specs[0]!;
  const s1 = specs[1] ?? s0;
  const mid: Spectrogram = stereo ? averageSpec(s0, s1) : s0;
  const mag = new Float32Array(cells);
  for (let i = 0; i < cells; i++) {
    const r = mid.re[i]!;
    const m = mid.im[i]!;
    mag[i] = Math.sqrt(r * r + m * m);
  }

  const mask = new Float32Array(cells).fill(1);
  const useCentre = stereo && variant !== 'repet' && P.useCentre > 0;
  const useRepet = variant !== 'centre' && P.useRepet > 0;
  if (useCentre) {
    for (let i = 0; i < cells; i++) {
      const cross = s0.re[i]! * s1.re[i]! + s0.im[i]! * s1.im[i]!;
      const pow = s0.re[i]! ** 2 + s0.im[i]! ** 2 + s1.re[i]! ** 2 + s1.im[i]! ** 2;
      const c = pow > 1e-20 ? Math.max(0, (2 * cross) / pow) : 0;
      mask[i] = c ** P.centrePower;
    }
  }
  // REPET-SIM's residual is also the cleanest view of the voice for pitch tracking, even when the
  // mask itself only takes a fraction of it (a repeated melody line is partly "repeating" too).
  const pitchMask = new Float32Array(mask);
  let repetRatio: Float32Array | undefined;
  // In the full variant REPET only acts on unvoiced frames and, through the pitch mask, on the bins
  // the salience tracker reads; the medians for the rest are never used, so they are not computed.
  const partialRepet = variant === 'full' && P.repetStrength === 0;
  const pitchBins = partialRepet
    ? Math.min(bins, Math.ceil((PITCH_MAX_HZ * setup.fft.size) / sampleRate) + P.pitchWhiten + 2)
    : bins;
  let near: Int32Array | undefined;
  let W: Float32Array | undefined;
  if (useRepet) {
    repetRatio = new Float32Array(cells);
    near = repetNeighbours(mag, frames, bins, {
      neighbours: P.repetNeighbours,
      minDistance: Math.round((P.repetMinDistanceSec * sampleRate) / setup.hop),
      featureBins: Math.min(bins, Math.round((P.repetMaxHz * setup.fft.size) / sampleRate)),
    });
    W = new Float32Array(cells);
    for (let t = 0; t < frames; t++) {
      repetBackground(mag, bins, near, P.repetNeighbours, t, 0, pitchBins, W);
      for (let i = t * bins; i < t * bins + pitchBins; i++) {
        const v = mag[i]!;
        const r = v > 1e-12 ? W[i]! / v : 1;
        repetRatio[i] = r * r;
        pitchMask[i] = pitchMask[i]! * (1 - P.pitchRepet * r * r);
      }
    }
  }
  if (variant === 'full' && P.harmonicPower > 0) {
    const H = harmonicMask(
      mag,
      frames,
      bins,
      13,
      Math.min(bins, Math.round((P.combMaxHz * setup.fft.size) / sampleRate)),
    );
    for (let i = 0; i < cells; i++) mask[i] = mask[i]! * H[i]! ** P.harmonicPower;
  }
  const prelim = wienerSmooth(mask, mag, frames, bins, P.smoothFrames, P.smoothBins);
  // Pitch comes from the preliminary vocal, where the accompaniment is already mostly gone.
  const pmag = new Float32Array(cells);
  for (let i = 0; i < cells; i++) pmag[i] = mag[i]! * pitchMask[i]!;
  const f0 =
    f0Override ??
    salienceTrack(pmag, frames, bins, sampleRate, setup.fft.size, {
      minHz: P.pitchMinHz,
      voicingRatio: P.pitchVoicing,
      whitenBins: P.pitchWhiten,
    });
  if (repetRatio && near && W && pitchBins < bins) {
    for (let t = 0; t < frames; t++) {
      if ((f0[t] ?? 0) > 0) continue;
      repetBackground(mag, bins, near, P.repetNeighbours, t, pitchBins, bins, W);
      for (let i = t * bins + pitchBins; i < (t + 1) * bins; i++) {
        const v = mag[i]!;
        const r = v > 1e-12 ? W[i]! / v : 1;
        repetRatio[i] = r * r;
      }
    }
  }
  if (repetRatio) {
    // Where the voice is tracked, the comb already separates it and REPET would also eat a repeated
    // melody; REPET earns its place between phrases (drums, pads) and in variants without a comb.
    const voicedStrength = variant === 'full' ? P.repetStrength : 1;
    for (let t = 0; t < frames; t++) {
      const s = (f0[t] ?? 0) > 0 ? voicedStrength : 1;
      for (let k = 0; k < bins; k++) {
        const i = t * bins + k;
        mask[i] = mask[i]! * (1 - s * repetRatio[i]!);
      }
    }
  }
  let lead =
    variant === 'full' ? prelim : wienerSmooth(mask, mag, frames, bins, P.smoothFrames, P.smoothBins);
  if (variant === 'full') {
    const comb = harmonicComb(f0, frames, bins, sampleRate, setup.fft.size, {
      unvoiced: P.combUnvoiced,
      maxHz: P.combMaxHz,
    });
    const raw = new Float32Array(cells);
    for (let i = 0; i < cells; i++) raw[i] = mask[i]! * (P.combFloor + (1 - P.combFloor) * comb[i]!);
    lead = wienerSmooth(raw, mag, frames, bins, P.smoothFrames, P.smoothBins);
  }
  const backingMask = new Float32Array(cells);
  for (let i = 0; i < cells; i++) backingMask[i] = Math.max(0, prelim[i]! - lead[i]!);
  const ltas = new Float64Array(bins);
  let ltasFrames = 0;
  for (let t = 0; t < frames; t++) {
    if ((f0[t] ?? 0) <= 0) continue;
    ltasFrames++;
    for (let k = 0; k < bins; k++) ltas[k] = ltas[k]! + (mag[t * bins + k]! * lead[t * bins + k]!) ** 2;
  }
  return {
    ltas,
    ltasFrames,
    fftSize: setup.fft.size,
    lead: specs.map((s) => istft(s.re, s.im, frames, setup, len, lead)),
    backing: withBacking
      ? specs.map((s) => istft(s.re, s.im, frames, setup, len, backingMask))
      : specs.map(() => new Float32Array(len)),
    f0: f0.subarray(0, frames),
    hop: setup.hop,
  };
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
