import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { trimStrings } from './trim';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const track = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  ctx.app.inject({ method: 'POST', url: '/v1/track/ai-covers', payload, headers });

describe('envelope and errors', () => {
  it('answers an unknown /v1 path with a 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 40004, data: null, msg: 'No such endpoint: GET /v1/does-not-exist' });
  });

  it('answers malformed JSON with code 1 and HTTP 400', async () => {
    const res = await track('{"page": {');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, data: null, msg: 'Request body is not valid JSON' });
  });

  it('names the field of a wrong type', async () => {
    const res = await track(JSON.stringify({ page: {}, events: [{ event: 'x', time: 'yesterday' }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^body\.events\.0\.time: /);
  });

  it('names a missing field', async () => {
    const res = await track(JSON.stringify({ page: {} }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^body\.events: /);
  });

  it('refuses a 10 MB body with 413 and stores nothing', async () => {
    const big = JSON.stringify({
      page: {},
      events: [{ event: 'x', time: 1, props: { a: 'x'.repeat(10 * 1024 * 1024) } }],
    });
    const res = await track(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 1, msg: 'Request body is too large' });
    const health = await ctx.app.inject({ method: 'GET', url: '/v1/health' });
    expect(health.statusCode).toBe(200);
  });

  it('refuses an unsupported content type', async () => {
    const res = await track('hello', { 'content-type': 'application/x-unknown' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(1);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('accepts _t on GET requests and trims query strings', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/common/category?module=%20ai-headshots%20&_t=1712345678901',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.module).toBe('ai-headshots');
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/health',
        '/v1/common/category',
        '/v1/track/{project}',
        '/vapi/v1/common/ab-test',
      ]),
    );
    expect(doc.paths['/v1/common/category'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'module',
    );
  });

  it('sets security headers with a CSP', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('trimStrings', () => {
  it.each([
    ['  a ', 'a'],
    [
      { a: ' b ', n: 1, nested: [' c ', { d: ' e' }] },
      { a: 'b', n: 1, nested: ['c', { d: 'e' }] },
    ],
    [null, null],
  ])('trims %j', (input, expected) => {
    expect(trimStrings(input)).toEqual(expected);
  });
});

describe('rate limiting', () => {
  const categoryStatus = async (target: TestContext, remoteAddress: string, forwardedFor: string) =>
    (
      await target.app.inject({
        method: 'GET',
        url: '/v1/common/category?module=ai-headshots',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      })
    ).statusCode;

  it('counts a client by its socket address: by default no forwarded address is believed', async () => {
    const limited = await createTestContext({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      // Loopback and the private network too: a neighbour cannot pose as new clients either.
      for (const remoteAddress of ['127.0.0.1', '10.0.0.2']) {
        const codes = [];
        for (let i = 0; i < 3; i++)
          codes.push(await categoryStatus(limited, remoteAddress, `198.51.100.${i}`));
        expect(codes, remoteAddress).toEqual([200, 200, 429]);
      }
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For from the proxy TRUST_PROXY names, and only from it', async () => {
    const limited = await createTestContext({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.2' });
    try {
      const proxied = [];
      for (let i = 0; i < 3; i++)
        proxied.push(await categoryStatus(limited, '10.0.0.2', `198.51.100.${10 + i}`));
      expect(proxied).toEqual([200, 200, 200]);
      const other = [];
      for (let i = 0; i < 3; i++)
        other.push(await categoryStatus(limited, '10.0.0.3', `198.51.100.${20 + i}`));
      expect(other).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('answers with a 429 envelope past the limit', async () => {
    const limited = await createTestContext({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push(
          (await limited.app.inject({ method: 'GET', url: '/v1/common/category?module=ai-headshots' }))
            .statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await limited.app.inject({ method: 'GET', url: '/v1/common/category?module=ai-headshots' });
      expect(res.json()).toEqual({
        code: 1,
        data: null,
        msg: 'Too many requests. Please slow down and try again.',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('malformed URLs', () => {
  it('answer with the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, data: null });
  });
});
