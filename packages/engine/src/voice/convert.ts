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
  const mag = new Float64Array(bins);
  const freq = new Float64Array(bins);
  const lastPhase = new Float64Array(bins);
  const sumPhase = new Float64Array(bins);
  const synMag = new Float64Array(bins);
  const synFreq = new Float64Array(bins);
  const anPhase = new Float64Array(bins);
  const outPhase = new Float64Array(bins);
  const peakPhase = new Float64Array(bins);
  const owner = new Int32Array(bins);
  const synSrc = new Int32Array(bins);
  const wasPeak = new Int32Array(bins).fill(-10);
  const env = new Float64Array(bins);
  const cre = new Float64Array(bins);
  const cim = new Float64Array(bins);
  const ceps = new Float64Array(n);
  const expected = (2 * Math.PI * hop) / n;
  const warp = p.formantWarp ?? 1;
  const breath = p.breathiness ?? 0;
  let seed = (p.seed ?? 1) >>> 0;
  const rand = (): number => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  let voicedRun = 0;
  const kLim = Math.min(bins, Math.ceil(((p.maxShiftHz ?? sampleRate) * n) / sampleRate));
  const passRe = new Float64Array(bins);
  const passIm = new Float64Array(bins);
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
    for (let k = kLim; k < bins; k++) {
      passRe[k] = re[k]!;
      passIm[k] = im[k]!;
    }
    for (let k = 0; k < kLim; k++) {
      const m = Math.hypot(re[k]!, im[k]!);
      const ph = Math.atan2(im[k]!, re[k]!);
      let d = ph - lastPhase[k]! - k * expected;
      lastPhase[k] = ph;
      d -= 2 * Math.PI * Math.round(d / (2 * Math.PI));
      mag[k] = m;
      anPhase[k] = ph;
      freq[k] = k + d / expected;
    }
    // Identity phase locking (Laroche & Dolson 1999): each spectral peak carries its own phase
    // forward and the bins around it keep their offsets to it, which keeps harmonics coherent and
    // avoids the phasiness that makes pitch trackers (and ears) hear the wrong octave.
    let lastPeak = -1;
    for (let k = 0; k < kLim; k++) {
      const m = mag[k]!;
      const isPeak =
        m > (mag[k - 1] ?? 0) && m >= (mag[k + 1] ?? 0) && m > (mag[k - 2] ?? 0) && m >= (mag[k + 2] ?? 0);
      if (isPeak) {
        const start = lastPeak < 0 ? 0 : ((lastPeak + k) >> 1) + 1;
        for (let q = start; q <= k; q++) owner[q] = k;
        lastPeak = k;
      } else if (lastPeak >= 0) owner[k] = lastPeak;
      else owner[k] = -1;
    }
    // Peaks carry their synthesis phase from the nearest peak of the previous frame, so a partial
    // that drifts across bins (vibrato, glides) keeps a continuous phase.
    for (let k = 0; k < kLim; k++) {
      if (owner[k] !== k) continue;
      let prev = -1;
      for (let d = 0; d <= 2 && prev < 0; d++) {
        if (k - d >= 0 && wasPeak[k - d] === t - 1) prev = k - d;
        else if (k + d < kLim && wasPeak[k + d] === t - 1) prev = k + d;
      }
      const start = prev >= 0 ? sumPhase[prev]! : anPhase[k]! * ratio;
      peakPhase[k] = start + freq[k]! * ratio * expected;
    }
    for (let k = 0; k < kLim; k++) {
      if (owner[k] !== k) continue;
      sumPhase[k] = peakPhase[k]!;
      wasPeak[k] = t;
    }
    if (p.preserveEnvelope) smoothEnvelope(mag, env, fft, ceps, cre, cim, bins);
    synMag.fill(0);
    synFreq.fill(0);
    synSrc.fill(0);
    for (let k = 0; k < kLim; k++) {
      const j = Math.round(k * ratio);
      if (j >= kLim) break;
      const e = p.preserveEnvelope ? mag[k]! / env[k]! : mag[k]!;
      if (e > synMag[j]! || synMag[j] === 0) {
        synFreq[j] = freq[k]! * ratio;
        synSrc[j] = k;
      }
      synMag[j] = synMag[j]! + e;
    }
    for (let j = 0; j < kLim; j++) {
      let m = synMag[j]!;
      if (p.preserveEnvelope) {
        const src = j / warp;
        const i0 = Math.min(bins - 1, Math.floor(src));
        const fr = Math.min(1, src - i0);
        const e = env[i0]! * (1 - fr) + env[Math.min(bins - 1, i0 + 1)]! * fr;
        const eq = p.eqDb ? 10 ** (p.eqDb[j]! / 20) : 1;
        m *= e * eq;
        if (breath > 0 && voiced)
          m += breath * 0.25 * e * eq * rand() * Math.min(1, (j * sampleRate) / n / 3000);
      }
      if (synMag[j] === 0) {
        re[j] = 0;
        im[j] = 0;
        continue;
      }
      const k = synSrc[j]!;
      const o = owner[k]!;
      outPhase[j] = o >= 0 ? peakPhase[o]! + anPhase[k]! - anPhase[o]! : anPhase[k]!;
      re[j] = m * Math.cos(outPhase[j]!);
      im[j] = m * Math.sin(outPhase[j]!);
    }
    for (let k = kLim; k < bins; k++) {
      const g = p.eqDb ? 10 ** (p.eqDb[k]! / 20) : 1;
      re[k] = passRe[k]! * g;
      im[k] = passIm[k]! * g;
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
  for (let k = 0; k < bins; k++) env[k] = Math.exp(cre[k]!) + 1e-9;
}
