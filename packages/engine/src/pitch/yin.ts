import { RealFFT, nextPow2 } from '../dsp/fft';
import { decimate } from '../dsp/median';
import { smoothVoicedRuns } from './voiced-runs';

/** Per-frame pitch: f0 in Hz (0 = unvoiced) and YIN aperiodicity (lower = more periodic). */
export interface PitchTrack {
  f0: Float32Array;
  aperiodicity: Float32Array;
  /** Frame t is centred at sample t*hop of the original signal. */
  hop: number;
  sampleRate: number;
}

/** YIN tuning. */
export interface YinOptions {
  minHz?: number;
  maxHz?: number;
  threshold?: number;
  /** Frames quieter than this (dBFS RMS) are unvoiced. */
  silenceDb?: number;
  /** Aperiodicity above which a frame is unvoiced. */
  voicingLimit?: number;
  /** Second-order high-pass before analysis (Hz); keeps bass and kick out of a mixture's pitch. */
  highpassHz?: number;
}

/** YIN runs on the signal decimated to about this rate: plenty for voice fundamentals, 4× cheaper. */
const ANALYSIS_RATE = 11025;
/** Integration window of the difference function. */
const WINDOW_SEC = 0.035;
/** A dip at twice the lag must be this much deeper to win (octave check), and the first dip not already near zero. */
const OCTAVE_DIP_RATIO = 0.6;
const OCTAVE_MIN_DIP = 0.04;
/** Where the dip at twice the lag is searched: ±3 % around 2τ. */
const OCTAVE_SEARCH = [1.94, 2.06] as const;

/**
 * YIN pitch tracker (de Cheveigné & Kawahara 2002) on a decimated copy of the signal, with the
 * difference function computed by FFT cross-correlation so a 10-minute vocal costs seconds.
 */
export function trackPitch(
  x: Float32Array,
  sampleRate: number,
  hop: number,
  opts: YinOptions = {},
): PitchTrack {
  const minHz = opts.minHz ?? 65;
  const maxHz = opts.maxHz ?? 1100;
  const thr = opts.threshold ?? 0.15;
  const silence = 10 ** ((opts.silenceDb ?? -50) / 20);
  const factor = Math.max(1, Math.floor(sampleRate / ANALYSIS_RATE));
  const sr = sampleRate / factor;
  const y = decimate(opts.highpassHz ? highpass(x, sampleRate, opts.highpassHz) : x, factor);
  const limit = opts.voicingLimit ?? 0.35;
  const win = Math.round(sr * WINDOW_SEC);
  const tauMax = Math.ceil(sr / minHz);
  const tauMin = Math.max(2, Math.floor(sr / maxHz));
  const n = nextPow2(win + tauMax + 1);
  const fft = new RealFFT(n);
  const bins = fft.bins;
  const aR = new Float64Array(bins);
  const aI = new Float64Array(bins);
  const bR = new Float64Array(bins);
  const bI = new Float64Array(bins);
  const seg = new Float64Array(n);
  const head = new Float64Array(n);
  const corr = new Float64Array(n);
  const d = new Float64Array(tauMax + 1);
  const sq = new Float64Array(win + tauMax + 1);
  const frames = Math.floor(x.length / hop) + 1;
  const f0 = new Float32Array(frames);
  const ap = new Float32Array(frames).fill(1);
  for (let t = 0; t < frames; t++) {
    const start = Math.round((t * hop) / factor) - ((win + tauMax) >> 1);
    let energy = 0;
    for (let i = 0; i < n; i++) {
      const j = start + i;
      const v = i < win + tauMax && j >= 0 && j < y.length ? y[j]! : 0;
      seg[i] = v;
      head[i] = i < win ? v : 0;
      if (i < win) energy += v * v;
    }
    if (Math.sqrt(energy / win) < silence) continue;
    fft.forward(seg, aR, aI);
    fft.forward(head, bR, bI);
    for (let k = 0; k < bins; k++) {
      const r = aR[k]! * bR[k]! + aI[k]! * bI[k]!;
      const i = aI[k]! * bR[k]! - aR[k]! * bI[k]!;
      aR[k] = r;
      aI[k] = i;
    }
    fft.inverse(aR, aI, corr);
    sq[0] = 0;
    for (let i = 0; i < win + tauMax; i++) sq[i + 1] = sq[i]! + seg[i]! * seg[i]!;
    // d(τ) = Σ x_j² + Σ x_{j+τ}² − 2 Σ x_j x_{j+τ}, each window of length `win`.
    let running = 0;
    let best = -1;
    d[0] = 1;
    for (let tau = 1; tau <= tauMax; tau++) {
      const e2 = sq[tau + win]! - sq[tau]!;
      const diff = Math.max(0, energy + e2 - 2 * corr[tau]!);
      running += diff;
      d[tau] = running > 0 ? (diff * tau) / running : 1;
    }
    for (let tau = tauMin; tau < tauMax; tau++) {
      if (d[tau]! < thr) {
        while (tau + 1 < tauMax && d[tau + 1]! < d[tau]!) tau++;
        best = tau;
        break;
      }
    }
    if (best < 0) {
      // No dip under the threshold: take the global minimum and let the aperiodicity decide.
      let m = Infinity;
      for (let tau = tauMin; tau < tauMax; tau++) {
        if (d[tau]! < m) {
          m = d[tau]!;
          best = tau;
        }
      }
    }
    best = preferLongerPeriod(d, best, tauMax);
    const a = d[best - 1] ?? d[best]!;
    const b = d[best]!;
    const c = d[best + 1] ?? d[best]!;
    const den = a - 2 * b + c;
    const shift = den > 1e-12 ? (0.5 * (a - c)) / den : 0;
    ap[t] = b;
    if (b < limit) f0[t] = sr / (best + Math.max(-0.5, Math.min(0.5, shift)));
  }
  return { f0: smoothVoicedRuns(f0), aperiodicity: ap, hop, sampleRate };
}

