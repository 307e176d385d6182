import type { RealFFT } from '../dsp/fft';

/** Cepstral lifter length as a share of the FFT size (n/40 ≈ 1.2 ms): keeps formants, drops harmonics. */
const LIFTER_FRACTION = 1 / 40;
const MIN_LIFTER = 8;
/**
 * The finest lifter an envelope may take (n/20 ≈ 2.3 ms), where the voice's pitch allows it: a
 * speaker judge (and an ear) resolves the first formants within 100–200 Hz, which the 1.2 ms lifter
 * blurs, leaving the source singer's shape of them in the excitation.
 */
const FINE_LIFTER_FRACTION = 1 / 20;
/** A lifter stays under this share of the pitch period, so harmonics never become envelope. */
const PERIOD_SHARE = 0.5;
/** The envelope never falls more than 60 dB under the frame's peak. */
const ENVELOPE_FLOOR = 1e-3;
/** A harmonic counts as the lowest strong one when it is at most 20 dB under the band's loudest. */
const STRONG_HARMONIC = 0.1;

/** Scratch buffers of the cepstral smoothing, allocated once per conversion. */
export interface CepstrumBuffers {
  ceps: Float64Array;
  re: Float64Array;
  im: Float64Array;
}

/** Buffers for `smoothEnvelope` with an FFT of size `n`. */
export function cepstrumBuffers(n: number): CepstrumBuffers {
  const bins = n / 2 + 1;
  return { ceps: new Float64Array(n), re: new Float64Array(bins), im: new Float64Array(bins) };
}

/** The lifter of the plain envelope (about 1.2 ms at any rate): broad formant shape, never harmonics. */
export function baseLifter(n: number): number {
  return Math.max(MIN_LIFTER, Math.round(n * LIFTER_FRACTION));
}

/**
 * The lifter for a frame whose pitch is `f0` Hz (0: unvoiced or unknown): as fine as half a period
 * allows, up to n/20, never coarser than the plain one. Unvoiced frames keep the plain lifter, so a
 * voiced frame the tracker missed never has its harmonics taken for envelope.
 */
export function lifterFor(n: number, sampleRate: number, f0: number): number {
  const base = baseLifter(n);
  if (!(f0 > 0)) return base;
  const fine = Math.round(n * FINE_LIFTER_FRACTION);
  return Math.max(base, Math.min(fine, Math.floor((PERIOD_SHARE * sampleRate) / f0)));
}

/**
 * Cepstrally smoothed magnitude envelope (by default about 1.2 ms lifter): broad formant shape, not
 * harmonics; `lifter` (quefrency samples, from `lifterFor`) makes it finer.
 */
export function smoothEnvelope(
  mag: Float64Array,
  env: Float64Array,
  fft: RealFFT,
  buf: CepstrumBuffers,
  lifter = baseLifter(fft.size),
): void {
  const n = fft.size;
  const bins = env.length;
  const { ceps, re, im } = buf;
  for (let k = 0; k < bins; k++) {
    re[k] = Math.log(mag[k]! + 1e-9);
    im[k] = 0;
  }
  fft.inverse(re, im, ceps);
  for (let q = lifter; q <= n - lifter; q++) ceps[q] = 0;
  fft.forward(ceps, re, im);
  let top = 0;
  for (let k = 0; k < bins; k++) {
    env[k] = Math.exp(re[k]!) + 1e-9;
    if (env[k]! > top) top = env[k]!;
  }
  // Bins the separation mask emptied have an envelope near zero, and dividing by it would turn
  // their residue into full-level "excitation" that a downward shift then lays under a formant (a
  // loud hiss band). A floor 60 dB under the frame's peak keeps silence silent.
  const floor = top * ENVELOPE_FLOOR;
  for (let k = 0; k < bins; k++) if (env[k]! < floor) env[k] = floor;
}

/**
 * The smoothed envelope sags below a voice's lowest harmonic, where the spectrum is empty. Moving
 * the fundamental down (or the formants up) would read that sag and thin the fundamental until a
 * listener, and a pitch tracker, hears the octave above. Holding the envelope flat below the lowest
 * strong harmonic (searched in bins [from, searchTo)) keeps the fundamental at its level.
 */
export function holdBelowFundamental(
  mag: Float64Array,
  env: Float64Array,
  searchTo: number,
  from: number,
): void {
  let max = 0;
  for (let k = from; k < searchTo; k++) max = Math.max(max, mag[k]!);
  if (max <= 0) return;
  const floor = max * STRONG_HARMONIC;
  for (let k = from; k < searchTo; k++) {
    const m = mag[k]!;
    if (m >= floor && m >= mag[k - 1]! && m >= mag[k + 1]!) {
      holdBelowBin(env, k);
      return;
    }
  }
}

/** Raises the envelope below bin `k` to its value at `k`. */
function holdBelowBin(env: Float64Array, k: number): void {
  if (k <= 0 || k >= env.length) return;
  for (let q = 0; q < k; q++) env[q] = Math.max(env[q]!, env[k]!);
}
