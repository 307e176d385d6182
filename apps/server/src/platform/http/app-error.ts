import { Code, httpStatusForCode } from '@ai-covers/contracts';

/** An error the API answers with its own envelope code, message and HTTP status. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(code: number, message: string, status?: number) {
    super(message);
    this.code = code;
    this.status = status ?? httpStatusForCode(code);
  }
}

export const badRequest = (msg: string) => new AppError(Code.error, msg, 400);
export const notFound = (msg: string) => new AppError(Code.resourceError, msg, 404);
export const conflict = (msg: string) => new AppError(Code.error, msg, 409);
