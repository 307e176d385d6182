import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { COVER_ART_LIMITS, CoverArtMsg, CoverMsg, Msg, avatarRect } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { seedCoverTask, uploadSong } from '../covers/covers.test-kit';
import { getToken, putObject, someBytes } from '../storage/storage.test-kit';
import { exportBody, fetchBytes, readPsd, titleLayer } from './cover-art.test-kit';

let ctx: TestContext;
let dataDir: string;
let user: Awaited<ReturnType<typeof signInTestUser>>;
let other: Awaited<ReturnType<typeof signInTestUser>>;
let taskId: string;
const square = { width: COVER_ART_LIMITS.generatedSize, height: COVER_ART_LIMITS.generatedSize };

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cover-art-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  user = await signInTestUser(ctx);
  other = await signInTestUser(ctx);
  taskId = await seedCoverTask(ctx, user.userId);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('artwork', () => {
  it('a finished cover gets generated artwork: background and avatar layers, title and voice name', async () => {
    const res = await get(`/v1/cover-art/${taskId}`, user.auth);
    expect(res.statusCode).toBe(200);
    const art = res.json().data;
    expect(art).toMatchObject({
      source: 'generated',
      style: 'aurora',
      ...square,
      title: 'Seeded',
      subtitle: 'Velvet',
    });
    const background = await fetchBytes(ctx.app, art.background_url);
    expect(await sharp(background.body).metadata()).toMatchObject({ format: 'png', ...square });
    const avatar = await fetchBytes(ctx.app, art.avatar_url);
    const rect = avatarRect(square.width);
    expect(await sharp(avatar.body).metadata()).toMatchObject({ width: rect.width, height: rect.height });
    // The same cover opens the same art, not a new one each time.
    expect((await get(`/v1/cover-art/${taskId}`, user.auth)).json().data.background_url.split('?')[0]).toBe(
      art.background_url.split('?')[0],
    );
  });

  it("takes the cover's title from the song's tags, as the cover page does, not from the file name", async () => {
    const tagged = await seedCoverTask(ctx, user.userId, undefined, { title: 'Ada Lane – Night Drive' });
    const art = (await get(`/v1/cover-art/${tagged}`, user.auth)).json().data;
    expect(art.title).toBe('Ada Lane – Night Drive');
  });

  it('each style draws another background', async () => {
    const before = (await get(`/v1/cover-art/${taskId}`, user.auth)).json().data;
    const res = await post(`/v1/cover-art/${taskId}/style`, user.auth, { style: 'grid' });
    expect(res.json()).toMatchObject({ code: 0, data: { style: 'grid', source: 'generated' } });
    const a = await fetchBytes(ctx.app, before.background_url);
    const b = await fetchBytes(ctx.app, res.json().data.background_url);
    expect(b.status).toBe(200);
    expect(Buffer.compare(a.body, b.body)).not.toBe(0);
    const bad = await post(`/v1/cover-art/${taskId}/style`, user.auth, { style: 'neon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('style must be one of');
  });

  it("someone else's cover, a missing one and an unfinished one read as no cover", async () => {
    for (const [url, who] of [
      [`/v1/cover-art/${taskId}`, other.auth],
      ['/v1/cover-art/doesnotexist123', user.auth],
      [`/v1/cover-art/${await seedCoverTask(ctx, user.userId, undefined, { status: 2 })}`, user.auth],
    ] as const) {
      const res = await get(url, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 490618, data: null, msg: 'The cover does not exist.' });
    }
    const exported = await post(
      `/v1/cover-art/${taskId}/export`,
      other.auth,
      await exportBody(square, 'album'),
    );
    expect(exported.json()).toMatchObject({ code: 490618 });
  });
});

describe('uploaded artwork', () => {
  const upload = (name: string, body: Buffer, type: string) => uploadSong(ctx, user.auth, name, body, type);

  it('a real image becomes the artwork, upright and at its own size', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const key = await upload('photo.png', png, 'image/png');
    const res = await post(`/v1/cover-art/${taskId}/upload`, user.auth, { file_key: key });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { source: 'upload', width: 1200, height: 800, avatar_url: null },
    });
    // Back to generated art for the tests below.
    await post(`/v1/cover-art/${taskId}/style`, user.auth, { style: 'aurora' });
  });

  it.each<[string, () => Promise<Buffer>, string, string]>([
    ['a 0-byte file', async () => Buffer.alloc(0), 'image/png', CoverMsg.emptyFile],
    [
      'text dressed as a PNG',
      async () => Buffer.from('hello, I am text'),
      'image/png',
      Msg.formatNotSupported,
    ],
  ])('%s is refused at its upload already', async (_name, bytes, type, msg) => {
    const { params } = await getToken(ctx.app, user.auth, 'kind=ai-covers&ext=png');
    const res = await putObject(ctx.app, params, await bytes(), { contentType: type });
    expect(res.json()).toEqual({ code: 1, data: null, msg });
  });

  it.each<[string, () => Promise<Buffer>, string, string]>([
    ['a song', async () => someBytes(), 'audio/wav', CoverArtMsg.notImage],
    [
      'a tiny image',
      () =>
        sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      'image/png',
      CoverArtMsg.imageTooSmall,
    ],
  ])('%s is refused with a clear message', async (_name, bytes, type, msg) => {
    const ext = type === 'audio/wav' ? 'wav' : 'png';
    const key = await upload(`bad.${ext}`, await bytes(), type);
    const res = await post(`/v1/cover-art/${taskId}/upload`, user.auth, { file_key: key });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, data: null, msg });
    expect((await get(`/v1/cover-art/${taskId}`, user.auth)).json().data.source).toBe('generated');
  });

  it("another owner's upload reads as missing", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const key = await uploadSong(ctx, other.auth, 'theirs.png', png, 'image/png');
    const res = await post(`/v1/cover-art/${taskId}/upload`, user.auth, { file_key: key });
    expect(res.json()).toMatchObject({ code: 40004, msg: 'The file does not exist.' });
  });
});

