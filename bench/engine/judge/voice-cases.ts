/**
 * Measures for the cases singers ask cover tools about, read on 16 kHz mono signals aligned with
 * their source (the engine keeps a cover sample-aligned with its song). None of them is computed by
 * the engine: harmonicity is a normalised autocorrelation at the judge's consensus pitch, levels
 * come from plain FFT frames.
 */
import { RealFFT } from '../../../packages/engine/src/dsp/fft';
import { PITCH_HOP } from './pitch-consensus';
import { JUDGE_SR } from './tools';

/** 40 ms: two periods of an 50 Hz voice, many of a high one. */
const HNR_FRAME = 640;
/** Lags tried around the expected period (samples), for a pitch a little off the expected one. */
const LAG_SEARCH = 3;
const FFT = 512;
/** Above this, what a listener hears as sizzle or hiss. */
export const HIGH_BAND_HZ = 4000;

/**
 * Harmonics-to-noise ratio (dB) of the frame at `frame` (PITCH_HOP steps) for a voice at `hz`: the
 * best normalised autocorrelation r within a few samples of the period, as 10·log10(r / (1 − r)),
 * held to −20…30 dB. A clean voiced frame reads 15–30 dB, a hoarse or breathy one under 10, noise
 * under 0.
 */
export function hnrAt(x: Float32Array, frame: number, hz: number): number | null {
  const centre = frame * PITCH_HOP;
  const period = JUDGE_SR / hz;
  const from = Math.round(centre - HNR_FRAME / 2);
  const maxLag = Math.round(period) + LAG_SEARCH;
  if (from < 0 || from + HNR_FRAME + maxLag > x.length) return null;
  let best = -1;
  for (let lag = Math.max(2, Math.round(period) - LAG_SEARCH); lag <= maxLag; lag++) {
    let xy = 0;
    let xx = 0;
    let yy = 0;
    for (let i = from; i < from + HNR_FRAME; i++) {
      const a = x[i]!;
      const b = x[i + lag]!;
      xy += a * b;
      xx += a * a;
      yy += b * b;
    }
    if (xx <= 1e-12 || yy <= 1e-12) continue;
    best = Math.max(best, xy / Math.sqrt(xx * yy));
  }
  if (best < 0) return -20;
  const r = Math.min(0.999, Math.max(0.01, best));
  return 10 * Math.log10(r / (1 - r));
}

/** Power per PITCH_HOP frame (mean square), whole band and above HIGH_BAND_HZ. */
export function framePowers(x: Float32Array): { all: Float64Array; high: Float64Array } {
  const n = Math.ceil(x.length / PITCH_HOP);
  const all = new Float64Array(n);
  const high = new Float64Array(n);
  const fft = new RealFFT(FFT);
  const buf = new Float64Array(FFT);
  const re = new Float64Array(FFT / 2 + 1);
  const im = new Float64Array(FFT / 2 + 1);
  const win = Float64Array.from({ length: FFT }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT));
  const winPower = win.reduce((s, w) => s + w * w, 0);
  const kHigh = Math.round((HIGH_BAND_HZ * FFT) / JUDGE_SR);
  for (let t = 0; t < n; t++) {
    const start = t * PITCH_HOP - FFT / 2;
    for (let i = 0; i < FFT; i++) {
      const j = start + i;
      buf[i] = j >= 0 && j < x.length ? x[j]! * win[i]! : 0;
    }
    fft.forward(buf, re, im);
    let a = 0;
    let h = 0;
    for (let k = 1; k <= FFT / 2; k++) {
      const p = re[k]! * re[k]! + im[k]! * im[k]!;
      a += p;
      if (k >= kHigh) h += p;
    }
    // Parseval for a one-sided spectrum: twice each bin's power over N times the window's power.
    all[t] = (2 * a) / (FFT * winPower);
    high[t] = (2 * h) / (FFT * winPower);
  }
  return { all, high };
}

/** 10·log10 of a mean power, floored at −120 dB. */
export const db = (p: number): number => 10 * Math.log10(Math.max(1e-12, p));

/** Mean of the values at the frames `mask` selects. */
export function meanAt(v: Float64Array, frames: number[]): number {
  if (frames.length === 0) return NaN;
  let s = 0;
  for (const t of frames) s += v[t] ?? 0;
  return s / frames.length;
}

/** Median of a list (NaN when empty). */
export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}
