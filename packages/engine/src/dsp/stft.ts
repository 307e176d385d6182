import { RealFFT, fftSizeFor, hann } from './fft';

/**
 * Length of the analysis window of every spectrum the engine takes of a song: 46 ms, a power of two
 * of 2048 samples at 44.1 and 48 kHz. Long enough to resolve the harmonics of a low voice (80 Hz
 * against 21.5 Hz bins), short enough to follow a syllable.
 */
export const ANALYSIS_WINDOW_SEC = 0.046;

/** STFT frames overlap by this factor in separation and analysis (hop = window / 4). */
export const ANALYSIS_OVERLAP = 4;

/** FFT size of the analysis window at `sampleRate`. */
export function analysisFftSize(sampleRate: number): number {
  return fftSizeFor(sampleRate, ANALYSIS_WINDOW_SEC);
}

/** A complex spectrogram stored frame-major in flat Float32Arrays (frame t, bin k at t*bins+k). */
export interface Spectrogram {
  re: Float32Array;
  im: Float32Array;
  frames: number;
  bins: number;
}

/** STFT geometry shared by analysis and synthesis. */
export interface StftSetup {
  fft: RealFFT;
  window: Float32Array;
  hop: number;
}

/** Builds an STFT setup with a periodic Hann window and hop = size/overlap. */
export function stftSetup(size: number, overlap = ANALYSIS_OVERLAP): StftSetup {
  return { fft: new RealFFT(size), window: hann(size), hop: size / overlap };
}

/** Number of centred frames covering `length` samples. */
export function frameCount(length: number, hop: number): number {
  return Math.floor(length / hop) + 1;
}

/** Centred STFT (frame t covers samples around t*hop), zero-padded at the edges. */
export function stft(x: Float32Array, s: StftSetup): Spectrogram {
  const n = s.fft.size;
  const bins = s.fft.bins;
  const frames = frameCount(x.length, s.hop);
  const re = new Float32Array(frames * bins);
  const im = new Float32Array(frames * bins);
  const buf = new Float64Array(n);
  const fr = new Float64Array(bins);
  const fi = new Float64Array(bins);
  const half = n >> 1;
  const w = s.window;
  for (let t = 0; t < frames; t++) {
    const start = t * s.hop - half;
    for (let i = 0; i < n; i++) {
      const j = start + i;
      buf[i] = j >= 0 && j < x.length ? x[j]! * w[i]! : 0;
    }
    s.fft.forward(buf, fr, fi);
    const o = t * bins;
    for (let k = 0; k < bins; k++) {
      re[o + k] = fr[k]!;
      im[o + k] = fi[k]!;
    }
  }
  return { re, im, frames, bins };
}

/** Inverse of `stft` by weighted overlap-add, normalised by the summed squared window. */
export function istft(
  re: Float32Array,
  im: Float32Array,
  frames: number,
  s: StftSetup,
  length: number,
  mask?: Float32Array,
): Float32Array {
  const n = s.fft.size;
  const bins = s.fft.bins;
  const half = n >> 1;
  const out = new Float32Array(length);
  const norm = new Float32Array(length);
  const fr = new Float64Array(bins);
  const fi = new Float64Array(bins);
  const buf = new Float64Array(n);
  const w = s.window;
  for (let t = 0; t < frames; t++) {
    const o = t * bins;
    if (mask) {
      for (let k = 0; k < bins; k++) {
        const m = mask[o + k]!;
        fr[k] = re[o + k]! * m;
        fi[k] = im[o + k]! * m;
      }
    } else {
      for (let k = 0; k < bins; k++) {
        fr[k] = re[o + k]!;
        fi[k] = im[o + k]!;
      }
    }
    s.fft.inverse(fr, fi, buf);
    const start = t * s.hop - half;
    for (let i = 0; i < n; i++) {
      const j = start + i;
      if (j >= 0 && j < length) {
        out[j] = out[j]! + buf[i]! * w[i]!;
        norm[j] = norm[j]! + w[i]! * w[i]!;
      }
    }
  }
  for (let j = 0; j < length; j++) {
    const d = norm[j]!;
    out[j] = d > 1e-6 ? out[j]! / d : 0;
  }
  return out;
}
