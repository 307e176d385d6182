import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { Code, Msg } from '@ai-covers/contracts';
import { AppError } from './app-error';
import { isOutOfSpace } from '../disk/space';

interface ZodLikeIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Names the first failing field: "query.kind: Invalid option". */
export function describeValidation(context: string | undefined, issues: readonly ZodLikeIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const raw =
    first.params?.issue?.path?.map(String).join('.') ||
    first.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const where = [context === 'querystring' ? 'query' : context, raw].filter(Boolean).join('.');
  const message = first.params?.issue?.message ?? first.message ?? 'is invalid';
  return where ? `${where}: ${message}` : message;
}

/** Every failure becomes an envelope; a stack trace never leaves the process. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send({ code: error.code, data: null, msg: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const msg = describeValidation(error.validationContext, error.validation as ZodLikeIssue[]);
      return reply.code(400).send({ code: Code.error, data: null, msg });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.code(500).send({ code: Code.error, data: null, msg: Msg.generic });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ code: Code.error, data: null, msg: Msg.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: Code.error, data: null, msg: clientMessage(error) });
    }
    if (isOutOfSpace(error)) {
      // A full disk is the operator's problem, named as such: not a broken request, not a 500.
      request.log.error({ err: error }, 'request failed: out of space');
      return reply.code(503).send({ code: Code.error, data: null, msg: Msg.outOfSpace });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ code: Code.error, data: null, msg: Msg.generic });
  });
}

/** The envelope for a path no route answers. */
export function notFoundEnvelope(method: string, url: string) {
  return { code: Code.resourceError, data: null, msg: `No such endpoint: ${method} ${url.split('?')[0]}` };
}

/** Fastify's own 4xx errors, rewritten into plain sentences. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Content-Length does not match the body';
    default:
      return error.message.split('\n')[0] ?? 'Bad request';
  }
}
