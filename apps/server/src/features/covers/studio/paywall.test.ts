// The full, unwatermarked cover is the paid product: every other way to its bytes is closed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../../test/context';
import type { Headers } from '../../storage/storage.test-kit';
import { createCoversRepo } from '../covers.repo';
import { runRenderJob, songWav, uploadSong } from '../covers.test-kit';
import { id3v2Length } from './audio-tags';

let ctx: TestContext;
let dataDir: string;
let user: Awaited<ReturnType<typeof signInTestUser>>;
let taskId: string;
/** The stored full result and preview of the finished cover (read from the database, as a thief would guess). */
let result: { id: number; storageKey: string };
let preview: { id: number; storageKey: string };

const get = (url: string, who: Headers) => ctx.app.inject({ method: 'GET', url, headers: who });
const post = (url: string, who: Headers, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: who, payload });
const balance = () => ctx.features.credits.service.balance(user.userId);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paywall-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  user = await signInTestUser(ctx);
  await ctx.features.credits.service.grantSignupGift(user.userId);
  const key = await uploadSong(ctx, user.auth, 'Paid Song.wav', songWav(3));
  taskId = (await post('/v1/vsas/create', user.auth, { voice_id: 'velvet', file_key: key })).json().data
    .task_id;
  expect(await runRenderJob(ctx, taskId)).toBe('done');
  const task = await createCoversRepo(ctx.database.db).findById(taskId);
  result = { id: task!.resultFileId!, storageKey: task!.resultKey! };
  preview = { id: task!.previewFileId!, storageKey: task!.previewKey! };
  expect(result.storageKey).toBeTruthy();
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every URL inside a response body (signed read URLs are paths under /storage). */
function urlsIn(body: unknown): string[] {
  return [...JSON.stringify(body).matchAll(/"(\/storage\/[^"]+|https?:\/\/[^"]+)"/g)].map((m) => m[1]!);
}

describe('the full cover is reachable only through the paid download', () => {
  it('the library neither lists the full cover nor its preview', async () => {
    const res = await get('/v1/library/files?type=all', user.auth);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as { id: number; name: string }[];
    expect(rows.map((r) => r.id)).not.toContain(result.id);
    expect(rows.map((r) => r.id)).not.toContain(preview.id);
    // The song the user uploaded stays in the library.
    expect(rows.map((r) => r.name)).toEqual(['Paid Song.wav']);
    for (const url of urlsIn(res.json())) expect(url).not.toContain(result.storageKey);
  });

  it('the library cannot export, rename or delete it by id', async () => {
    const exported = await get(`/v1/library/export/${result.id}`, user.auth);
    expect(exported.statusCode).toBe(404);
    expect(exported.json()).toMatchObject({ code: 40004, data: null });
    const renamed = await post('/v1/library/rename', user.auth, { id: result.id, name: 'mine.mp3' });
    expect(renamed.json()).toMatchObject({ code: 40004 });
    const deleted = await post('/v1/library/delete', user.auth, { ids: [result.id] });
    expect(deleted.json()).toMatchObject({ code: 40004 });
  });

  it('no storage call signs a read URL of it', async () => {
    for (const key of [result.storageKey, preview.storageKey]) {
      const plain = await get(`/v1/common/oss/sign?key=${encodeURIComponent(key)}`, user.auth);
      expect(plain.statusCode).toBe(404);
      const processed = await get(
        `/v1/common/oss/sign?key=${encodeURIComponent(key)}&process=${encodeURIComponent('image/format,jpeg')}`,
        user.auth,
      );
      expect(processed.statusCode).toBe(404);
    }
  });

  it('it cannot be the song of a new cover (whose original would then be playable)', async () => {
    const res = await post('/v1/vsas/create', user.auth, { voice_id: 'ember', file_key: result.storageKey });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 40004, msg: 'The file does not exist.' });
  });

  it('task answers, lists, resubmits and retries never carry its URL', async () => {
    const answers = [
      await get(`/v1/vsas/result/${taskId}`, user.auth),
      await get(`/v1/vsas/subscribe/${taskId}`, user.auth),
      await get('/v1/vsas/list', user.auth),
      await get(`/v1/vsas/list?task_ids=${taskId}`, user.auth),
      await get(`/v1/vsas/retry/${taskId}`, user.auth),
      await post('/v1/vsas/resubmit', user.auth, { task_id: taskId, voice_id: 'ember' }),
    ];
    for (const res of answers) {
      const urls = urlsIn(res.json());
      for (const url of urls) expect(url).not.toContain(result.storageKey);
    }
    // The preview and the original are offered; they are what the task page plays.
    expect(urlsIn(answers[0]!.json()).some((u) => u.includes(preview.storageKey))).toBe(true);
  });

  it('the download refuses until paid, and the storage route refuses unsigned or re-signed reads', async () => {
    expect((await get(`/v1/vsas/download/${taskId}`, user.auth)).json()).toMatchObject({ code: 490026 });
    const bare = await ctx.app.inject({ method: 'GET', url: `/storage/ai-covers/${result.storageKey}` });
    expect(bare.statusCode).toBe(403);
    // The preview's signature does not open the full file.
    const previewUrl = (await get(`/v1/vsas/result/${taskId}`, user.auth)).json().data.preview_url as string;
    const swapped = previewUrl.replace(preview.storageKey, result.storageKey);
    expect((await ctx.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(403);
    expect(await balance()).toBe(1);
  });

  it('after the charge, the paid download is the way in', async () => {
    expect((await get(`/v1/deduct?kind=ai-covers&task_id=${taskId}`, user.auth)).json()).toMatchObject({
      code: 0,
    });
    expect(await balance()).toBe(0);
    const res = await get(`/v1/vsas/download/${taskId}`, user.auth);
    expect(res.statusCode).toBe(200);
    // The full cover, as a copy with its tags (title, voice, art): the same audio after the tag.
    const paid = (await ctx.app.inject({ method: 'GET', url: res.json().data.url })).rawPayload;
    const dir = fs.mkdtempSync(path.join(dataDir, 'result-'));
    const stored = fs.readFileSync(
      await ctx.features.storage.files.localFile({ storageKey: result.storageKey }, dir),
    );
    expect(paid.subarray(id3v2Length(paid)).equals(stored.subarray(id3v2Length(stored)))).toBe(true);
  });
});
