import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { toEngineError } from '../errors';
import { openSink } from '../io/encode';
import { RawPcmReader } from '../io/raw-pcm';
import { AtomicOutputs, ScratchDir } from '../io/temp';
import type { SeparationVariant } from '../separate/separate-block';
import { prepareInput } from './input';
import { createRunner } from './pool';
import { separateFile } from './separate-file';

/** Options of `separateAudio`. */
export interface SeparateOptions {
  outDir: string;
  variant?: SeparationVariant;
  maxSeconds?: number;
  threads?: number;
  signal?: AbortSignal;
  onProgress?: (p: number) => void;
}

/** Result of `separateAudio`. */
export interface SeparateOutput {
  vocals: string;
  accompaniment: string;
  sampleRate: number;
  channels: number;
  durationSec: number;
  workers: number;
}

/** Writes `vocals.wav` and `accompaniment.wav` (input rate, channels and length) into `outDir`. */
export async function separateAudio(input: string, o: SeparateOptions): Promise<SeparateOutput> {
  const scratch = new ScratchDir();
  const atomic = new AtomicOutputs();
  const runner = await createRunner(o.threads);
  try {
    const sig = o.signal ? { signal: o.signal } : {};
    const inp = await prepareInput(input, scratch, { maxSeconds: o.maxSeconds ?? 600, ...sig });
    const sep = await separateFile(inp, scratch, runner, {
      ...sig,
      ...(o.variant ? { variant: o.variant } : {}),
      onProgress: (p) => o.onProgress?.(0.95 * p),
    });
    mkdirSync(o.outDir, { recursive: true });
    const vocals = join(o.outDir, 'vocals.wav');
    const accompaniment = join(o.outDir, 'accompaniment.wav');
    for (const [raw, out] of [
      [sep.lead.path, vocals],
      [sep.accompaniment.path, accompaniment],
    ] as const) {
      const r = new RawPcmReader(raw, inp.sampleRate, inp.channels);
      const sink = openSink(atomic.temp(out), inp.sampleRate, inp.channels, { kind: 'wav' });
      try {
        const chunk = inp.sampleRate * 10;
        for (let s = 0; s < r.info.frames; s += chunk)
          await sink.write(r.read(s, Math.min(chunk, r.info.frames - s)));
        await sink.finish();
      } finally {
        r.close();
      }
    }
    atomic.commit();
    o.onProgress?.(1);
    return {
      vocals,
      accompaniment,
      sampleRate: inp.sampleRate,
      channels: inp.channels,
      durationSec: inp.durationSec,
      workers: runner.mode === 'workers' ? runner.size : 0,
    };
  } catch (e) {
    atomic.abort();
    throw toEngineError(e);
  } finally {
    await runner.close();
    scratch.dispose();
  }
}
