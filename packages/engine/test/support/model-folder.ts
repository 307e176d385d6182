/** A models folder with the tiny models, as an operator would lay out real ones. */
import { join } from 'node:path';
import {
  contentMeanModel,
  mdxGainModel,
  rmvpeConstantModel,
  rvcProbeModel,
  writeModel,
  type RvcProbe,
} from './tiny-models';

/** MDX geometry of the tests: a 3072-point STFT (not a power of two), 16 frames a chunk. */
export const MDX = { nFft: 3072, hop: 1024, dimF: 1024, dimT: 16 };
export const CONTENT_DIM = 768;
/** The tiny content model's frame: 320 samples at 16 kHz, as ContentVec (50 frames a second). */
export const CONTENT_HOP = 320;
/** The test voice writes 40 kHz audio, 100 frames a second. */
export const VOICE_RATE = 40000;

/** Writes a separator (output = input × gains, × compensate) into `dir`. */
export function addSeparator(
  dir: string,
  gains: [number, number, number, number],
  extra: Record<string, unknown> = {},
): string {
  return writeModel(
    dir,
    {
      kind: 'mdx-separator',
      id: 'sep',
      name: 'Test separator',
      tensors: { input: 'input', output: 'output' },
      sampleRate: 44100,
      stft: MDX,
      overlap: 0.5,
      ...extra,
    },
    mdxGainModel(MDX.dimF, MDX.dimT, gains),
  );
}

/** Writes the content encoder (feature 0 = frame mean). */
export function addContent(dir: string): string {
  return writeModel(
    dir,
    {
      kind: 'content-encoder',
      id: 'content',
      name: 'Test content encoder',
      tensors: { input: 'source', output: 'embed' },
      dim: CONTENT_DIM,
    },
    contentMeanModel(CONTENT_DIM, CONTENT_HOP),
  );
}

/** Writes an RMVPE stand-in whose salience peaks at `peak` in every frame. */
export function addRmvpe(dir: string, peak: number): string {
  return writeModel(
    dir,
    { kind: 'rmvpe', id: 'pitch', name: 'Test pitch model', tensors: { input: 'input', output: 'output' } },
    rmvpeConstantModel(128, 360, peak),
  );
}

/** Writes an RVC voice whose audio holds `probe` for each frame. */
export function addVoice(
  dir: string,
  id: string,
  probe: RvcProbe,
  extra: Record<string, unknown> = {},
): string {
  return writeModel(
    dir,
    {
      kind: 'rvc-voice',
      id,
      name: `Voice ${id}`,
      category: 'pop',
      description: 'A test voice.',
      content: 'content',
      sampleRate: VOICE_RATE,
      range: { lowMidi: 55, highMidi: 74, medianMidi: 64 },
      loudness: 'model',
      ...extra,
    },
    rvcProbeModel(CONTENT_DIM, VOICE_RATE / 100, probe),
  );
}

/** Path of a model's manifest. */
export function manifestPath(dir: string, id: string): string {
  return join(dir, id, 'manifest.json');
}
