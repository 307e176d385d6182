import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { getToken, putObject, signedPutHeaders, someBytes, visitor, type Headers } from '../storage.test-kit';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir, STORAGE_LIMITS_MB: 'ai-covers=1,default=1' });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const bucketDir = () => path.join(dataDir, 'storage', 'ai-covers');
/** Every stored object path and every leftover temp file. */
function storedFiles(): { objects: string[]; temps: string[] } {
  const list = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
      : [];
  return { objects: list(bucketDir()), temps: list(path.join(dataDir, 'storage', '.tmp')) };
}
/** A PUT over a real socket with the path exactly as given. */
async function rawPut(
  pathname: string,
  headers: Headers,
  body: Buffer,
): Promise<{ status: number; body: string }> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (ctx.app.server.address() as net.AddressInfo).port;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'PUT', path: pathname, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const listFiles = async (who: Headers) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/library/files', headers: who })).json().data;

describe('upload credentials (GET /v1/storage/token)', () => {
  it('returns every §3 field, scoped to one prefix, for a visitor', async () => {
    const who = visitor();
    const { path: prefix, params } = await getToken(ctx.app, who);
    expect(Object.keys(params)).toEqual(
      expect.arrayContaining([
        'bucket_name',
        'bucket_endpoint',
        'security_token',
        'access_key_id',
        'access_key_secret',
        'callback_body',
        'callback_body_type',
        'callback_host',
        'callback_url',
      ]),
    );
    expect(prefix).toMatch(/^ai-covers\/v[0-9a-f]{16}\/\d{8}\/[0-9a-f]{16}\/$/);
    expect(params.object_key.startsWith(prefix)).toBe(true);
    expect(params.object_key).toMatch(/\.mp3$/);
    expect(params.callback_body).toContain('storage_key=${object}');
    expect(new Date(params.expiration).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });

  it("maps 'passport-photo-maker' to the 'bgremover' area", async () => {
    const { path: prefix } = await getToken(ctx.app, visitor(), 'kind=passport-photo-maker');
    expect(prefix.startsWith('bgremover/')).toBe(true);
  });

  it('refuses a caller with neither sign-in nor visitor id, and a junk kind', async () => {
    const anon = await ctx.app.inject({ method: 'GET', url: '/v1/storage/token' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe(40001);
    const junk = await ctx.app.inject({
      method: 'GET',
      url: '/v1/storage/token?kind=../x',
      headers: visitor(),
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().msg).toMatch(/^query\.kind: /);
  });
});

describe('signed PUT to the embedded store', () => {
  it('stores a valid upload, records every callback field, and reads it back with Range', async () => {
    const who = visitor();
    const { params } = await getToken(ctx.app, who);
    const body = someBytes(5000);
    const res = await putObject(ctx.app, params, body, {
      vars: { 'x:file_name': 'My Song.mp3', 'x:description': 'demo' },
    });
    expect(res.statusCode).toBe(200);
    const file = res.json().data;
    expect(file).toMatchObject({ name: 'My Song.mp3', type: 'audio', size: 5000, mime_type: 'audio/mpeg' });
    expect(res.headers.etag).toBe(file.etag);
    expect(file.expire_at).not.toBeNull();
    expect(fs.readFileSync(path.join(bucketDir(), ...params.object_key.split('/').slice(0)))).toEqual(body);

    const { rows } = await listFiles(who);
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['My Song.mp3']);
    const whole = await ctx.app.inject({ method: 'GET', url: rows[0].url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(body);
    const part = await ctx.app.inject({
      method: 'GET',
      url: rows[0].url,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/5000');
    expect(part.rawPayload).toEqual(body.subarray(100, 200));
    const tail = await ctx.app.inject({ method: 'GET', url: rows[0].url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload).toEqual(body.subarray(4990));
    const bad = await ctx.app.inject({ method: 'GET', url: rows[0].url, headers: { range: 'bytes=9000-' } });
    expect(bad.statusCode).toBe(416);
  });

  it.each([
    [
      'a tampered signature',
      (h: Headers) => ({ ...h, authorization: h.authorization!.replace(/.{4}$/, 'AAA=') }),
      403,
      /signature does not match/,
    ],
    [
      'a changed content type after signing',
      (h: Headers) => ({ ...h, 'content-type': 'image/png' }),
      403,
      /signature does not match/,
    ],
    [
      'a tampered security token',
      (h: Headers) => ({ ...h, 'x-oss-security-token': h['x-oss-security-token']!.replace(/^./, 'x') }),
      403,
      /security token is invalid/,
    ],
    ['no authorization', (h: Headers) => ({ ...h, authorization: '' }), 403, /Authorization must be/],
    ['a forged callback body', (h: Headers) => h, 400, /x-oss-callback/],
  ])('rejects %s and stores nothing', async (name, mutate, status, msg) => {
    const before = storedFiles().objects.length;
    const { params } = await getToken(ctx.app, visitor());
    let headers = signedPutHeaders(params, params.object_key);
    if (name === 'a forged callback body') {
      const forged = { ...params, callback_body: 'storage_key=${object}&user_id=1' };
      headers = signedPutHeaders(forged, params.object_key);
    }
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/storage/${params.bucket_name}/${params.object_key}`,
      headers: mutate(headers),
      payload: someBytes(),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().msg).toMatch(msg);
    expect(storedFiles().objects.length).toBe(before);
  });

  it('rejects an expired credential and a request dated outside 15 minutes', async () => {
    const { params } = await getToken(ctx.app, visitor());
    const skewed = await putObject(ctx.app, params, someBytes(), {
      date: new Date(Date.now() - 20 * 60_000),
    });
    expect(skewed.statusCode).toBe(403);
    expect(skewed.json().msg).toBe('The request time is too skewed');

    const token = await getToken(ctx.app, visitor());
    const realNow = Date.now;
    // Credentials live STORAGE_TOKEN_TTL_SECONDS (15 min): move the server's clock past that.
    Date.now = () => realNow() + 16 * 60_000;
    try {
      const res = await putObject(ctx.app, token.params, someBytes(), { date: new Date(Date.now()) });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('The security token has expired');
    } finally {
      Date.now = realNow;
    }
  });

  it("rejects a key outside the credential's prefix, including another owner's key", async () => {
    const mine = await getToken(ctx.app, visitor());
    const theirs = await getToken(ctx.app, visitor());
    const foreign = await putObject(ctx.app, mine.params, someBytes(), { key: theirs.params.object_key });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().msg).toBe('This credential cannot write to this key');
    const sibling = await putObject(ctx.app, mine.params, someBytes(), { key: 'ai-covers/elsewhere/x.mp3' });
    expect(sibling.statusCode).toBe(403);
    // The other owner's upload still works and was not touched.
    const ok = await putObject(ctx.app, theirs.params, someBytes());
    expect(ok.statusCode).toBe(200);
  });

  it.each([
    ['../', (p: string) => `/storage/ai-covers/${p}../../../etc/passwd`],
    ['encoded ../', (p: string) => `/storage/ai-covers/${p}%2e%2e%2f%2e%2e%2fescape.mp3`],
    ['double-encoded', (p: string) => `/storage/ai-covers/${p}%252e%252e%252fx.mp3`],
    ['backslashes', (p: string) => `/storage/ai-covers/${p}..%5c..%5cx.mp3`],
    ['an absolute path', () => `/storage/ai-covers//etc/passwd`],
    ['a NUL byte', (p: string) => `/storage/ai-covers/${p}a%00.mp3`],
  ])('rejects path traversal with %s', async (_name, url) => {
    const before = storedFiles();
    const { path: prefix, params } = await getToken(ctx.app, visitor());
    // Sent raw on the wire: inject and fetch would resolve '../' before the server sees it.
    const res = await rawPut(url(prefix), signedPutHeaders(params, params.object_key), someBytes());
    expect(res.status).toBe(400);
    // A NUL is refused before the route, in any path parameter.
    expect(JSON.parse(res.body).msg).toMatch(
      /^(Invalid object key|params\.\*: must not contain a NUL character)$/,
    );
    expect(storedFiles()).toEqual(before);
  });

  it('rejects a body over the limit of the kind (413) and keeps nothing', async () => {
    const before = storedFiles();
    const { params } = await getToken(ctx.app, visitor());
    const res = await putObject(ctx.app, params, Buffer.alloc(1024 * 1024 + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(`File is larger than the limit of ${1024 * 1024} bytes`);
    expect(storedFiles()).toEqual(before);
  });

  it('rejects a reused credential and never overwrites the first upload', async () => {
    const who = visitor();
    const { params } = await getToken(ctx.app, who);
    const first = someBytes();
    expect((await putObject(ctx.app, params, first)).statusCode).toBe(200);
    const again = await putObject(ctx.app, params, someBytes());
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This upload credential was already used');
    const other = await putObject(ctx.app, params, someBytes(), { key: `${params.object_key}.2` });
    expect(other.statusCode).toBe(409);
    expect(fs.readFileSync(path.join(bucketDir(), params.object_key))).toEqual(first);
    expect((await listFiles(who)).total).toBe(1);
  });

  it('concurrent uploads to one key: one wins whole, the rest are refused, nothing torn', async () => {
    const who = visitor();
    const { params } = await getToken(ctx.app, who);
    const bodies = Array.from({ length: 5 }, () => someBytes(200_000));
    const results = await Promise.all(bodies.map((b) => putObject(ctx.app, params, b)));
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const stored = fs.readFileSync(path.join(bucketDir(), params.object_key));
    expect(bodies.some((b) => b.equals(stored))).toBe(true);
    expect(winners[0]!.json().data.etag).toBe(
      `"${(await import('node:crypto')).createHash('md5').update(stored).digest('hex').toUpperCase()}"`,
    );
    expect(storedFiles().temps).toEqual([]);
  });

  it('a body shorter than its Content-Length (client hangs up) leaves nothing', async () => {
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as net.AddressInfo).port;
    const { params } = await getToken(ctx.app, visitor());
    const headers = signedPutHeaders(params, params.object_key);
    const before = storedFiles();
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        const head = [
          `PUT /storage/${params.bucket_name}/${params.object_key} HTTP/1.1`,
          'host: x',
          'content-length: 10000',
        ];
        for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`);
        socket.write(head.join('\r\n') + '\r\n\r\n');
        socket.write(Buffer.alloc(4000, 1));
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('close', () => setTimeout(resolve, 200));
      socket.on('error', () => {});
    });
    expect(storedFiles()).toEqual(before);
    const retry = await putObject(ctx.app, params, someBytes());
    expect(retry.statusCode).toBe(200);
  });

  it('a Content-MD5 that does not match the body is refused and nothing is kept', async () => {
    const before = storedFiles();
    const { params } = await getToken(ctx.app, visitor());
    const res = await putObject(ctx.app, params, someBytes(), {
      signed: { 'content-md5': Buffer.alloc(16).toString('base64') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Content-MD5 does not match the body');
    expect(storedFiles()).toEqual(before);
    // The credential was not used up by the failed attempt.
    expect((await putObject(ctx.app, params, someBytes())).statusCode).toBe(200);
  });

  it('a body without Content-Length (chunked) is refused with 411', async () => {
    const { params } = await getToken(ctx.app, visitor());
    const headers = { ...signedPutHeaders(params, params.object_key), 'transfer-encoding': 'chunked' };
    const res = await rawPut(`/storage/${params.bucket_name}/${params.object_key}`, headers, someBytes());
    expect(res.status).toBe(411);
    expect(JSON.parse(res.body).msg).toBe('Content-Length is required');
  });
});