/**
 * YIN takes the first dip under its threshold, so a voice whose fundamental is weaker than its
 * second harmonic can be read an octave high. If the dip at twice the lag is clearly deeper, the
 * true period is the longer one.
 */
function preferLongerPeriod(d: Float64Array, tau: number, tauMax: number): number {
  const lo = Math.floor(tau * OCTAVE_SEARCH[0]);
  const hi = Math.min(tauMax, Math.ceil(tau * OCTAVE_SEARCH[1]));
  let best = -1;
  for (let q = lo; q <= hi; q++) if (best < 0 || d[q]! < d[best]!) best = q;
  if (best < 0 || best <= lo || best >= hi) return tau;
  return d[best]! < OCTAVE_DIP_RATIO * d[tau]! && d[tau]! > OCTAVE_MIN_DIP ? best : tau;
}

/** Hz → fractional MIDI note. */
export function hzToMidi(hz: number): number {
  return 69 + 12 * Math.log2(hz / 440);
}

/** Fractional MIDI note → Hz. */
export function midiToHz(m: number): number {
  return 440 * 2 ** ((m - 69) / 12);
}

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

/** MIDI number → name like "A4". */
export function midiToName(m: number): string {
  const r = Math.round(m);
  return `${NOTE_NAMES[((r % 12) + 12) % 12]}${Math.floor(r / 12) - 1}`;
}

/** Summary statistics of the voiced frames of a track, in MIDI units. */
export interface PitchStats {
  voicedFrames: number;
  medianMidi: number;
  meanLogHz: number;
  stdSemitones: number;
  lowMidi: number;
  highMidi: number;
}

/** Median, spread and 5–95 % range of voiced frames; undefined if nothing is voiced. */
export function pitchStats(f0: ArrayLike<number>): PitchStats | undefined {
  const v: number[] = [];
  for (let i = 0; i < f0.length; i++) if (f0[i]! > 0) v.push(hzToMidi(f0[i]!));
  if (v.length === 0) return undefined;
  v.sort((a, b) => a - b);
  const q = (p: number): number => v[Math.min(v.length - 1, Math.floor(p * v.length))]!;
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length);
  return {
    voicedFrames: v.length,
    medianMidi: q(0.5),
    meanLogHz: Math.log(midiToHz(mean)),
    stdSemitones: sd,
    lowMidi: q(0.05),
    highMidi: q(0.95),
  };
}

/** RBJ second-order high-pass (Q = 0.707). */
export function highpass(x: Float32Array, sampleRate: number, hz: number): Float32Array {
  const w = (2 * Math.PI * hz) / sampleRate;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cw = Math.cos(w);
  const a0 = 1 + alpha;
  const b0 = (1 + cw) / 2 / a0;
  const b1 = -(1 + cw) / a0;
  const a1 = (-2 * cw) / a0;
  const a2 = (1 - alpha) / a0;
  const out = new Float32Array(x.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    const y = b0 * v + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = v;
    y2 = y1;
    y1 = y;
    out[i] = y;
  }
  return out;
}
