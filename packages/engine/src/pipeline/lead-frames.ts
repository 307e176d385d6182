import { throwIfAborted } from '../errors';
import { RealFFT, hann } from '../dsp/fft';
import { analysisFftSize } from '../dsp/stft';
import { RawPcmReader } from '../io/raw-pcm';
import { ENV_GRID_HZ } from '../voice/envelope';
import { cepstrumBuffers, lifterFor, smoothEnvelope } from '../voice/frame-envelope';
import {
  FrameCollector,
  envelopeToGridDb,
  sourceFrameStats,
  type FrameClasses,
  type SourceFrameStats,
} from '../voice/frame-classes';
import type { RawRef } from './jobs';
import { toChannels } from './raw-resample';

/** Frames of the lead analysed per second at most: one window per window length is plenty for statistics. */
const CHUNK_SEC = 30;

/**
 * The song's side of the frame-class mapping: reads the separated lead once (windows side by side,
 * not overlapped: statistics need no more), takes each frame's envelope as the converter will see it
 * after the formant warp, and measures the song's normalisation and mean envelope per owner class.
 * `from`: only frames [from, frames) are read (the preview's window), `f0` starting there.
 */
export function measureLeadFrames(
  lead: RawRef,
  frames: number,
  f0: Float32Array,
  f0Hop: number,
  warp: number,
  classes: FrameClasses,
  signal?: AbortSignal,
  from = 0,
): SourceFrameStats | undefined {
  const sr = lead.sampleRate;
  const n = analysisFftSize(sr);
  const fft = new RealFFT(n);
  const win = hann(n);
  const buf = new Float64Array(n);
  const re = new Float64Array(n / 2 + 1);
  const im = new Float64Array(n / 2 + 1);
  const mag = new Float64Array(n / 2 + 1);
  const env = new Float64Array(n / 2 + 1);
  const ceps = cepstrumBuffers(n);
  const grid = new Float64Array(ENV_GRID_HZ.length);
  const collector = new FrameCollector();
  // Read as the owner's classes were learnt (decision 201).
  const fine = classes.envelope === 'pitch';
  const reader = new RawPcmReader(lead.path, sr, lead.channels);
  try {
    const chunk = Math.ceil((CHUNK_SEC * sr) / n) * n;
    for (let s = from; s < frames; s += chunk) {
      throwIfAborted(signal);
      const x = toChannels(reader.read(s, Math.min(chunk, frames - s)), 1)[0]!;
      for (let o = 0; o + n <= x.length; o += n) {
        for (let i = 0; i < n; i++) buf[i] = x[o + i]! * win[i]!;
        fft.forward(buf, re, im);
        for (let k = 0; k < mag.length; k++) mag[k] = Math.sqrt(re[k]! ** 2 + im[k]! ** 2);
        const f = f0[Math.round((s - from + o + n / 2) / f0Hop)] ?? 0;
        smoothEnvelope(mag, env, fft, ceps, lifterFor(n, sr, fine ? f : 0));
        envelopeToGridDb(env, sr / n, warp, grid);
        collector.add(grid, f > 0);
      }
    }
  } finally {
    reader.close();
  }
  return sourceFrameStats(collector, classes);
}
