import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Fastify's routing errors (a URL that does not decode): the envelope, not Fastify's own body. */
export function frameworkErrorEnvelope(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.code(400).send({ code: Code.error, data: null, msg: `Bad request: ${error.message}` });
}

/** How a request that Node's HTTP parser refused is answered: status, envelope code and message. */
export function clientErrorAnswer(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): {
  status: number;
  code: number;
  msg: string;
} {
  // A request that never finished arriving is the spec's timeout (§8 code 401), sent as HTTP 408.
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: Code.timeout, msg: 'The request took too long to arrive' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The limit counts the request line with the headers: a long first line is a long address.
    const raw = error.rawPacket;
    const lineEnd = raw ? raw.indexOf('\r\n') : -1;
    const firstLine = raw ? raw.subarray(0, lineEnd === -1 ? raw.length : lineEnd).toString('latin1') : '';
    if (/^[A-Z]+ \S/.test(firstLine) && firstLine.length > 8192)
      return { status: 414, code: Code.error, msg: 'The address (URL) is too long' };
    return { status: 431, code: Code.error, msg: 'The request headers are too large' };
  }
  return { status: 400, code: Code.error, msg: 'Malformed HTTP request' };
}

/**
 * Node's HTTP parser errors (a bad request line, two Content-Length headers, a 20 KB address)
 * never reach a route: answer them on the socket in the envelope, then close it.
 */
export function clientErrorEnvelope(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, msg } = clientErrorAnswer(error);
  const body = JSON.stringify({ code, data: null, msg });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
