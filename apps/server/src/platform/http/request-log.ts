import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Slower than this, a successful request is worth a line at the default level. */
export const SLOW_REQUEST_MS = 1000;

/** The level of a finished request's line: failures and slow answers at info, the rest at debug. */
export function requestLogLevel(statusCode: number, ms: number): 'error' | 'info' | 'debug' {
  if (statusCode >= 500) return 'error';
  return statusCode >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
}

/**
 * Fastify's request lines, made cheap: at the default level (info) one line per failed (4xx, 5xx)
 * or slow request, instead of two JSON lines for every request ("incoming" and "completed"),
 * which under load cost more than many routes themselves. At debug every request is logged.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // At a disabled level pino's method is a no-op.
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const level = requestLogLevel(reply.statusCode, reply.elapsedTime);
    reply.log[level]({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
