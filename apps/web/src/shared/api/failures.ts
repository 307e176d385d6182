import { Code } from '@ai-covers/contracts';
import { ApiError, CancelError, NetworkError, RequestError, TimeoutError } from './errors';

// What a failed call means, read from its class and its §8 code here and nowhere else: a screen
// asks one of these questions instead of looking at error classes or codes itself.

/** The §8 code of a failure; 1 (the generic error) for anything that is not a failed call. */
export function failureCode(failure: unknown): number {
  return failure instanceof RequestError ? failure.code : Code.error;
}

/** True when the caller cancelled the call (a page left, a dialog closed, an upload stopped). */
export function isCancelled(failure: unknown): boolean {
  return failure instanceof CancelError;
}

/** True when no answer arrived: the network failed or the call ran out of time. */
export function isConnectionLost(failure: unknown): boolean {
  return failure instanceof NetworkError || failure instanceof TimeoutError;
}

/**
 * The retry rule of a read (TanStack Query's `retry`): a missing or foreign record will not appear
 * by asking again, so only a call the server did not answer is tried again, twice at most.
 */
export function retryUnanswered(failureCount: number, failure: unknown): boolean {
  return !(failure instanceof ApiError) && failureCount < 2;
}

/** True when the server said that what was asked for does not exist (§8 40004). */
export function isMissingResource(failure: unknown): boolean {
  return failure instanceof ApiError && failure.code === Code.resourceError;
}

/** True for the re-login code (490010): the session ended (§4). */
export function isSessionEnded(code: number): boolean {
  return code === Code.relogin;
}

/** The download error kinds of §4, from a failed call's code (§8). */
export type DownloadErrorKind = 'not available' | 'login' | 'no task' | 'verify limit' | 'other';

/** Maps the code of a failed paid step (the charge, the link) to its §4 kind. */
export function downloadErrorKind(code: number): DownloadErrorKind {
  if (code === Code.notAuthorized || code === Code.relogin) return 'login';
  if (code === Code.notAvailable) return 'not available';
  if (code === Code.noTask) return 'no task';
  if (code === Code.verifyLimit || code === Code.verifyLimitAlt) return 'verify limit';
  return 'other';
}

/** True when the token a call went with is no good (40001, or 490010 re-login): sign in again. */
export function needsSignIn(failure: unknown): boolean {
  return downloadErrorKind(failureCode(failure)) === 'login';
}
