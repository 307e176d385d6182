import { RealFFT, hann } from '../dsp/fft';
import { analysisFftSize } from '../dsp/stft';
import {
  cepstrumBuffers,
  holdBelowFundamental,
  lifterFor,
  smoothEnvelope,
  type CepstrumBuffers,
} from './frame-envelope';
import { ENV_GRID_HZ } from './envelope';
import { envelopeToGridDb } from './frame-classes';

/** Moves a frame's envelope toward a target voice's (see FrameClassMapper). */
export interface EnvelopeCorrector {
  /** Writes the correction in dB on ENV_GRID_HZ for a frame's grid envelope; false for non-speech. */
  correction(grid: ArrayLike<number>, voiced: boolean, out: Float64Array): boolean;
}

/** Parameters of one conversion pass. */
export interface ShiftParams {
  /** Pitch shift in semitones (fractional allowed; the product uses whole semitones). */
  semitones: number;
  /** Keep the source's spectral envelope (formants) in place while shifting pitch. */
  preserveEnvelope: boolean;
  /** Multiplies formant frequencies (1 = unchanged); needs preserveEnvelope. */
  formantWarp?: number;
  /** Static EQ in dB per FFT bin, applied to the target envelope (length = bins). */
  eqDb?: Float32Array;
  /** 0..1 amount of aspiration noise added in voiced frames. */
  breathiness?: number;
  /** Added vibrato, applied only in voiced frames. */
  vibrato?: { rateHz: number; depthCents: number };
  /** Voicing per hop of this shifter (from `shifterHop`), used by breath and vibrato. */
  voiced?: Uint8Array;
  /**
   * Pitch per hop (Hz, 0 unvoiced), like `voiced`. With `envelopeMap`, each frame's envelope is
   * then as fine as its pitch allows (`lifterFor`), as the target's classes were learnt.
   */
  f0?: Float32Array;
  /** Hops inside notes sung straight (per hop, like `voiced`): the only ones vibrato is added to. */
  straight?: Uint8Array;
  /** Seed for the breath noise so renders are reproducible. */
  seed?: number;
  /** Frames per window (default 8); 4 halves the cost and is fine for instruments. */
  overlap?: number;
  /** Bins above this frequency pass through unshifted (saves time on vocals, whose air is noise). */
  maxShiftHz?: number;
  /**
   * Frame-by-frame envelope correction toward the target voice (its frame classes); replaces the
   * static EQ below `maxShiftHz` on speech frames, the EQ staying the target elsewhere.
   */
  envelopeMap?: EnvelopeCorrector;
}

/** Frames per window: 8 keeps the phase of gliding voices coherent. */
const VOCAL_OVERLAP = 8;
/** Vibrato fades in over this much continuous voicing, as trained singers do. */
const VIBRATO_FADE_IN_SEC = 0.25;
/** The envelope is refreshed this many times per window (every ~12 ms at 46 ms). */
const ENVELOPE_REFRESHES_PER_WINDOW = 4;
/** The lowest strong harmonic is looked for between these frequencies. */
const FUNDAMENTAL_MIN_HZ = 60;
const FUNDAMENTAL_MAX_HZ = 1500;
/** Breath noise level relative to the envelope, and the frequency over which it ramps in. */
const BREATH_LEVEL = 0.25;
const BREATH_RAMP_HZ = 3000;
/** A partial may drift this many bins between frames and still continue its phase. */
const PEAK_DRIFT_BINS = 2;
/** The frame-class correction glides with this time constant, so class changes do not click. */
const CORRECTION_GLIDE_SEC = 0.025;

/** Hop the shifter uses at `sampleRate` (callers align voicing tracks to it). */
export function shifterHop(sampleRate: number): number {
  return analysisFftSize(sampleRate) / VOCAL_OVERLAP;
}

/**
 * Phase-vocoder pitch shifter in the frequency domain (Bernsee-style bin remapping with true-
 * frequency phase propagation, 8x overlap). With envelope preservation each frame is split into a
 * cepstrally smoothed envelope and a flat excitation; only the excitation moves, then the (warped,
 * EQ'd) envelope is reapplied, which is what keeps a shifted voice from sounding chipmunked.
 */
