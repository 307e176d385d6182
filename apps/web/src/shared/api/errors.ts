import { Code, Msg } from '@ai-covers/contracts';

/** Failure classes the spec reports to analytics (§8). */
export type FailureClass = 'API_Error' | 'Timeout' | 'USER' | 'Net_Error';

/** Base of every request failure; `message` is already the user-facing text of §8. */
export class RequestError extends Error {
  constructor(
    readonly failureClass: FailureClass,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** The server answered with a non-zero code (or no usable body). */
export class ApiError extends RequestError {
  constructor(code: number, message: string) {
    super('API_Error', code, message);
    this.name = 'ApiError';
  }
}

/** No answer within 30 s. */
export class TimeoutError extends RequestError {
  constructor() {
    super('Timeout', Code.timeout, Msg.timeout);
    this.name = 'TimeoutError';
  }
}

/** The caller cancelled the request (navigation, closed dialog). */
export class CancelError extends RequestError {
  constructor() {
    super('USER', Code.error, 'Request cancelled');
    this.name = 'CancelError';
  }
}

/** The network failed before any answer arrived. */
export class NetworkError extends RequestError {
  constructor() {
    super('Net_Error', Code.error, Msg.network);
    this.name = 'NetworkError';
  }
}
