import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SeparationVariant } from '../separate/separate-block';
import { prepareInput } from './input';
import { rawToWav } from './raw-to-wav';
import { withRun } from './run';
import { separateFile } from './separate-file';

/** Options of `separateAudio`. */
export interface SeparateOptions {
  outDir: string;
  variant?: SeparationVariant;
  /** Longest accepted input in seconds. */
  maxSeconds: number;
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
  return withRun(o.threads, async ({ scratch, atomic, runner }) => {
    const sig = o.signal ? { signal: o.signal } : {};
    const inp = await prepareInput(input, scratch, { maxSeconds: o.maxSeconds, ...sig });
    const sep = await separateFile(inp, scratch, runner, {
      ...sig,
      ...(o.variant ? { variant: o.variant } : {}),
      onProgress: (p) => o.onProgress?.(0.95 * p),
    });
    mkdirSync(o.outDir, { recursive: true });
    const vocals = join(o.outDir, 'vocals.wav');
    const accompaniment = join(o.outDir, 'accompaniment.wav');
    await rawToWav(sep.lead.path, inp.channels, inp.sampleRate, atomic.temp(vocals));
    await rawToWav(sep.accompaniment.path, inp.channels, inp.sampleRate, atomic.temp(accompaniment));
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
  });
}
