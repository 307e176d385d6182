/** Machine-readable codes of the errors the pipeline throws (a declined photo is a result, not an error). */
export type HeadshotsErrorCode =
  | 'BAD_OPTION'
  | 'INPUT_NOT_FOUND'
  | 'UNKNOWN_STYLE'
  | 'NO_USABLE_PHOTOS'
  | 'NOT_ENOUGH_COMBINATIONS'
  | 'CANCELLED'
  | 'WORKER_FAILED'
  | 'OUTPUT_FAILED'
  | 'INTERNAL';

/** The only error type the pipeline throws on purpose; `message` is meant for people. */
export class HeadshotsError extends Error {
  readonly code: HeadshotsErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: HeadshotsErrorCode, message: string, details?: Record<string, unknown>, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'HeadshotsError';
    this.code = code;
    this.details = details;
  }
}

/** Wraps anything thrown into a HeadshotsError so callers see one shape. */
export function toHeadshotsError(err: unknown): HeadshotsError {
  if (err instanceof HeadshotsError) return err;
  if (err instanceof Error && err.name === 'AbortError') return cancelled();
  const msg = err instanceof Error ? err.message : String(err);
  return new HeadshotsError('INTERNAL', `Internal headshots error: ${msg}`, undefined, err);
}

/** The error an aborted call rejects with. */
export function cancelled(): HeadshotsError {
  return new HeadshotsError('CANCELLED', 'The job was cancelled.');
}

/** Throws CANCELLED if the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelled();
}