export function pitchShift(x: Float32Array, sampleRate: number, p: ShiftParams): Float32Array {
  const v = new PhaseVocoder(sampleRate, p);
  const frames = Math.floor(x.length / v.hop) + 1;
  const out = new Float32Array(x.length);
  const norm = new Float32Array(x.length);
  for (let t = 0; t < frames; t++) {
    const start = t * v.hop - v.n / 2;
    v.analyse(x, start);
    const voiced = p.voiced ? p.voiced[t] === 1 : true;
    const ratio = v.frameRatio(t, p.straight ? p.straight[t] === 1 : voiced);
    v.findPeakRegions();
    v.advancePeakPhases(t, ratio);
    if (p.preserveEnvelope) v.updateEnvelope(t, voiced);
    v.remapBins(ratio);
    v.synthesise(voiced);
    v.overlapAdd(out, norm, start);
  }
  for (let i = 0; i < out.length; i++) out[i] = norm[i]! > 1e-6 ? out[i]! / norm[i]! : 0;
  return out;
}

/** State of one pitch-shifting pass; each method is one step of a frame. */
class PhaseVocoder {
  readonly n: number;
  readonly hop: number;
  private readonly bins: number;
  private readonly fft: RealFFT;
  private readonly win: Float32Array;
  private readonly buf: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly prevRe: Float64Array;
  private readonly prevIm: Float64Array;
  private readonly mag: Float64Array;
  private readonly synMag: Float64Array;
  private readonly peakPhase: Float64Array;
  // Per peak: e^{i·synthesis phase} · conj(analysis phasor), the rotation its whole region gets.
  private readonly rotRe: Float64Array;
  private readonly rotIm: Float64Array;
  /** The peak whose region each bin belongs to (−1 below the first peak). */
  private readonly owner: Int32Array;
  /** The strongest source bin landing on each output bin (−1 = none). */
  private readonly synSrc: Int32Array;
  /** Frame in which each bin was last a peak. */
  private readonly wasPeak: Int32Array;
  private readonly sumPhase: Float64Array;
  private readonly env: Float64Array;
  private readonly cepstrum: CepstrumBuffers;
  private readonly eqGain: Float64Array;
  /** Expected phase advance per hop of bin 1. */
  private readonly expected: number;
  /** Bins below this are shifted; the rest pass through. */
  private readonly kLim: number;
  private readonly envEvery: number;
  private readonly fundamentalSearch: number;
  private readonly lowest: number;
  private seed: number;
  private voicedRun = 0;
  private readonly map: ClassCorrection | undefined;

  constructor(
    private readonly sampleRate: number,
    private readonly p: ShiftParams,
  ) {
    const n = analysisFftSize(sampleRate);
    this.n = n;
    this.hop = n / (p.overlap ?? VOCAL_OVERLAP);
    const bins = n / 2 + 1;
    this.bins = bins;
    this.fft = new RealFFT(n);
    this.win = hann(n);
    this.buf = new Float64Array(n);
    this.re = new Float64Array(bins);
    this.im = new Float64Array(bins);
    this.prevRe = new Float64Array(bins);
    this.prevIm = new Float64Array(bins);
    this.mag = new Float64Array(bins);
    this.synMag = new Float64Array(bins);
    this.peakPhase = new Float64Array(bins);
    this.rotRe = new Float64Array(bins);
    this.rotIm = new Float64Array(bins);
    this.owner = new Int32Array(bins);
    this.synSrc = new Int32Array(bins);
    this.wasPeak = new Int32Array(bins).fill(-10);
    this.sumPhase = new Float64Array(bins);
    this.env = new Float64Array(bins);
    this.cepstrum = cepstrumBuffers(n);
    this.expected = (2 * Math.PI * this.hop) / n;
    // EQ gains are fixed for the whole pass: convert from dB once, not per frame.
    this.eqGain = new Float64Array(bins).fill(1);
    if (p.eqDb) for (let k = 0; k < bins; k++) this.eqGain[k] = 10 ** (p.eqDb[k]! / 20);
    this.seed = (p.seed ?? 1) >>> 0;
    this.envEvery = Math.max(1, Math.round(n / this.hop / ENVELOPE_REFRESHES_PER_WINDOW));
    this.kLim = Math.min(bins, Math.ceil(((p.maxShiftHz ?? sampleRate) * n) / sampleRate));
    this.fundamentalSearch = Math.round((FUNDAMENTAL_MAX_HZ * n) / sampleRate);
    this.lowest = Math.ceil((FUNDAMENTAL_MIN_HZ * n) / sampleRate);
    this.map =
      p.envelopeMap && p.preserveEnvelope
        ? new ClassCorrection(
            p.envelopeMap,
            sampleRate,
            n,
            this.kLim,
            p,
            1 - Math.exp(-(this.envEvery * this.hop) / sampleRate / CORRECTION_GLIDE_SEC),
          )
        : undefined;
  }

