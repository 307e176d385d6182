import { Resampler } from '../dsp/resample';
import { RawPcmReader, RawPcmWriter } from '../io/raw-pcm';
import type { RawRef } from './jobs';

/** Output frames written per step of a streaming pass. */
const STEP_SEC = 10;

/** Mixes planar channels to `channels`: stereo → mono averages, mono → stereo duplicates. */
export function toChannels(planar: Float32Array[], channels: number): Float32Array[] {
  if (planar.length === channels) return planar;
  if (channels === 1) {
    const out = new Float32Array(planar[0]!.length);
    for (const c of planar) for (let i = 0; i < out.length; i++) out[i] = out[i]! + c[i]! / planar.length;
    return [out];
  }
  return Array.from({ length: channels }, (_, c) => planar[Math.min(c, planar.length - 1)]!);
}

/**
 * Streams a raw scratch file to another rate and channel count, block by block, so memory does
 * not grow with the song. Returns the new file (or `src` itself when nothing changes).
 */
export function resampleRaw(src: RawRef, dst: string, toRate: number, channels: number): RawRef {
  if (src.sampleRate === toRate && src.channels === channels) return src;
  const reader = new RawPcmReader(src.path, src.sampleRate, src.channels);
  const writer = new RawPcmWriter(dst, channels);
  try {
    const r = new Resampler(src.sampleRate, toRate);
    const total = r.outputLength(reader.info.frames);
    const step = STEP_SEC * toRate;
    for (let o = 0; o < total; o += step) {
      const n = Math.min(step, total - o);
      const [a, b] = r.inputRange(o, n);
      const block = toChannels(reader.read(a, b - a), channels);
      writer.write(
        src.sampleRate === toRate
          ? block.map((c) => c.subarray(o - a, o - a + n))
          : block.map((c) => r.run(c, a, o, n)),
      );
    }
  } finally {
    reader.close();
    writer.close();
  }
  return { path: dst, sampleRate: toRate, channels };
}
