import { openSink } from '../io/encode';
import { RawPcmReader } from '../io/raw-pcm';

/** Chunk length of streaming passes over scratch audio. */
const CHUNK_SEC = 10;

/** Calls `fn` with successive chunks of a raw scratch file (planar, at most 10 s each). */
export async function forEachRawChunk(
  raw: string,
  channels: number,
  sampleRate: number,
  fn: (planar: Float32Array[]) => void | Promise<void>,
): Promise<void> {
  const r = new RawPcmReader(raw, sampleRate, channels);
  try {
    const chunk = CHUNK_SEC * sampleRate;
    for (let s = 0; s < r.info.frames; s += chunk) await fn(r.read(s, Math.min(chunk, r.info.frames - s)));
  } finally {
    r.close();
  }
}

/** Encodes a raw scratch file as WAV at `out`, scaled by `gain`. */
export async function rawToWav(
  raw: string,
  channels: number,
  sampleRate: number,
  out: string,
  gain = 1,
  /** Awaited after each chunk (to let other work of this thread run between them). */
  between?: () => Promise<void>,
): Promise<void> {
  const sink = openSink(out, sampleRate, channels, { kind: 'wav' });
  try {
    await forEachRawChunk(raw, channels, sampleRate, async (b) => {
      if (gain !== 1) for (const c of b) for (let i = 0; i < c.length; i++) c[i] = c[i]! * gain;
      await sink.write(b);
      await between?.();
    });
    await sink.finish();
  } catch (e) {
    sink.abort();
    throw e;
  }
}
