/** Machine-readable error codes; each maps to its own CLI exit code. */
export type EngineErrorCode =
  | 'INPUT_NOT_FOUND'
  | 'NOT_AUDIO'
  | 'CORRUPT'
  | 'EMPTY'
  | 'SILENT'
  | 'NO_VOCAL'
  | 'TOO_LONG'
  | 'TOO_SHORT'
  | 'UNKNOWN_VOICE'
  | 'BAD_PROFILE'
  | 'BAD_OPTION'
  | 'CANCELLED'
  | 'FFMPEG_MISSING'
  | 'OUTPUT_FAILED'
  | 'MODEL_INVALID'
  | 'STEMS_MISMATCH'
  | 'NOT_A_VOICE'
  | 'SEVERAL_VOICES'
  | 'INTERNAL';

/** CLI exit codes; 1 is left for unexpected crashes, 2 for usage errors. */
export const EXIT_CODES: Record<EngineErrorCode, number> = {
  BAD_OPTION: 2,
  INPUT_NOT_FOUND: 10,
  NOT_AUDIO: 11,
  CORRUPT: 12,
  EMPTY: 13,
  SILENT: 14,
  NO_VOCAL: 23,
  TOO_LONG: 15,
  TOO_SHORT: 16,
  UNKNOWN_VOICE: 17,
  BAD_PROFILE: 18,
  CANCELLED: 19,
  FFMPEG_MISSING: 20,
  OUTPUT_FAILED: 21,
  MODEL_INVALID: 22,
  STEMS_MISMATCH: 24,
  NOT_A_VOICE: 25,
  SEVERAL_VOICES: 26,
  INTERNAL: 70,
};

/** The only error type the engine throws on purpose; `message` is meant for people. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: EngineErrorCode, message: string, details?: Record<string, unknown>, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'EngineError';
    this.code = code;
    this.details = details;
  }

  get exitCode(): number {
    return EXIT_CODES[this.code];
  }
}

/** Wraps anything thrown into an EngineError so callers see one shape. */
export function toEngineError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  if (err instanceof Error && err.name === 'AbortError')
    return new EngineError('CANCELLED', 'The job was cancelled.');
  const msg = err instanceof Error ? err.message : String(err);
  return new EngineError('INTERNAL', `Internal engine error: ${msg}`, undefined, err);
}

/** Throws CANCELLED if the signal has fired; call between blocks. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EngineError('CANCELLED', 'The job was cancelled.');
}
