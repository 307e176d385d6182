import { RealFFT, fftSizeFor, hann } from '../dsp/fft';

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
  /** Seed for the breath noise so renders are reproducible. */
  seed?: number;
  /** Frames per window (default 8); 4 halves the cost and is fine for instruments. */
  overlap?: number;
  /** Bins above this frequency pass through unshifted (saves time on vocals, whose air is noise). */
  maxShiftHz?: number;
}

/** Hop the shifter uses at `sampleRate` (callers align voicing tracks to it). */
export function shifterHop(sampleRate: number): number {
  return fftSizeFor(sampleRate, 0.046) / 8;
}

/**
 * Phase-vocoder pitch shifter in the frequency domain (Bernsee-style bin remapping with true-
 * frequency phase propagation, 8x overlap). With envelope preservation each frame is split into a
 * cepstrally smoothed envelope and a flat excitation; only the excitation moves, then the (warped,
 * EQ'd) envelope is reapplied, which is what keeps a shifted voice from sounding chipmunked.
 */
export function pitchShift(x: Float32Array, sampleRate: number, p: ShiftParams): Float32Array {
  const n = fftSizeFor(sampleRate, 0.046);
  const hop = n / (p.overlap ?? 8);
  const bins = n / 2 + 1;
  const fft = new RealFFT(n);
  const win = hann(n);
  const frames = Math.floor(x.length / hop) + 1;
  const out = new Float32Array(x.length);
  const norm = new Float32Array(x.length);
  const buf = new Float64Array(n);
  const re = new Float64Array(bins);
  const im = new Float64Array(bins);
  const prevRe = new Float64Array(bins);
  const prevIm = new Float64Array(bins);
  const mag = new Float64Array(bins);
  const synMag = new Float64Array(bins);
  const anPhase = new Float64Array(bins);
  const peakPhase = new Float64Array(bins);
  // Per peak: e^{i·synthesis phase} · conj(analysis phasor), the rotation its whole region gets.
  const rotRe = new Float64Array(bins);
  const rotIm = new Float64Array(bins);
  const owner = new Int32Array(bins);
  const synSrc = new Int32Array(bins);
  const wasPeak = new Int32Array(bins).fill(-10);
  const sumPhase = new Float64Array(bins);
  const env = new Float64Array(bins);
  const cre = new Float64Array(bins);
  const cim = new Float64Array(bins);
  const ceps = new Float64Array(n);
  const expected = (2 * Math.PI * hop) / n;
  const warp = p.formantWarp ?? 1;
  const breath = p.breathiness ?? 0;
  // EQ gains are fixed for the whole pass: convert from dB once, not per frame.
  const eqGain = new Float64Array(bins).fill(1);
  if (p.eqDb) for (let k = 0; k < bins; k++) eqGain[k] = 10 ** (p.eqDb[k]! / 20);
  let seed = (p.seed ?? 1) >>> 0;
  const rand = (): number => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  let voicedRun = 0;
  const envEvery = Math.max(1, Math.round(n / hop / 4));
  const kLim = Math.min(bins, Math.ceil(((p.maxShiftHz ?? sampleRate) * n) / sampleRate));
  const fundamentalSearch = Math.round((1500 * n) / sampleRate);
  const lowest = Math.ceil((60 * n) / sampleRate);
  for (let t = 0; t < frames; t++) {
    const start = t * hop - n / 2;
    for (let i = 0; i < n; i++) {
      const j = start + i;
      buf[i] = j >= 0 && j < x.length ? x[j]! * win[i]! : 0;
    }
    fft.forward(buf, re, im);
    const voiced = p.voiced ? p.voiced[t] === 1 : true;
    voicedRun = voiced ? voicedRun + 1 : 0;
    let ratio = 2 ** (p.semitones / 12);
    if (p.vibrato && voiced && p.vibrato.depthCents > 0) {
      // Vibrato fades in over ~250 ms of continuous voicing, as trained singers do.
      const fade = Math.min(1, (voicedRun * hop) / sampleRate / 0.25);
      const ph = (2 * Math.PI * p.vibrato.rateHz * t * hop) / sampleRate;
      ratio *= 2 ** ((fade * p.vibrato.depthCents * Math.sin(ph)) / 1200);
    }
    // Every bin, not only the shifted ones: the envelope is smoothed across the whole spectrum, and
    // zeros above `kLim` would drag it down near the limit into a loud spike of "excitation".
    for (let k = 0; k < bins; k++) mag[k] = Math.sqrt(re[k]! * re[k]! + im[k]! * im[k]!);
    // Identity phase locking (Laroche & Dolson 1999): each spectral peak carries its own phase
    // forward and the bins around it keep their offsets to it, which keeps harmonics coherent and
    // avoids the phasiness that makes pitch trackers (and ears) hear the wrong octave. Only peaks
    // need an angle; the other bins are rotated with complex products, which saves the trigonometry
    // that used to dominate the cost of a conversion.
    let lastPeak = -1;
    for (let k = 0; k < kLim; k++) {
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
    for (let k = 0; k < kLim; k++) {
      if (owner[k] !== k) continue;
      // Phase advance of bin k since the previous frame: angle of X_t[k]·conj(X_{t−1}[k]).
      const dr = re[k]! * prevRe[k]! + im[k]! * prevIm[k]!;
      const di = im[k]! * prevRe[k]! - re[k]! * prevIm[k]!;
      let d = Math.atan2(di, dr) - k * expected;
      d -= 2 * Math.PI * Math.round(d / (2 * Math.PI));
      const freq = k + d / expected;
      anPhase[k] = Math.atan2(im[k]!, re[k]!);
      // A partial that drifts across bins (vibrato, glides) continues the synthesis phase of the
      // nearest peak of the previous frame.
      let prev = -1;
      for (let q = 0; q <= 2 && prev < 0; q++) {
        if (k - q >= 0 && wasPeak[k - q] === t - 1) prev = k - q;
        else if (k + q < kLim && wasPeak[k + q] === t - 1) prev = k + q;
      }
      const from = prev >= 0 ? sumPhase[prev]! : anPhase[k]! * ratio;
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
      rotRe[k] = c * ur - s * ui;
      rotIm[k] = c * ui + s * ur;
    }
    if (p.preserveEnvelope) {
      // The envelope moves with the articulators, far slower than an 8x hop (6 ms); refreshing it
      // every ~12 ms costs half the cepstral FFTs and is inaudible.
      if (t % envEvery === 0) smoothEnvelope(mag, env, fft, ceps, cre, cim, bins);
      holdBelowFundamental(mag, env, fundamentalSearch, lowest);
    }
    synMag.fill(0);
    synSrc.fill(-1);
    let bestE = 0;
    for (let k = 0; k < kLim; k++) {
      const j = Math.round(k * ratio);
      if (j >= kLim) break;
      const e = p.preserveEnvelope ? mag[k]! / env[k]! : mag[k]!;
      if (synSrc[j] === -1 || e > bestE) {
        synSrc[j] = k;
        bestE = e;
      }
      synMag[j] = synMag[j]! + e;
    }
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
        const eq = eqGain[j]!;
        m *= e * eq;
        if (breath > 0 && voiced)
          m += breath * 0.25 * e * eq * rand() * Math.min(1, (j * sampleRate) / n / 3000);
      }
      // Output phase = peak's synthesis phase + (this bin's analysis phase − the peak's).
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
    fft.inverse(re, im, buf);
    for (let i = 0; i < n; i++) {
      const j = start + i;
      if (j >= 0 && j < out.length) {
        out[j] = out[j]! + buf[i]! * win[i]!;
        norm[j] = norm[j]! + win[i]! * win[i]!;
      }
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = norm[i]! > 1e-6 ? out[i]! / norm[i]! : 0;
  return out;
}

/**
 * The smoothed envelope sags below a voice's lowest harmonic, where the spectrum is empty. Moving
 * the fundamental down (or the formants up) would read that sag and thin the fundamental until a
 * listener, and a pitch tracker, hears the octave above. Holding the envelope flat below the lowest
 * strong harmonic keeps the fundamental at its level.
 */
function holdBelowFundamental(mag: Float64Array, env: Float64Array, searchTo: number, from: number): void {
  let max = 0;
  for (let k = from; k < searchTo; k++) max = Math.max(max, mag[k]!);
  if (max <= 0) return;
  const floor = max * 0.1;
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

/** Cepstrally smoothed magnitude envelope (about 1.2 ms lifter): broad formant shape, not harmonics. */
function smoothEnvelope(
  mag: Float64Array,
  env: Float64Array,
  fft: RealFFT,
  ceps: Float64Array,
  cre: Float64Array,
  cim: Float64Array,
  bins: number,
): void {
  const n = fft.size;
  for (let k = 0; k < bins; k++) {
    cre[k] = Math.log(mag[k]! + 1e-9);
    cim[k] = 0;
  }
  fft.inverse(cre, cim, ceps);
  const lifter = Math.max(8, Math.round(n / 40));
  for (let q = lifter; q <= n - lifter; q++) ceps[q] = 0;
  fft.forward(ceps, cre, cim);
  let top = 0;
  for (let k = 0; k < bins; k++) {
    env[k] = Math.exp(cre[k]!) + 1e-9;
    if (env[k]! > top) top = env[k]!;
  }
  // Bins the separation mask emptied have an envelope near zero, and dividing by it would turn
  // their residue into full-level "excitation" that a downward shift then lays under a formant (a
  // loud hiss band). A floor 60 dB under the frame's peak keeps silence silent.
  const floor = top * 1e-3;
  for (let k = 0; k < bins; k++) if (env[k]! < floor) env[k] = floor;
}
