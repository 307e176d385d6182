import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { getToken, putObject, someBytes, visitor } from '../../features/storage/storage.test-kit';
import { clientErrorEnvelope } from './error-handler';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-body';
import { cleanInput, trimStrings } from './trim';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: `.tmp/hostile-input-${process.pid}` });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(ctx.settings.dataDir, { recursive: true, force: true });
});

const json = { 'content-type': 'application/json' };
const envelope = { code: 1, data: null, msg: expect.any(String) };

describe('deeply nested JSON', () => {
  it.each(['/v1/track/ai-covers', '/v1/library/rename', '/v1/vsas/create', '/v1/storage/callback'])(
    'answers 5,000 nested arrays to POST %s with a 400 envelope',
    async (url) => {
      const { auth } = await signInTestUser(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...json, ...auth },
        payload: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        ...envelope,
        msg: `Request body nests deeper than ${MAX_JSON_DEPTH} levels`,
      });
    },
  );

  it('counts depth outside strings only', () => {
    expect(jsonNestsDeeperThan('[[["[[[[[[[["]]]', 3)).toBe(false);
    expect(jsonNestsDeeperThan('[[[["\\"[[["]]]]', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
  });

  it('trims a value nested 100,000 levels deep without overflowing the stack', () => {
    let deep: unknown = ' x ';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { k: deep };
    let inner: unknown = trimStrings(deep);
    for (let i = 0; i < 100_000; i++) inner = Array.isArray(inner) ? inner[0] : (inner as { k: unknown }).k;
    expect(inner).toBe('x');
  });
});

describe('NUL characters', () => {
  it('names the field holding one', () => {
    expect(() => cleanInput({ events: [{ name: 'a\u0000' }] }, 'body')).toThrow(
      'body.events.0.name: must not contain a NUL character',
    );
    expect(() => cleanInput({ ['k\u0000']: 1 }, 'body')).toThrow('body.k\u0000: must not contain');
  });

  it.each([
    ['GET', '/v1/common/oss/sign?key=%00'],
    ['GET', '/v1/common/oss/sign?key=ai-covers%2Fa%00b.mp3'],
    ['GET', '/v1/vsas/result/abc%00def'],
    ['GET', '/v1/vsas/list?kind=ai-covers&task_ids=a%00'],
    ['GET', '/v1/deduct?kind=bgremover&task_id=x%00'],
  ])('refuses %s %s with a 400 envelope', async (method, url) => {
    const { auth } = await signInTestUser(ctx);
    const res = await ctx.app.inject({ method: method as 'GET', url, headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...envelope,
      msg: expect.stringMatching(/must not contain a NUL character$/),
    });
  });

  it.each([
    ['/v1/library/rename', { id: 1, name: 'song\u0000.mp3' }, 'body.name'],
    ['/v1/vsas/create', { voice_id: 'velvet', file_key: 'ai-covers/\u0000' }, 'body.file_key'],
    ['/v1/track/ai-covers', { page: {}, events: [{ event: 'e\u0000', time: 1 }] }, 'body.events.0.event'],
  ])('refuses a JSON body string with NUL (%s)', async (url, body, field) => {
    const { auth } = await signInTestUser(ctx);
    const res = await ctx.app.inject({ method: 'POST', url, headers: { ...json, ...auth }, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...envelope, msg: `${field}: must not contain a NUL character` });
  });

  it('refuses a form field with NUL', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/task/delete',
      headers: { ...visitor(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'task_id=abc%00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...envelope, msg: 'body.task_id: must not contain a NUL character' });
  });

  it('refuses upload callback variables with NUL and records nothing', async () => {
    const who = visitor();
    const { params } = await getToken(ctx.app, who);
    const res = await putObject(ctx.app, params, someBytes(), {
      vars: { 'x:file_name': 'song\u0000.mp3', 'x:description': 'ok' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...envelope,
      msg: 'x-oss-callback-var.x:file_name: must not contain a NUL character',
    });
    const files = await ctx.app.inject({ method: 'GET', url: '/v1/library/files', headers: who });
    expect(files.json().data.total).toBe(0);
  });
});

/** Sends raw bytes to a listening server and returns the status and JSON body of its answer. */
function rawRequest(port: number, bytes: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const bodyText = text.slice(text.indexOf('\r\n\r\n') + 4);
      try {
        resolve({ status, body: JSON.parse(bodyText) });
      } catch {
        resolve({ status, body: bodyText });
      }
    });
    socket.write(bytes);
  });
}

describe("requests Node's HTTP parser refuses", () => {
  let port = 0;
  beforeAll(async () => {
    // An address the system picks: nothing else can hold it.
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });

  it.each([
    ['a bad request line', 'GARBAGE\r\n\r\n', 400],
    [
      'two Content-Length headers',
      'POST /v1/track/ai-covers HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      400,
    ],
    ['a 20 KB address', `GET /v1/health?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`, 414],
    ['20 KB of headers', `GET /v1/health HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('answers %s in the envelope', async (_name, bytes, status) => {
    const res = await rawRequest(port, bytes);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(envelope);
  });
});

describe('a request that never finishes arriving', () => {
  it('is the spec timeout: code 401 in the envelope, HTTP 408', () => {
    const written: string[] = [];
    const socket = {
      destroyed: false,
      writable: true,
      write: (s: string) => written.push(s),
      destroy: () => undefined,
    } as unknown as net.Socket;
    const error = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    clientErrorEnvelope(error, socket);
    const [head, body] = written.join('').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(body!)).toEqual({ code: 401, data: null, msg: 'The request took too long to arrive' });
  });
});
