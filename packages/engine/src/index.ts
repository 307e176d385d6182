/** Public API of the AI Covers engine. */
export { EngineError, EXIT_CODES, type EngineErrorCode } from './errors';
export {
  getEngine,
  openEngine,
  dspEngine,
  ENGINE_KINDS,
  type Engine,
  type EngineKind,
  type EngineLog,
  type OpenEngineOptions,
} from './engine';
export { createCover } from './pipeline/cover';
export {
  mediaTool,
  mediaToolPath,
  describeMediaTools,
  findOnPath,
  resolveMediaTool,
  type MediaTool,
  type ResolvedTool,
} from './io/binaries';
export { INPUT_DEMUXERS, decodeInputArgs } from './io/input-formats';
export { previewWindow } from './pipeline/finalize';
export { stemLengthsMatch, STEM_LENGTH_TOLERANCE } from './pipeline/own-stems';
export { remixStems, type RemixOptions, type RemixResult } from './pipeline/remix';
export { analyzeAudio, type AnalyzeOptions } from './pipeline/analyze';
export { separateAudio, type SeparateOptions, type SeparateOutput } from './pipeline/separate-api';
export { trainVoice, type TrainOptions } from './voice/train';
export {
  listVoices,
  getVoice,
  getVoiceProfile,
  SAMPLES_DIR,
  type VoiceInfo,
  type VoiceCategory,
} from './voice/library';
export { parseProfile, type VoiceProfile } from './voice/profile';
export { renderVoiceSample } from './voice/render-sample';
export type { CoverOptions, CoverRenderStage, CoverResult, OutputSpec, Analysis } from './types';
export type { SeparationVariant } from './separate/separate-block';

/** The engine's file writes, replaceable in tests (a full disk). */
export { engineDisk } from './io/disk';
