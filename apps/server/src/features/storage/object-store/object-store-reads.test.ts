import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../../test/context';
import { getToken, putObject, someBytes, visitor, type Headers } from '../storage.test-kit';

// The callback, signed reads and image processing, and hostile input (uploads: store.test.ts).
let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-read-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const listFiles = async (who: Headers) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/library/files', headers: who })).json().data;

describe('the upload callback', () => {
  it('accepts a store-signed callback over HTTP (form-encoded) and refuses it once altered', async () => {
    const who = visitor();
    const { params } = await getToken(ctx.app, who);
    const storage = ctx.features.storage.uploads;
    const claims = storage.readToken(params.security_token);
    const { fields, signature } = await storage.signedCallback(
      claims,
      params.object_key,
      // Plain text (lyrics): a type a tool takes that the server does not measure (the object was
      // never written). Unknown types are refused at the callback since uploads name what they hold.
      { size: 3, etag: '"ABC"', mimeType: 'text/plain' },
      { 'x:file_name': '  padded.txt  ' },
    );
    const form = (f: Record<string, unknown>) =>
      new URLSearchParams(Object.entries(f).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const post = (body: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/storage/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-storage-signature': signature },
        payload: body,
      });
    const altered = await post(form({ ...fields, user_id: '1', visitor_id: '' }));
    expect(altered.statusCode).toBe(403);
    const ok = await post(form(fields));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'padded.txt', size: 3, etag: '"ABC"' });
    expect((await listFiles(who)).total).toBe(1);
    expect((await post(form(fields))).json().msg).toBe('This upload credential was already used');
  });

  it('refuses a callback forged from outside (no or wrong signature) and records nothing', async () => {
    const who = visitor();
    const body = {
      storage_key: 'ai-covers/x/evil.mp3',
      file_size: '1',
      mime_type: 'audio/mpeg',
      etag: '"X"',
      bucket: 'ai-covers',
      format: '',
      height: '',
      width: '',
      user_id: '1',
      region: 'local',
      description: '',
      file_name: 'evil.mp3',
      action: 'upload',
      expire: '',
      visitor_id: who['x-visitor-id']!,
      credential: 'f'.repeat(32),
      kind: 'ai-covers',
      duration: '',
    };
    for (const signature of [undefined, 'A'.repeat(43)]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/storage/callback',
        headers: signature ? { 'x-storage-signature': signature } : {},
        payload: body,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('Callback signature is missing or wrong');
    }
    expect((await listFiles(who)).total).toBe(0);
  });
});