  /** Windows the frame starting at `start` (zero outside the signal), transforms it, takes magnitudes. */
  analyse(x: Float32Array, start: number): void {
    const { n, buf, win, re, im, mag } = this;
    for (let i = 0; i < n; i++) {
      const j = start + i;
      buf[i] = j >= 0 && j < x.length ? x[j]! * win[i]! : 0;
    }
    this.fft.forward(buf, re, im);
    // Every bin, not only the shifted ones: the envelope is smoothed across the whole spectrum, and
    // zeros above `kLim` would drag it down near the limit into a loud spike of "excitation".
    for (let k = 0; k < this.bins; k++) mag[k] = Math.sqrt(re[k]! * re[k]! + im[k]! * im[k]!);
  }

  /** Frequency ratio of frame `t`: the key shift, with vibrato where `vibrate` (voiced, or a straight note). */
  frameRatio(t: number, vibrate: boolean): number {
    const { p, hop, sampleRate } = this;
    this.voicedRun = vibrate ? this.voicedRun + 1 : 0;
    let ratio = 2 ** (p.semitones / 12);
    if (p.vibrato && vibrate && p.vibrato.depthCents > 0) {
      const fade = Math.min(1, (this.voicedRun * hop) / sampleRate / VIBRATO_FADE_IN_SEC);
      const ph = (2 * Math.PI * p.vibrato.rateHz * t * hop) / sampleRate;
      ratio *= 2 ** ((fade * p.vibrato.depthCents * Math.sin(ph)) / 1200);
    }
    return ratio;
  }

  /**
   * Identity phase locking (Laroche & Dolson 1999): each spectral peak carries its own phase
   * forward and the bins around it keep their offsets to it, which keeps harmonics coherent and
   * avoids the phasiness that makes pitch trackers (and ears) hear the wrong octave. This step
   * assigns every bin to the peak whose region it lies in.
   */
  findPeakRegions(): void {
    const { mag, owner } = this;
    let lastPeak = -1;
    for (let k = 0; k < this.kLim; k++) {
      const m = mag[k]!;
      const isPeak =
        m > (mag[k - 1] ?? 0) && m >= (mag[k + 1] ?? 0) && m > (mag[k - 2] ?? 0) && m >= (mag[k + 2] ?? 0);
      if (isPeak) {
        const from = lastPeak < 0 ? 0 : ((lastPeak + k) >> 1) + 1;
        for (let q = from; q <= k; q++) owner[q] = k;
        lastPeak = k;
      } else if (lastPeak >= 0) owner[k] = lastPeak;
      else owner[k] = -1;
    }
  }

