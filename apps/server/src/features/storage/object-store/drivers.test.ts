import { Readable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mimeTypeOf, type StorageTokenParams } from '@ai-covers/contracts';
import { createTestContext, type TestContext } from '../../../test/context';
import { createObjectStore } from '../../../platform/storage/create-object-store';
import type { ObjectStore } from '../../../platform/storage/object-store';
import { signedPutHeaders, someBytes, visitor, type Headers } from '../storage.test-kit';

// One suite, two drivers: the embedded store and S3 (s3rver in-process on a random port).
describe.each(['embedded', 's3'] as const)('storage driver: %s', (driver) => {
  let ctx: TestContext;
  let store: ObjectStore;
  let base: string;
  let dataDir: string;
  let s3: S3rver | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `driver-${driver}-`));
    const env: Record<string, string> = { DATA_DIR: dataDir, STORAGE_LIMITS_MB: 'ai-covers=1' };
    if (driver === 's3') {
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: path.join(dataDir, 's3rver'),
        configureBuckets: [{ name: 'covers-test', configs: [] }],
      });
      const { port } = await s3.run();
      Object.assign(env, {
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'covers-test',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
    }
    ctx = await createTestContext(env);
    store = createObjectStore(ctx.settings);
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by assertions
  const json = async (res: Response) => (await res.json()) as { code: number; msg: string; data: any };
  const abs = (url: string) => (url.startsWith('/') ? base + url : url);
  const api = (url: string, who: Headers, init: RequestInit = {}) =>
    fetch(base + url, {
      ...init,
      headers: { 'content-type': 'application/json', ...who, ...(init.headers as Headers) },
    });

  /** The token as the browser gets it, over HTTP. */
  async function getToken(_app: unknown, who: Headers, query = 'kind=ai-covers&ext=mp3') {
    const res = await api(`/v1/storage/token?${query}`, who);
    return (await json(res)).data as { path: string; params: StorageTokenParams };
  }

  /** What the web upload module does for each driver. Returns the final response (file record). */
  async function upload(params: StorageTokenParams, body: Buffer, fileName = 'song.mp3'): Promise<Response> {
    if (params.driver === 's3') {
      const put = await fetch(params.upload_url!, {
        method: 'PUT',
        body,
        headers: { 'content-type': mimeTypeOf(fileName) },
      });
      expect(put.status).toBe(200);
      return api(
        '/v1/storage/confirm',
        {},
        {
          method: 'POST',
          body: JSON.stringify({ security_token: params.security_token, file_name: fileName }),
        },
      );
    }
    const headers = signedPutHeaders(params, params.object_key, {
      contentType: mimeTypeOf(fileName),
      vars: { 'x:file_name': fileName },
    });
    return fetch(abs(`${params.bucket_endpoint}/${params.bucket_name}/${params.object_key}`), {
      method: 'PUT',
      body,
      headers,
    });
  }

  it('uploads, records, reads back (whole and Range) and deletes with the bytes', async () => {
    const who = visitor();
    const { params } = await getToken(ctx.app, who);
    expect(params.driver).toBe(driver === 's3' ? 's3' : 'oss');
    expect(params.bucket_endpoint).toBe(driver === 's3' ? ctx.settings.S3_ENDPOINT : '/storage');
    const body = someBytes(10_000);
    const res = await upload(params, body);
    expect(res.status).toBe(200);
    const file = (await json(res)).data;
    expect(file).toMatchObject({ name: 'song.mp3', size: 10_000, type: 'audio' });
    expect((await store.stat(params.object_key))?.size).toBe(10_000);

    const listed = (await json(await api('/v1/library/files?type=audio', who))).data.rows;
    expect(listed).toHaveLength(1);
    const whole = await fetch(abs(listed[0].url));
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(body);
    const part = await fetch(abs(listed[0].url), { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(body.subarray(10, 20));

    const del = await api('/v1/library/delete', who, {
      method: 'POST',
      body: JSON.stringify({ ids: [file.id] }),
    });
    expect((await json(del)).msg).toBe('Delete successful');
    expect(await store.stat(params.object_key)).toBeNull();
  });

  it('lists what it stores, with when it changed, for the orphan sweep', async () => {
    const key = `ai-covers/out/list-test/${driver}.bin`;
    await store.write(key, Readable.from([Buffer.from('orphan?')]), {
      maxBytes: 100,
      contentType: 'application/octet-stream',
    });
    const listed: Array<{ key: string; modified: Date }> = [];
    for await (const o of store.list()) listed.push(o);
    const mine = listed.find((o) => o.key === key);
    expect(mine).toBeDefined();
    expect(Math.abs(mine!.modified.getTime() - Date.now())).toBeLessThan(5 * 60_000);
    await store.remove(key);
  });

  it('refuses a second file with the same credential', async () => {
    const { params } = await getToken(ctx.app, visitor());
    expect((await upload(params, someBytes())).status).toBe(200);
    const again = await upload(params, someBytes());
    expect(again.status).toBe(409);
    expect((await json(again)).msg).toBe('This upload credential was already used');
  });

  it('refuses a body over the limit and keeps no bytes', async () => {
    const { params } = await getToken(ctx.app, visitor());
    const res = await upload(params, Buffer.alloc(1024 * 1024 + 10));
    expect(res.status).toBe(413);
    expect((await json(res)).msg).toBe(`File is larger than the limit of ${1024 * 1024} bytes`);
    expect(await store.stat(params.object_key)).toBeNull();
  });

  it('converts an image with the process of a signed URL', async () => {
    const who = visitor();
    const { params } = await getToken(ctx.app, who, 'ext=png');
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    expect((await upload(params, png, 'green.png')).status).toBe(200);
    const signed = await api(
      `/v1/common/oss/sign?key=${encodeURIComponent(params.object_key)}&process=image/resize,w_10`,
      who,
    );
    const out = await fetch(abs((await json(signed)).data.url));
    expect(await sharp(Buffer.from(await out.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 10,
      height: 5,
    });
  });

  it.runIf(driver === 's3')('confirm refuses a tampered token and a missing object', async () => {
    const { params } = await getToken(ctx.app, visitor());
    const forged = await api(
      '/v1/storage/confirm',
      {},
      {
        method: 'POST',
        body: JSON.stringify({ security_token: params.security_token.replace(/.$/, 'x') }),
      },
    );
    expect(forged.status).toBe(403);
    const notUploaded = await api(
      '/v1/storage/confirm',
      {},
      {
        method: 'POST',
        body: JSON.stringify({ security_token: params.security_token }),
      },
    );
    expect(notUploaded.status).toBe(404);
    expect((await json(notUploaded)).msg).toBe('The file does not exist.');
  });
});
