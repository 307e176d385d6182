import type { Analysis, CoverOptions, CoverResult } from './types';
import type { VoiceInfo } from './voice/library';
import type { VoiceProfile } from './voice/profile';
import type { TrainOptions } from './voice/train';
import type { AnalyzeOptions } from './pipeline/analyze';
import type { SeparateOptions, SeparateOutput } from './pipeline/separate-api';
import { createCover } from './pipeline/cover';
import { analyzeAudio } from './pipeline/analyze';
import { separateAudio } from './pipeline/separate-api';
import { trainVoice } from './voice/train';
import { getVoice, listVoices } from './voice/library';
import { EngineError } from './errors';

/** Kinds of engine a deployment can choose; only `dsp` exists today. */
export type EngineKind = 'dsp' | 'onnx' | 'remote';

/** The contract every cover engine implements, so the server does not care which one runs. */
export interface Engine {
  readonly kind: EngineKind;
  /** One honest sentence about what this engine is. */
  readonly description: string;
  listVoices(): VoiceInfo[];
  getVoice(id: string): VoiceInfo | undefined;
  analyzeAudio(input: string, opts?: AnalyzeOptions): Promise<Analysis>;
  separate(input: string, opts: SeparateOptions): Promise<SeparateOutput>;
  createCover(opts: CoverOptions): Promise<CoverResult>;
  trainVoice(recording: string, opts?: TrainOptions): Promise<VoiceProfile>;
}

/** The default engine: classic CPU signal processing, no model weights. */
export const dspEngine: Engine = {
  kind: 'dsp',
  description:
    'Classic signal processing on the CPU (soft-mask separation, phase-vocoder conversion). It moves pitch, formants and tone colour toward a voice profile; it does not clone a singer the way a neural RVC model does.',
  listVoices,
  getVoice,
  analyzeAudio,
  separate: separateAudio,
  createCover,
  trainVoice,
};

/** Returns the engine for `kind`; only `dsp` is implemented. */
export function getEngine(kind: EngineKind = 'dsp'): Engine {
  if (kind === 'dsp') return dspEngine;
  throw new EngineError('BAD_OPTION', `Engine "${kind}" is not available in this build; use "dsp".`);
}