  /**
   * Moves each peak's synthesis phase on by its true frequency × ratio and stores the rotation its
   * region gets. Only peaks need an angle; the other bins are rotated with complex products, which
   * saves the trigonometry that used to dominate the cost of a conversion.
   */
  advancePeakPhases(t: number, ratio: number): void {
    const { re, im, prevRe, prevIm, owner, peakPhase, wasPeak, sumPhase, mag, expected, kLim } = this;
    for (let k = 0; k < kLim; k++) {
      if (owner[k] !== k) continue;
      // Phase advance of bin k since the previous frame: angle of X_t[k]·conj(X_{t−1}[k]).
      const dr = re[k]! * prevRe[k]! + im[k]! * prevIm[k]!;
      const di = im[k]! * prevRe[k]! - re[k]! * prevIm[k]!;
      let d = Math.atan2(di, dr) - k * expected;
      d -= 2 * Math.PI * Math.round(d / (2 * Math.PI));
      const freq = k + d / expected;
      const anPhase = Math.atan2(im[k]!, re[k]!);
      // A partial that drifts across bins (vibrato, glides) continues the synthesis phase of the
      // nearest peak of the previous frame.
      let prev = -1;
      for (let q = 0; q <= PEAK_DRIFT_BINS && prev < 0; q++) {
        if (k - q >= 0 && wasPeak[k - q] === t - 1) prev = k - q;
        else if (k + q < kLim && wasPeak[k + q] === t - 1) prev = k + q;
      }
      const from = prev >= 0 ? sumPhase[prev]! : anPhase * ratio;
      peakPhase[k] = from + freq * ratio * expected;
    }
    for (let k = 0; k < kLim; k++) {
      prevRe[k] = re[k]!;
      prevIm[k] = im[k]!;
      if (owner[k] !== k) continue;
      sumPhase[k] = peakPhase[k]!;
      wasPeak[k] = t;
      const m = mag[k]!;
      const c = Math.cos(peakPhase[k]!);
      const s = Math.sin(peakPhase[k]!);
      // e^{iφ} · conj(X[k])/|X[k]|
      const ur = m > 0 ? re[k]! / m : 1;
      const ui = m > 0 ? -im[k]! / m : 0;
      this.rotRe[k] = c * ur - s * ui;
      this.rotIm[k] = c * ui + s * ur;
    }
  }

  /**
   * Refreshes the spectral envelope every few hops (it moves with the articulators, far slower than
   * an 8x hop, so every ~12 ms is inaudible and halves the cepstral FFTs) and holds it under the
   * fundamental.
   */
  updateEnvelope(t: number, voiced: boolean): void {
    if (t % this.envEvery === 0) {
      const f0 = this.map ? (this.p.f0?.[t] ?? 0) : 0;
      smoothEnvelope(this.mag, this.env, this.fft, this.cepstrum, lifterFor(this.n, this.sampleRate, f0));
      this.map?.update(this.env, voiced);
    }
    holdBelowFundamental(this.mag, this.env, this.fundamentalSearch, this.lowest);
  }

  /** Sends each source bin's excitation to bin round(k × ratio); the strongest source owns the phase. */
  remapBins(ratio: number): void {
    const { synMag, synSrc, mag, env, kLim } = this;
    const flatten = this.p.preserveEnvelope;
    synMag.fill(0);
    synSrc.fill(-1);
    let bestE = 0;
    for (let k = 0; k < kLim; k++) {
      const j = Math.round(k * ratio);
      if (j >= kLim) break;
      const e = flatten ? mag[k]! / env[k]! : mag[k]!;
      if (synSrc[j] === -1 || e > bestE) {
        synSrc[j] = k;
        bestE = e;
      }
      synMag[j] = synMag[j]! + e;
    }
  }

  /**
   * Builds the output spectrum: remapped excitation × (warped, EQ'd) envelope + breath noise, with
   * each bin's phase = its peak's synthesis phase + (its analysis phase − the peak's). Bins above
   * the shifted band keep their input, EQ'd.
   */
  synthesise(voiced: boolean): void {
    const { p, re, im, prevRe, prevIm, mag, synMag, synSrc, owner, rotRe, rotIm, env, eqGain, bins, kLim } =
      this;
    const warp = p.formantWarp ?? 1;
    const breath = p.breathiness ?? 0;
    const gain = this.map ? this.map.gain : eqGain;
    for (let j = 0; j < kLim; j++) {
      const k = synSrc[j]!;
      if (k < 0 || synMag[j] === 0) {
        re[j] = 0;
        im[j] = 0;
        continue;
      }
      let m = synMag[j]!;
      if (p.preserveEnvelope) {
        const src = j / warp;
        const i0 = Math.min(bins - 1, Math.floor(src));
        const fr = Math.min(1, src - i0);
        const e = env[i0]! * (1 - fr) + env[Math.min(bins - 1, i0 + 1)]! * fr;
        const eq = gain[j]!;
        m *= e * eq;
        if (breath > 0 && voiced)
          m +=
            breath *
            BREATH_LEVEL *
            e *
            eq *
            this.rand() *
            Math.min(1, (j * this.sampleRate) / this.n / BREATH_RAMP_HZ);
      }
      const mk = mag[k]!;
      const vr = mk > 0 ? prevRe[k]! / mk : 1;
      const vi = mk > 0 ? prevIm[k]! / mk : 0;
      const o = owner[k]!;
      if (o >= 0) {
        re[j] = m * (vr * rotRe[o]! - vi * rotIm[o]!);
        im[j] = m * (vr * rotIm[o]! + vi * rotRe[o]!);
      } else {
        re[j] = m * vr;
        im[j] = m * vi;
      }
    }
    for (let k = kLim; k < bins; k++) {
      re[k] = re[k]! * eqGain[k]!;
      im[k] = im[k]! * eqGain[k]!;
    }
  }

