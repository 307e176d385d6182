import { CoverMsg } from '@ai-covers/contracts';
import type { EngineErrorCode } from '@ai-covers/engine';

/**
 * Engine failures caused by the song itself, each with the product's own sentence: the engine's
 * messages are for operators (they may name files and tools) and never reach the person.
 */
export const SONG_FAULTS: Partial<Record<EngineErrorCode, string>> = {
  NOT_AUDIO: CoverMsg.notAudio,
  CORRUPT: CoverMsg.songCorrupt,
  EMPTY: CoverMsg.songEmpty,
  SILENT: CoverMsg.songSilent,
  TOO_LONG: CoverMsg.tooLong,
  TOO_SHORT: CoverMsg.songTooShort,
  STEMS_MISMATCH: CoverMsg.stemsMismatch,
  NO_VOCAL: CoverMsg.noVocal,
  // An account's own voice deleted while the cover waited.
  UNKNOWN_VOICE: CoverMsg.unknownVoice,
};

const SONG_FAULT_MESSAGES = new Set(Object.values(SONG_FAULTS));

/**
 * Whether a failed task may run again: a failure of the song itself (no vocal, unreadable, too
 * long…) or of a voice that is gone would fail the same way, so no retry is offered for it.
 */
export function canRetryFailure(error: string | null): boolean {
  return error === null || !SONG_FAULT_MESSAGES.has(error);
}
