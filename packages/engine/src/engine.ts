import type { CoverOptions, CoverResult } from './types';
import { getVoice, listVoices, type VoiceInfo } from './voice/library';
import { createCover } from './pipeline/cover';
import { EngineError } from './errors';

/** Kinds of engine a deployment can choose (the server's ENGINE setting). */
export type EngineKind = 'dsp' | 'onnx';

/** The engine kinds, for settings validation. */
export const ENGINE_KINDS: readonly EngineKind[] = ['dsp', 'onnx'];

/**
 * What the server asks of a cover engine: the voices it offers and covers in them. The render job
 * and the voice library talk to this, so a deployment changes engines with a setting.
 */
export interface Engine {
  readonly kind: EngineKind;
  /** One honest sentence about what this engine is. */
  readonly description: string;
  listVoices(): VoiceInfo[];
  getVoice(id: string): VoiceInfo | undefined;
  createCover(opts: CoverOptions): Promise<CoverResult>;
  /** Releases what the engine holds (model sessions); the DSP engine holds nothing. */
  close(): Promise<void>;
}

/** Where an engine reports what it leaves out while starting (the server passes its logger). */
export interface EngineLog {
  warn(message: string): void;
  info?(message: string): void;
}

/** The default engine: classic CPU signal processing, no model weights. */
export const dspEngine: Engine = {
  kind: 'dsp',
  description:
    'Classic signal processing on the CPU (soft-mask separation, phase-vocoder conversion). It moves pitch, formants and tone colour toward a voice profile; it does not clone a singer the way a neural RVC model does.',
  listVoices,
  getVoice,
  createCover,
  close: async () => {},
};

/** Returns the DSP engine (the only one that needs nothing to start). */
export function getEngine(kind: EngineKind = 'dsp'): Engine {
  if (kind === 'dsp') return dspEngine;
  throw new EngineError('BAD_OPTION', `Engine "${kind}" needs models: start it with openEngine().`);
}

/** Settings of `openEngine`. */
export interface OpenEngineOptions {
  kind: EngineKind;
  /** Models folder, required for `onnx` (MODELS_DIR). */
  modelsDir?: string;
  /** Where sample clips of model voices are rendered. */
  samplesDir?: string;
  log?: EngineLog;
}

/**
 * Starts the engine a deployment chose. `onnx` loads and checks every model in `modelsDir` first and
 * throws one MODEL_INVALID line naming the file and the problem when it cannot start.
 */
export async function openEngine(o: OpenEngineOptions): Promise<Engine> {
  if (o.kind === 'dsp') return dspEngine;
  if (o.kind !== 'onnx')
    throw new EngineError('BAD_OPTION', `Unknown engine "${String(o.kind)}"; use dsp or onnx.`);
  if (!o.modelsDir)
    throw new EngineError('BAD_OPTION', 'The onnx engine needs a models folder (MODELS_DIR).');
  // onnxruntime's native binding loads only when a deployment asks for it; a missing package stops
  // start-up with one line before any model is read.
  const { onnxRuntime } = await import('./onnx/session');
  onnxRuntime();
  const { openOnnxEngine } = await import('./onnx/onnx-engine');
  return openOnnxEngine({
    modelsDir: o.modelsDir,
    ...(o.samplesDir ? { samplesDir: o.samplesDir } : {}),
    ...(o.log ? { log: o.log } : {}),
  });
}
