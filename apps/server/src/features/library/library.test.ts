import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { RenameMsg } from '@ai-covers/contracts';
import { mediaToolPath } from '@ai-covers/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { getToken, putObject, someBytes, visitor, type Headers } from '../storage/storage.test-kit';
import { parseLocalDate } from './library.service';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Uploads one file as `who` and returns its library id. */
async function upload(
  who: Headers,
  name: string,
  contentType = 'audio/mpeg',
  body?: Buffer,
  vars: Record<string, string> = {},
): Promise<number> {
  const ext = name.split('.').pop()!;
  const { params } = await getToken(ctx.app, who, `ext=${ext}`);
  const res = await putObject(ctx.app, params, body ?? someBytes(), {
    contentType,
    vars: { 'x:file_name': name, ...vars },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as number;
}
const list = (who: Headers, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/v1/library/files?${query}`, headers: who });
const post = (who: Headers, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: who, payload });
const names = async (who: Headers, query = '') =>
  (await list(who, query)).json().data.rows.map((r: { name: string }) => r.name);

/** A one-second 640×360 MP4 with sound, made by ffmpeg. */
function mp4(): Buffer {
  const out = path.join(dataDir, 'clip.mp4');
  execFileSync(mediaToolPath('ffmpeg'), [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=640x360:d=1'],
    ...['-f', 'lavfi', '-i', 'sine=d=1', '-shortest', '-c:v', 'mpeg4', '-y', out],
  ]);
  return fs.readFileSync(out);
}

describe('cloud file library', () => {
  let user: Awaited<ReturnType<typeof signInTestUser>>;
  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
  beforeAll(async () => {
    user = await signInTestUser(ctx);
    await upload(user.auth, 'first.mp3');
    await upload(user.auth, 'photo.png', 'image/png', await png());
    // The sizes the client states are not what the server keeps.
    await upload(user.auth, 'clip.mp4', 'video/mp4', mp4(), {
      'x:width': '9999',
      'x:height': '1',
      'x:duration': '5',
    });
    await upload(user.auth, 'second.wav', 'audio/wav');
  });

  it('lists the tabs All, Audio, Image, Video, newest first, with signed URLs', async () => {
    const res = await list(user.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(4);
    expect(await names(user.auth)).toEqual(['second.wav', 'clip.mp4', 'photo.png', 'first.mp3']);
    expect(await names(user.auth, 'type=audio')).toEqual(['second.wav', 'first.mp3']);
    expect(await names(user.auth, 'type=image')).toEqual(['photo.png']);
    expect(await names(user.auth, 'type=video')).toEqual(['clip.mp4']);
    // A video's frame size and duration are measured by the server, whatever the client said.
    expect(res.json().data.rows[1]).toMatchObject({ type: 'video', width: 640, height: 360 });
    expect(res.json().data.rows[1].duration).toBeCloseTo(1, 0);
    const row = res.json().data.rows[2];
    expect(row).toMatchObject({ type: 'image', width: 8, height: 8, can_rename: true, expire_at: null });
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await ctx.app.inject({ method: 'GET', url: row.url })).statusCode).toBe(200);
    const thumb = await ctx.app.inject({ method: 'GET', url: row.thumb_url });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
    expect(res.json().data.rows[0].thumb_url).toBeNull();
  });

  it('paginates and filters by date', async () => {
    const page2 = (await list(user.auth, 'page=2&page_size=3')).json().data;
    expect(page2).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(page2.rows.map((r: { name: string }) => r.name)).toEqual(['first.mp3']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await names(user.auth, `start=${today}&end=${today}`)).toHaveLength(4);
    expect(await names(user.auth, `start=2000-01-01&end=2000-01-02`)).toEqual([]);
    const bad = await list(user.auth, 'start=2024-13-45');
    expect(bad.statusCode).toBe(400);
    const wrongOrder = await list(user.auth, 'start=2024-05-02&end=2024-05-01');
    expect(wrongOrder.json().msg).toBe('query.end: must not be before start');
    expect((await list(user.auth, 'type=text')).json().msg).toMatch(/^query\.type: /);
    expect((await list(user.auth, 'page_size=1000')).json().msg).toMatch(/^query\.page_size: /);
  });

  it('renames with the rules of §5', async () => {
    const id = (await list(user.auth, 'type=video')).json().data.rows[0].id;
    const ok = await post(user.auth, '/v1/library/rename', { id, name: '  My clip.mp4  ' });
    expect(ok.json()).toMatchObject({ code: 0, msg: 'Action succeeded', data: { name: 'My clip.mp4' } });
    // A name without an extension keeps the file's own.
    const bare = await post(user.auth, '/v1/library/rename', { id, name: 'Holiday clip' });
    expect(bare.json().data.name).toBe('Holiday clip.mp4');
    expect((await list(user.auth, 'type=video')).json().data.rows[0].name).toBe('Holiday clip.mp4');
    const wav = (await list(user.auth, 'type=audio')).json().data.rows[0].id;
    const dup = await post(user.auth, '/v1/library/rename', { id: wav, name: 'first.mp3' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('Duplicate name');
    const long = await post(user.auth, '/v1/library/rename', { id, name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('body.name: name must be at most 100 characters');
    // The limit counts the stored name: 100 characters plus the '.mp4' the rename adds is refused.
    const withExt = await post(user.auth, '/v1/library/rename', { id, name: 'x'.repeat(100) });
    expect(withExt.statusCode).toBe(400);
    expect(withExt.json().msg).toBe(RenameMsg.tooLong);
    const full = await post(user.auth, '/v1/library/rename', { id, name: 'x'.repeat(96) });
    expect(full.json().data.name).toBe(`${'x'.repeat(96)}.mp4`);
    expect((await list(user.auth, 'type=video')).json().data.rows[0].name).toHaveLength(100);
    // A video renamed with an audio file's extension would not play as one.
    const otherType = await post(user.auth, '/v1/library/rename', { id, name: 'x.mp3' });
    expect(otherType.statusCode).toBe(400);
    expect(otherType.json().msg).toBe(RenameMsg.otherType);
    expect((await post(user.auth, '/v1/library/rename', { id, name: 'a/b' })).json().msg).toMatch(
      /^body\.name: /,
    );
    expect((await post(user.auth, '/v1/library/rename', { id, name: '' })).json().msg).toMatch(
      /^body\.name: /,
    );
    const missing = await post(user.auth, '/v1/library/rename', { id: 999999, name: 'y' });
    expect(missing.json()).toEqual({ code: 40004, data: null, msg: 'The file does not exist.' });
  });

  it('hides product outputs (a full cover, a preview): not listed, renamed or exported', async () => {
    const result = await ctx.features.storage.files.storeOutput(
      { userId: user.userId, visitorId: null },
      {
        body: (await import('node:stream')).Readable.from([someBytes()]),
        fileName: 'cover.mp3',
        kind: 'ai-covers',
        action: 'result',
      },
    );
    const res = await post(user.auth, '/v1/library/rename', { id: result.id, name: 'mine.mp3' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('The file does not exist.');
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/v1/library/export/${result.id}`,
      headers: user.auth,
    });
    expect(exported.statusCode).toBe(404);
    expect(await names(user.auth)).not.toContain('cover.mp3');
  });

  it("never shows, renames, exports or deletes another owner's file", async () => {
    const stranger = visitor();
    const theirs = await upload(stranger, 'secret.mp3');
    expect(await names(user.auth)).not.toContain('secret.mp3');
    for (const res of [
      await post(user.auth, '/v1/library/rename', { id: theirs, name: 'stolen.mp3' }),
      await post(user.auth, '/v1/library/delete', { ids: [theirs] }),
      await ctx.app.inject({ method: 'GET', url: `/v1/library/export/${theirs}`, headers: user.auth }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('The file does not exist.');
    }
    // Mixing one foreign id with one's own deletes nothing at all.
    const mine = (await list(user.auth)).json().data.rows[0].id;
    expect((await post(user.auth, '/v1/library/delete', { ids: [mine, theirs] })).statusCode).toBe(404);
    expect(await names(stranger)).toEqual(['secret.mp3']);
    expect((await list(user.auth)).json().data.total).toBe(4);
  });

  it('exports the original bytes as a download', async () => {
    const body = someBytes(3000);
    const id = await upload(user.auth, 'export me.mp3', 'audio/mpeg', body);
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/library/export/${id}`, headers: user.auth });
    expect(res.json().data.name).toBe('export me.mp3');
    const download = await ctx.app.inject({ method: 'GET', url: res.json().data.url });
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''export%20me.mp3");
    expect(download.rawPayload).toEqual(body);
  });

  it("deletes files and their bytes: 'Delete successful'", async () => {
    const id = await upload(user.auth, 'gone.mp3');
    const url = (await list(user.auth)).json().data.rows[0].url;
    const res = await post(user.auth, '/v1/library/delete', { ids: [id] });
    expect(res.json()).toEqual({ code: 0, data: { deleted: 1 }, msg: 'Delete successful' });
    expect(await names(user.auth)).not.toContain('gone.mp3');
    expect((await ctx.app.inject({ method: 'GET', url })).json().msg).toBe('The file does not exist.');
    const again = await post(user.auth, '/v1/library/delete', { ids: [id] });
    expect(again.json().msg).toBe('The file does not exist.');
    expect((await post(user.auth, '/v1/library/delete', { ids: [] })).json().msg).toMatch(/^body\.ids: /);
    expect((await post(user.auth, '/v1/library/delete', { ids: ['x'] })).statusCode).toBe(400);
  });

  it('a visitor’s uploads expire; sign-in claims them for the account', async () => {
    const guest = visitor();
    await upload(guest, 'guest.mp3');
    const row = (await list(guest)).json().data.rows[0];
    expect(row.expire_at).not.toBeNull();
    const account = await signInTestUser(ctx);
    expect(await ctx.features.storage.files.claimVisitorFiles(guest['x-visitor-id']!, account.userId)).toBe(
      1,
    );
    const claimed = (await list(account.auth)).json().data.rows;
    expect(claimed.map((r: { name: string }) => r.name)).toEqual(['guest.mp3']);
    expect(claimed[0].expire_at).toBeNull();
    expect((await list(guest)).json().data.total).toBe(0);
  });

  it('documents every storage and library path in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const p of [
      '/v1/storage/token',
      '/v1/storage/callback',
      '/v1/storage/confirm',
      '/v1/common/oss/sign',
      '/v1/library/files',
      '/v1/library/rename',
      '/v1/library/delete',
      '/v1/library/export/{id}',
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
  });

  it('needs a visitor id or a sign-in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/library/files' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(40001);
  });
});

describe('parseLocalDate', () => {
  it.each([
    ['2024-05-01', 0, false, '2024-05-01T00:00:00.000Z'],
    ['2024-05-01', 0, true, '2024-05-02T00:00:00.000Z'],
    ['2024-05-01', -120, false, '2024-04-30T22:00:00.000Z'],
    ['2024-05-01 10:30', 60, true, '2024-05-01T11:31:00.000Z'],
  ])('%s tz %i end %s → %s', (text, tz, end, iso) => {
    expect(parseLocalDate(text, tz, end).toISOString()).toBe(iso);
  });
  it('refuses a day that does not exist', () => {
    expect(() => parseLocalDate('2024-02-30', 0, false)).toThrow(/not a real date/);
  });
});