describe('export', () => {
  it('a 2:3 PNG and its layered PSD: background, avatar and title as separate layers', async () => {
    const body = await exportBody(square, 'poster');
    const res = await post(`/v1/cover-art/${taskId}/export`, user.auth, body);
    expect(res.statusCode).toBe(200);
    const exported = res.json().data;
    expect(exported).toMatchObject({ format: 'png', resolution: 'high', width: 1365, height: 2048 });
    expect(exported.name).toBe('Midnight Drive (cover art).png');

    const image = await fetchBytes(ctx.app, exported.url);
    expect(image.headers['content-disposition']).toContain('attachment');
    expect(await sharp(image.body).metadata()).toMatchObject({ format: 'png', width: 1365, height: 2048 });

    const psdFile = await fetchBytes(ctx.app, exported.psd_url);
    expect(psdFile.headers['content-disposition']).toContain('.psd');
    const psd = readPsd(psdFile.body);
    expect({ width: psd.width, height: psd.height }).toEqual({ width: 1365, height: 2048 });
    expect(psd.layers.map((l) => l.name).sort()).toEqual(['Avatar', 'Background', 'Title']);
    // The title layer holds the browser's pixels: opaque where the bar is, clear elsewhere.
    const title = psd.layers.find((l) => l.name === 'Title')!;
    const pixels = await title.layer.composite();
    const alphaAt = (x: number, y: number) => pixels[(y * title.width + x) * 4 + 3];
    expect(alphaAt(Math.round(title.width / 2), Math.round(title.height * 0.83))).toBe(255);
    expect(alphaAt(5, 5)).toBe(0);

    // The design is kept, so the editor reopens where it was.
    const art = (await get(`/v1/cover-art/${taskId}`, user.auth)).json().data;
    expect(art.design).toEqual(body.design);
    expect(art.exports[0].id).toBe(exported.id);
  });

  it('a low JPEG is 1080 on its long side', async () => {
    const res = await post(
      `/v1/cover-art/${taskId}/export`,
      user.auth,
      await exportBody(square, 'video', { format: 'jpeg', resolution: 'low' }),
    );
    expect(res.json().data).toMatchObject({ format: 'jpeg', width: 1080, height: 608 });
    const image = await fetchBytes(ctx.app, res.json().data.url);
    expect(await sharp(image.body).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 608 });
  });

  it.each<[string, (body: Awaited<ReturnType<typeof exportBody>>) => object, string]>([
    [
      'a crop outside the image',
      (b) => ({ ...b, design: { ...b.design, crop: { x: 1000, y: 0, width: 1365, height: 2048 } } }),
      CoverArtMsg.cropOutside,
    ],
    [
      'a 20000-pixel crop',
      (b) => ({
        ...b,
        design: { ...b.design, preset: 'free', crop: { x: 0, y: 0, width: 20000, height: 20000 } },
      }),
      CoverArtMsg.cropOutside,
    ],
    [
      'a crop off its preset ratio',
      (b) => ({ ...b, design: { ...b.design, crop: { x: 0, y: 0, width: 1000, height: 1000 } } }),
      CoverArtMsg.cropRatio,
    ],
    [
      'a 5000-character title',
      (b) => ({ ...b, design: { ...b.design, title: 'la'.repeat(2500) } }),
      CoverArtMsg.titleTooLong,
    ],
    [
      'a title of only emoji',
      (b) => ({ ...b, design: { ...b.design, title: '🎵🎶🔥' } }),
      CoverArtMsg.titleNoLetters,
    ],
    ['a title layer of the wrong size', (b) => ({ ...b, resolution: 'low' }), CoverArtMsg.titleLayer],
    [
      'a title layer that is no PNG',
      (b) => ({ ...b, title_layer: Buffer.from('nope').toString('base64') }),
      CoverArtMsg.titleLayer,
    ],
    [
      'a crop of words',
      (b) => ({ ...b, design: { ...b.design, crop: 'all of it' } }),
      'body.design.crop: crop must be {x, y, width, height} in pixels',
    ],
  ])('%s is refused with a clear message', async (_name, change, msg) => {
    const res = await post(
      `/v1/cover-art/${taskId}/export`,
      user.auth,
      change(await exportBody(square, 'poster')),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, data: null, msg });
  });

  it('a title layer bigger than the body limit gets a clear 413', async () => {
    const res = await post(`/v1/cover-art/${taskId}/export`, user.auth, {
      ...(await exportBody(square, 'poster')),
      title_layer: 'A'.repeat(6 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(1);
  });

  it(
    'keeps the newest exports only, deleting the oldest files',
    async () => {
      const layer = await titleLayer({ width: 1080, height: 1080 });
      for (let i = 0; i < COVER_ART_LIMITS.maxExportsPerCover + 1; i++) {
        const body = await exportBody(square, 'album', { resolution: 'low' });
        const res = await post(`/v1/cover-art/${taskId}/export`, user.auth, { ...body, title_layer: layer });
        expect(res.json().code).toBe(0);
      }
      const art = (await get(`/v1/cover-art/${taskId}`, user.auth)).json().data;
      expect(art.exports).toHaveLength(COVER_ART_LIMITS.maxExportsPerCover);
      // One export more than the limit, each a full composite and its layered file: a test's usual
      // 30 s is not enough for all of them while the browser journeys share the cores.
    },
    within(120_000),
  );
});

describe('deleting the cover', () => {
  it('takes its art, exports and their files along', async () => {
    const id = await seedCoverTask(ctx, user.userId);
    const art = (await get(`/v1/cover-art/${id}`, user.auth)).json().data;
    const exported = (
      await post(
        `/v1/cover-art/${id}/export`,
        user.auth,
        await exportBody(square, 'album', { resolution: 'low' }),
      )
    ).json().data;
    for (const url of [art.background_url, exported.url, exported.psd_url])
      expect((await fetchBytes(ctx.app, url)).status).toBe(200);

    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/v1/task/delete',
      headers: { ...user.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `task_id=${id}`,
    });
    expect(deleted.json()).toMatchObject({ code: 0, data: { outcome: 'deleted' } });
    for (const url of [art.background_url, exported.url, exported.psd_url])
      expect((await fetchBytes(ctx.app, url)).status).toBe(404);
    expect((await get(`/v1/cover-art/${id}`, user.auth)).json()).toMatchObject({ code: 490618 });
  });
});
