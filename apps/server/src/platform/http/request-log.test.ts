import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog, requestLogLevel, SLOW_REQUEST_MS } from './request-log';

/** A Fastify app whose log lines are collected, with the request log of the server. */
async function appLogging(level: string) {
  const lines: { msg: string; level: number; res?: { statusCode: number } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLog() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/bad', async (_req, reply) => reply.code(400).send({ ok: false }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('request log', () => {
  it.each([
    [200, 5, 'debug'],
    [304, 5, 'debug'],
    [200, SLOW_REQUEST_MS, 'info'],
    [404, 5, 'info'],
    [429, 5, 'info'],
    [500, 5, 'error'],
  ] as const)('logs a %i answer after %i ms at %s', (status, ms, level) => {
    expect(requestLogLevel(status, ms)).toBe(level);
  });

  it('writes no line for a fast success at info, one for a failure', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines.filter((l) => l.msg !== 'Server listening at')).toEqual([]);
    await app.inject({ method: 'GET', url: '/bad' });
    await app.inject({ method: 'GET', url: '/boom' });
    const completed = lines.filter((l) => l.msg === 'request completed' || l.msg === 'request errored');
    expect(completed.map((l) => l.res?.statusCode)).toEqual([400, 500]);
    await app.close();
  });

  it('logs every request at debug', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    await app.close();
  });
});