describe('GET /v1/common/oss/sign and image processing', () => {
  it('signs an owned image; the store converts it to jpeg and resizes it with sharp', async () => {
    const who = visitor();
    const { params } = await getToken(ctx.app, who, 'ext=png');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const up = await putObject(ctx.app, params, png, {
      contentType: 'image/png',
      vars: { 'x:file_name': 'red.png' },
    });
    expect(up.json().data).toMatchObject({ type: 'image', width: 64, height: 48 });

    const signed = await ctx.app.inject({
      method: 'GET',
      url: `/v1/common/oss/sign?key=${params.object_key}`,
      headers: who,
    });
    expect(signed.statusCode).toBe(200);
    const jpeg = await ctx.app.inject({ method: 'GET', url: signed.json().data.url });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.rawPayload).metadata()).format).toBe('jpeg');

    const q = new URLSearchParams({ key: params.object_key, process: 'image/resize,w_16/format,webp' });
    const small = await ctx.app.inject({ method: 'GET', url: `/v1/common/oss/sign?${q}`, headers: who });
    const webp = await ctx.app.inject({ method: 'GET', url: small.json().data.url });
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 16, height: 12 });

    // The process is part of the signature: swapping it breaks the link.
    const swapped = small.json().data.url.replace('w_16', 'w_4000');
    expect((await ctx.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(403);
  });

  it("answers 'The file does not exist.' for another owner's key and refuses a bad process", async () => {
    const owner = visitor();
    const { params } = await getToken(ctx.app, owner, 'ext=png');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await putObject(ctx.app, params, png, { contentType: 'image/png' });
    const user = await signInTestUser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/common/oss/sign?key=${params.object_key}`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 40004, data: null, msg: 'The file does not exist.' });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/v1/common/oss/sign?key=${params.object_key}&process=image/rotate,90`,
      headers: owner,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses to process a file that is not an image, or a broken image', async () => {
    const who = visitor();
    const audio = await getToken(ctx.app, who);
    await putObject(ctx.app, audio.params, someBytes());
    const broken = await getToken(ctx.app, who, 'ext=png');
    // A PNG with its pixel data scrambled: the header says 32×32 (so the upload passes), the
    // pixels cannot be decoded.
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#f0f' } })
      .png()
      .toBuffer();
    const idat = png.indexOf('IDAT');
    png.fill(0x55, idat + 4, idat + 4 + png.readUInt32BE(idat - 4));
    expect((await putObject(ctx.app, broken.params, png, { contentType: 'image/png' })).statusCode).toBe(200);
    for (const [key, msg] of [
      [audio.params.object_key, 'x-oss-process applies to images only'],
      [broken.params.object_key, 'The image cannot be processed'],
    ] as const) {
      const signed = await ctx.app.inject({
        method: 'GET',
        url: `/v1/common/oss/sign?key=${key}`,
        headers: who,
      });
      const res = await ctx.app.inject({ method: 'GET', url: signed.json().data.url });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('refuses unsigned, expired and tampered read URLs', async () => {
    const who = visitor();
    const { params } = await getToken(ctx.app, who);
    await putObject(ctx.app, params, someBytes());
    const bare = await ctx.app.inject({ method: 'GET', url: `/storage/ai-covers/${params.object_key}` });
    expect(bare.statusCode).toBe(403);
    const { rows } = await listFiles(who);
    const url = new URL(rows[0].url, 'http://x');
    url.searchParams.set('Expires', String(Math.floor(Date.now() / 1000) - 1));
    expect((await ctx.app.inject({ method: 'GET', url: url.pathname + url.search })).json().msg).toBe(
      'This link has expired',
    );
    url.searchParams.set('Expires', String(Math.floor(Date.now() / 1000) + 99999));
    expect((await ctx.app.inject({ method: 'GET', url: url.pathname + url.search })).json().msg).toBe(
      'The link signature does not match',
    );
  });
});

describe('hostile input', () => {
  const hostile = visitor();
  const cases: [string, string, unknown?][] = [
    ['GET', '/v1/storage/token?kind=' + 'a'.repeat(100)],
    ['GET', '/v1/storage/token?ext=../../x'],
    ['GET', '/v1/storage/token?ext=%00'],
    ['GET', '/v1/common/oss/sign'],
    ['GET', '/v1/common/oss/sign?key=../../etc/passwd'],
    ['GET', '/v1/common/oss/sign?key=a&process=image/resize,w_99999'],
    ['GET', '/v1/library/files?page=abc'],
    ['GET', '/v1/library/files?page=-1'],
    ['GET', '/v1/library/files?start=2024-02-30'],
    ['GET', '/v1/library/files?tz=99999'],
    ['GET', '/v1/library/export/abc'],
    ['GET', '/v1/library/export/-5'],
    ['GET', '/v1/library/export/99999999999999999999'],
    ['POST', '/v1/library/rename', {}],
    ['POST', '/v1/library/rename', { id: 1e300, name: 'x' }],
    ['POST', '/v1/library/rename', { id: 1, name: 123 }],
    ['POST', '/v1/library/rename', { id: 1, name: 'a'.repeat(10_000) }],
    ['POST', '/v1/library/delete', { ids: 'all' }],
    ['POST', '/v1/library/delete', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
    ['POST', '/v1/library/delete', { ids: [1.5] }],
    ['POST', '/v1/storage/confirm', {}],
    ['POST', '/v1/storage/confirm', { security_token: 'x'.repeat(5000) }],
    ['POST', '/v1/storage/confirm', { security_token: 'a.b' }],
    ['POST', '/v1/storage/callback', { storage_key: { nested: true } }],
    ['PUT', '/storage/ai-covers/'],
    ['PUT', '/storage/other-bucket/a/b.mp3'],
    ['PUT', '/storage/ai-covers/a/b.mp3'],
    ['GET', '/storage/ai-covers/a/b.mp3?OSSAccessKeyId=x&Expires=abc&Signature=y'],
  ];

  it.each(cases)('%s %s answers a clear 4xx envelope, never a 500', async (method, url, payload) => {
    const res = await ctx.app.inject({
      method: method as 'GET',
      url,
      headers: hostile,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    const body = res.json();
    expect(body.code).not.toBe(0);
    expect(typeof body.msg).toBe('string');
    expect(body.msg.length).toBeGreaterThan(3);
    expect(body.msg).not.toMatch(/at .*\.ts:\d+/);
  });
});
