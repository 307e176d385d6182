import { rmSync } from 'node:fs';
import { LoudnessMeter } from '../dsp/loudness';
import { Limiter } from '../dsp/limiter';
import { openSink, type AudioSink } from '../io/encode';
import type { EncodeFormat } from '../io/ffmpeg-args';
import { RawPcmReader, RawPcmWriter } from '../io/raw-pcm';
import type { ScratchDir } from '../io/temp';
import { throwIfAborted } from '../errors';

/** One encoded destination (already a temp path; the caller renames). */
export interface SinkTarget {
  path: string;
  format: EncodeFormat;
}

/** Loudness actually delivered. */
export interface FinalLoudness {
  integratedLufs: number;
  truePeakDbtp: number;
  gainDb: number;
}

/** Preview settings: excerpt length and where to write it. */
export interface PreviewTarget extends SinkTarget {
  seconds: number;
}

const CHUNK_SEC = 10;

/**
 * Loudness-normalises a raw mix to `targetLufs` with true peak ≤ `ceilingDbtp`: gain, look-ahead
 * limiter, then a final trim if intersample peaks still poke through. Writes every target and the
 * watermarked preview. Streaming passes over scratch, so memory does not grow with length: the
 * targets are encoded during the levelling pass, and again in a pass of their own only when a trim
 * is needed.
 */
export async function finalizeMix(
  mixRaw: { path: string; sampleRate: number; channels: number },
  mixLufs: number,
  scratch: ScratchDir,
  targets: SinkTarget[],
  preview: PreviewTarget | undefined,
  opts: {
    targetLufs: number;
    ceilingDbtp: number;
    signal?: AbortSignal;
    onProgress?: (p: number) => void;
    /**
     * Work that needs the mix's gain (dB) and runs beside the levelling pass (the stems, on other
     * threads): started with the gain before levelling, and once more with the final gain after
     * it when a trim changed that gain (rare: the limiter stays under the ceiling).
     */
    alongside?: (gainDb: number) => Promise<void>;
  },
): Promise<FinalLoudness> {
  const { sampleRate: sr, channels: ch } = mixRaw;
  const gainDb = Number.isFinite(mixLufs) ? opts.targetLufs - mixLufs : 0;
  const gain = 10 ** (gainDb / 20);
  const limited = new RawPcmWriter(scratch.file('limited.f32'), ch);
  const limiter = new Limiter(sr, ch, 10 ** ((opts.ceilingDbtp - 0.5) / 20));
  const meter = new LoudnessMeter(sr, ch, true);
  const reader = new RawPcmReader(mixRaw.path, sr, ch);
  const chunk = CHUNK_SEC * sr;
  const frames = reader.info.frames;
  let skip = limiter.latency;
  let side = opts.alongside?.(gainDb);
  // Awaited below; a failure meanwhile must not go unhandled.
  side?.catch(() => undefined);
  // The encoders take the levelled audio while it is made: the final trim is almost always none
  // (the limiter stays half a dB under the ceiling), and when it is not they start again below.
  let sinks: AudioSink[] = targets.map((t) => openSink(t.path, sr, ch, t.format));
  // One chunk in flight: the encoders work on it while this thread levels the next.
  let fed: Promise<unknown> = Promise.resolve();
  const feed = async (planar: Float32Array[]): Promise<void> => {
    await fed;
    fed = Promise.all(sinks.map((sink) => sink.write(planar)));
    // Awaited at the next chunk or below; a failure meanwhile must not go unhandled.
    fed.catch(() => undefined);
  };
  try {
    try {
      for (let s = 0; s < frames; s += chunk) {
        throwIfAborted(opts.signal);
        const n = Math.min(chunk, frames - s);
        const block = reader.read(s, n);
        for (const c of block) for (let i = 0; i < n; i++) c[i] = c[i]! * gain;
        limiter.process(block, n);
        // Drop the limiter's latency so output stays sample-aligned with the input.
        const from = Math.min(skip, n);
        skip -= from;
        const out = block.map((c) => c.subarray(from));
        meter.push(out);
        limited.write(out);
        await feed(out);
        opts.onProgress?.((0.5 * (s + n)) / frames);
      }
      const tail = limiter.flush().map((c) => c.subarray(0, limiter.latency - skip));
      meter.push(tail);
      limited.write(tail);
      await feed(tail);
      await fed;
    } finally {
      reader.close();
      limited.close();
    }
  } catch (e) {
    for (const sink of sinks) sink.abort();
    await side?.catch(() => undefined);
    throw e;
  }
  const tp = meter.truePeakDb();
  const trimDb = Math.min(0, opts.ceilingDbtp - 0.05 - tp);
  const trim = 10 ** (trimDb / 20);
  const lim = new RawPcmReader(limited.path, sr, ch);
  if (trim !== 1 && side) {
    // The work beside took the gain before the trim: it starts again with the final one.
    const first = side;
    side = first.then(() => opts.alongside!(gainDb + trimDb));
    side.catch(() => undefined);
  }
  try {
    if (trim !== 1) {
      // Intersample peaks poke through: what the encoders took is too loud by the trim.
      for (const sink of sinks) sink.abort();
      // A killed encoder may still hold its file: the new one writes a file of its own.
      for (const t of targets) rmSync(t.path, { force: true });
      sinks = targets.map((t) => openSink(t.path, sr, ch, t.format));
      for (let s = 0; s < frames; s += chunk) {
        throwIfAborted(opts.signal);
        const n = Math.min(chunk, frames - s);
        const block = lim.read(s, n);
        for (const c of block) for (let i = 0; i < n; i++) c[i] = c[i]! * trim;
        // Every encoder gets its chunk before any is waited on: an encoder's pipe drains only once
        // it has encoded most of the chunk, and fed one after the other they would take turns.
        await Promise.all(sinks.map((sink) => sink.write(block, n)));
        opts.onProgress?.(0.5 + (0.45 * (s + n)) / frames);
      }
    }
    for (const sink of sinks) await sink.finish();
    opts.onProgress?.(0.95);
    if (preview) await writePreview(lim, preview, trim);
    await side;
  } catch (e) {
    for (const sink of sinks) sink.abort();
    await side?.catch(() => undefined);
    throw e;
  } finally {
    lim.close();
  }
  return { integratedLufs: meter.integrated() + trimDb, truePeakDbtp: tp + trimDb, gainDb: gainDb + trimDb };
}

