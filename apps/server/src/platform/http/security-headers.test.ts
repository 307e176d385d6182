import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { helmetHeaders } from './security-headers';
import { SECURITY_HEADER_OPTIONS } from './security';

/** The headers @fastify/helmet writes with the same options (what the server used to send). */
async function fastifyHelmetHeaders(): Promise<Record<string, string>> {
  const app = Fastify();
  await app.register(fastifyHelmet, SECURITY_HEADER_OPTIONS);
  app.get('/', async () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (['content-type', 'content-length', 'date', 'connection'].includes(name)) continue;
    out[name] = String(value);
  }
  return out;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('security headers computed once', () => {
  it('are exactly the headers @fastify/helmet writes with the same options', async () => {
    const expected = await fastifyHelmetHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    expect(helmetHeaders(SECURITY_HEADER_OPTIONS)).toEqual(expected);
  });

  it.each([
    ['an API answer', '/v1/health'],
    ['a 404 envelope', '/v1/no-such-route'],
  ])('are on %s', async (_name, url) => {
    const expected = await fastifyHelmetHeaders();
    const res = await ctx.app.inject({ method: 'GET', url });
    for (const [name, value] of Object.entries(expected)) expect(res.headers[name], name).toBe(value);
  });

  it('are on an error answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/common/category?count=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
