import { describe, expect, it } from 'vitest';
import { Code } from '@ai-covers/contracts';
import { ApiError, CancelError, NetworkError, TimeoutError } from './errors';
import {
  downloadErrorKind,
  failureCode,
  isCancelled,
  isConnectionLost,
  isMissingResource,
  isSessionEnded,
  needsSignIn,
  retryUnanswered,
} from './failures';

describe('download error kinds (§4)', () => {
  it.each([
    [Code.notAvailable, 'not available'],
    [Code.notAuthorized, 'login'],
    [Code.relogin, 'login'],
    [Code.noTask, 'no task'],
    [Code.verifyLimit, 'verify limit'],
    [Code.verifyLimitAlt, 'verify limit'],
    [Code.error, 'other'],
    [Code.resourceError, 'other'],
  ])('code %i is %s', (code, kind) => expect(downloadErrorKind(code)).toBe(kind));
});

describe('what a failure means', () => {
  const answered = new ApiError(Code.resourceError, 'Not found');
  const lost = new NetworkError();

  it('reads the code of a failed call, and 1 of anything else', () => {
    expect(failureCode(new ApiError(Code.noTask, 'no task'))).toBe(Code.noTask);
    expect(failureCode(new TimeoutError())).toBe(Code.timeout);
    expect(failureCode(new Error('boom'))).toBe(Code.error);
    expect(failureCode('text')).toBe(Code.error);
  });

  it('tells a cancelled call and a lost connection from an answer', () => {
    expect(isCancelled(new CancelError())).toBe(true);
    expect(isCancelled(lost)).toBe(false);
    expect(isConnectionLost(lost)).toBe(true);
    expect(isConnectionLost(new TimeoutError())).toBe(true);
    expect(isConnectionLost(answered)).toBe(false);
    expect(isConnectionLost(new CancelError())).toBe(false);
  });

  it('retries a read the server did not answer, twice at most; never an answer', () => {
    expect([0, 1, 2].map((count) => retryUnanswered(count, lost))).toEqual([true, true, false]);
    expect(retryUnanswered(0, answered)).toBe(false);
  });

  it('knows a missing resource (40004), a dead token (40001, 490010) and an ended session (490010)', () => {
    expect(isMissingResource(answered)).toBe(true);
    expect(isMissingResource(new ApiError(Code.noTask, 'no task'))).toBe(false);
    expect(isMissingResource(lost)).toBe(false);
    expect(needsSignIn(new ApiError(Code.notAuthorized, 'x'))).toBe(true);
    expect(needsSignIn(new ApiError(Code.relogin, 'x'))).toBe(true);
    expect(needsSignIn(answered)).toBe(false);
    expect(needsSignIn(new Error('x'))).toBe(false);
    expect(isSessionEnded(Code.relogin)).toBe(true);
    expect(isSessionEnded(Code.notAuthorized)).toBe(false);
  });
});