/** Start frame and length of the preview excerpt: from ~30 % into the song, `seconds` long. */
export function previewWindow(frames: number, sampleRate: number, seconds: number): [number, number] {
  const len = Math.min(frames, Math.round(seconds * sampleRate));
  const start = Math.max(0, Math.min(frames - len, Math.round(frames * 0.3)));
  return [start, len];
}

/**
 * Preview = excerpt with fades and an audible watermark: a soft two-tone chime every 5 s at about
 * −20 dB under the music, so a preview cannot stand in for the paid render.
 */
async function writePreview(lim: RawPcmReader, p: PreviewTarget, trim: number): Promise<void> {
  const { sampleRate: sr, channels: ch, frames } = lim.info;
  const [start, len] = previewWindow(frames, sr, p.seconds);
  const data = lim.read(start, len);
  const fade = Math.min(len >> 1, sr);
  const chime = Math.round(0.35 * sr);
  for (let i = 0; i < len; i++) {
    const g = trim * Math.min(1, i / fade, (len - 1 - i) / fade);
    const tInPeriod = (i % (5 * sr)) - sr;
    let w = 0;
    if (tInPeriod >= 0 && tInPeriod < chime) {
      const t = tInPeriod / sr;
      const env = Math.exp(-t * 9) * Math.min(1, t / 0.005);
      w =
        0.1 *
        env *
        (Math.sin(2 * Math.PI * 1318.5 * t) + 0.7 * Math.sin(2 * Math.PI * (t < 0.12 ? 987.8 : 1975.5) * t));
    }
    for (let c = 0; c < ch; c++) data[c]![i] = data[c]![i]! * g + w;
  }
  const sink = openSink(p.path, sr, ch, p.format);
  try {
    await sink.write(data, len);
    await sink.finish();
  } catch (e) {
    sink.abort();
    throw e;
  }
}