  /** Inverse transform and windowed overlap-add into `out`, with the window power into `norm`. */
  overlapAdd(out: Float32Array, norm: Float32Array, start: number): void {
    const { n, buf, win } = this;
    this.fft.inverse(this.re, this.im, buf);
    for (let i = 0; i < n; i++) {
      const j = start + i;
      if (j >= 0 && j < out.length) {
        out[j] = out[j]! + buf[i]! * win[i]!;
        norm[j] = norm[j]! + win[i]! * win[i]!;
      }
    }
  }

  /** Seeded LCG for the breath noise, so renders are reproducible. */
  private rand(): number {
    this.seed = (this.seed * 1664525 + 1013904223) >>> 0;
    return this.seed / 4294967296;
  }
}

/**
 * The frame-class correction of one pass: the corrector's target for each refreshed envelope (the
 * static EQ on frames that are not speech), glided over time and spread onto the FFT bins.
 */
class ClassCorrection {
  /** Per-bin linear gain below the shifted band's limit. */
  readonly gain: Float64Array;
  private readonly grid = new Float64Array(ENV_GRID_HZ.length);
  private readonly target = new Float64Array(ENV_GRID_HZ.length);
  private readonly smooth = new Float64Array(ENV_GRID_HZ.length);
  private readonly eqGrid = new Float64Array(ENV_GRID_HZ.length);
  /** Each bin's position on the grid (fractional index). */
  private readonly pos: Float64Array;
  private readonly binHz: number;
  private readonly warp: number;
  private started = false;

  constructor(
    private readonly corrector: EnvelopeCorrector,
    sampleRate: number,
    n: number,
    kLim: number,
    p: ShiftParams,
    private readonly glide: number,
  ) {
    this.binHz = sampleRate / n;
    this.warp = p.formantWarp ?? 1;
    this.gain = new Float64Array(kLim).fill(1);
    const last = ENV_GRID_HZ.length - 1;
    this.pos = Float64Array.from({ length: kLim }, (_, j) =>
      Math.max(0, Math.min(last, (Math.log(Math.max(1, j * this.binHz) / 100) / Math.log(80)) * last)),
    );
    ENV_GRID_HZ.forEach((f, i) => {
      const k = Math.min(n / 2, Math.round(f / this.binHz));
      this.eqGrid[i] = p.eqDb ? p.eqDb[k]! : 0;
    });
  }

  /** Takes a newly smoothed envelope (linear, per bin) and refreshes the bin gains. */
  update(env: Float64Array, voiced: boolean): void {
    envelopeToGridDb(env, this.binHz, this.warp, this.grid);
    if (!this.corrector.correction(this.grid, voiced, this.target)) this.target.set(this.eqGrid);
    const a = this.started ? this.glide : 1;
    this.started = true;
    for (let i = 0; i < this.smooth.length; i++)
      this.smooth[i] = this.smooth[i]! + a * (this.target[i]! - this.smooth[i]!);
    const { pos, smooth, gain } = this;
    for (let j = 0; j < gain.length; j++) {
      const x = pos[j]!;
      const i = Math.min(smooth.length - 2, Math.floor(x));
      const fr = x - i;
      gain[j] = 10 ** ((smooth[i]! * (1 - fr) + smooth[i + 1]! * fr) / 20);
    }
  }
}
