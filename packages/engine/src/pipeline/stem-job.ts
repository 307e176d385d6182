import { RawPcmReader } from '../io/raw-pcm';
import { WavWriter } from '../io/wav';
import type { RawRef } from './jobs';

/** Stems are written at the mix gain but never above this peak (−1 dBFS). */
const STEM_PEAK = 0.89;
const CHUNK_SEC = 10;

/** One stem written as a WAV with the mix's gain (a block worker's job, beside the levelling pass). */
export interface StemJob {
  kind: 'stem';
  raw: RawRef;
  out: string;
  gainDb: number;
}

export interface StemResult {
  gain: number;
}

/**
 * Writes a scratch stem as a 16-bit WAV with the mix's gain, backed off if that would clip: a first
 * pass finds the peak, a second writes. Synchronous: it runs on a block worker, whose thread is
 * idle while the main thread levels the mix.
 */
export function runStem(job: StemJob): StemResult {
  const { path, sampleRate: sr, channels: ch } = job.raw;
  const r = new RawPcmReader(path, sr, ch);
  const w = new WavWriter(job.out, sr, ch);
  try {
    const chunk = CHUNK_SEC * sr;
    const frames = r.info.frames;
    let peak = 0;
    for (let s = 0; s < frames; s += chunk)
      for (const c of r.read(s, Math.min(chunk, frames - s)))
        for (const v of c) peak = Math.max(peak, Math.abs(v));
    const gain = Math.min(10 ** (job.gainDb / 20), peak > 0 ? STEM_PEAK / peak : 1);
    for (let s = 0; s < frames; s += chunk) {
      const b = r.read(s, Math.min(chunk, frames - s));
      if (gain !== 1) for (const c of b) for (let i = 0; i < c.length; i++) c[i] = c[i]! * gain;
      w.write(b);
    }
    return { gain };
  } finally {
    r.close();
    w.close();
  }
}
