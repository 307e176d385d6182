import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COVER_LIMITS, CoverMsg } from '@ai-covers/contracts';
import { mediaToolPath } from '@ai-covers/engine';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { getToken, putObject, visitor, type Headers } from '../storage/storage.test-kit';
import { createCoversRepo } from './covers.repo';
import { coverTasks } from './covers.schema';
import { isMp3, runRenderJob, songWav, uploadSong } from './covers.test-kit';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'covers-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, who: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers: who });
const create = (who: Headers, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/v1/vsas/create', headers: who, payload: body });
const remove = (who: Headers, taskId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/task/delete',
    headers: { ...who, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `task_id=${encodeURIComponent(taskId)}`,
  });
/** A WAV song carrying RIFF INFO tags, written by ffmpeg as a tagging program would. */
async function taggedSong(tags: Record<string, string>): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'covers-tags-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.wav'), songWav(2));
    const meta = Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
    const args = [
      '-v',
      'error',
      '-i',
      path.join(dir, 'in.wav'),
      ...meta,
      '-c',
      'copy',
      path.join(dir, 'out.wav'),
    ];
    await promisify(execFile)(mediaToolPath('ffmpeg'), args);
    return fs.readFileSync(path.join(dir, 'out.wav'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const deduct = (who: Headers, taskId: string) => get(`/v1/deduct?kind=ai-covers&task_id=${taskId}`, who);

describe('a cover from upload to paid download', () => {
  let user: Awaited<ReturnType<typeof signInTestUser>>;
  let taskId: string;
  beforeAll(async () => {
    user = await signInTestUser(ctx);
  });

  it('creates a waiting task with its job sent', async () => {
    const key = await uploadSong(ctx, user.auth, 'My Song.wav', songWav(4));
    const res = await create(user.auth, { voice_id: 'velvet', file_key: key, backing: 'keep' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    taskId = data.task_id;
    expect(taskId).toMatch(/^[A-Za-z0-9_-]{16,32}$/);
    expect(data.task).toMatchObject({
      task_id: taskId,
      kind: 'ai-covers',
      status: 1,
      progress: 0,
      voice_id: 'velvet',
      key: 'auto',
      key_applied: null,
      backing: 'keep',
      song_name: 'My Song.wav',
      // No title tag: the file name without its extension.
      title: 'My Song',
      stage: null,
      eta_seconds: null,
      error: null,
      preview_url: null,
      source_url: null,
      paid: false,
      download_cost: 1,
    });
    // A 4 s song: the whole song is its preview, from the start.
    expect(data.task.preview_start).toBe(0);
    expect(data.task.duration).toBeCloseTo(4, 1);
    expect(data.task.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const row = await createCoversRepo(ctx.database.db).findById(taskId);
    expect(row?.jobId).toBeTruthy();
    const job = await ctx.queue.boss.getJobById('covers.render', row!.jobId!);
    expect(job?.data).toEqual({ task_id: taskId });
  });

  it("titles the cover from the song's tags (artist and title), not from its file name", async () => {
    const tagged = await taggedSong({ title: 'Moon River', artist: 'Ada Lane' });
    const key = await uploadSong(ctx, user.auth, 'song.wav', tagged);
    const res = await create(user.auth, { voice_id: 'velvet', file_key: key });
    expect(res.json().data.task).toMatchObject({ song_name: 'song.wav', title: 'Ada Lane – Moon River' });
    // The title is kept with the task: every later answer has it.
    const again = await get(`/v1/vsas/result/${res.json().data.task_id}`, user.auth);
    expect(again.json().data.title).toBe('Ada Lane – Moon River');
    await remove(user.auth, res.json().data.task_id);
  });

  it('the job renders it: done, with a preview anyone holding the URL can play', async () => {
    expect(await runRenderJob(ctx, taskId)).toBe('done');
    const res = await get(`/v1/vsas/result/${taskId}`, user.auth);
    const task = res.json().data;
    expect(task).toMatchObject({ status: 3, progress: 1, error: null, paid: false });
    expect(Number.isInteger(task.key_applied)).toBe(true);
    expect(task.duration).toBeCloseTo(4, 1);
    const preview = await ctx.app.inject({ method: 'GET', url: task.preview_url });
    expect(preview.statusCode).toBe(200);
    expect(isMp3(preview.rawPayload)).toBe(true);
    // The original song, for comparing before and after.
    const source = await ctx.app.inject({ method: 'GET', url: task.source_url });
    expect(source.statusCode).toBe(200);
    expect(source.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    // A second delivery of the same job finds nothing to do.
    expect(await runRenderJob(ctx, taskId)).toBe('skipped');
  });

  it('refuses the download until it is charged, then charges exactly once', async () => {
    const refused = await get(`/v1/vsas/download/${taskId}`, user.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 490026, data: null, msg: CoverMsg.downloadLocked });

    await ctx.features.credits.service.grantSignupGift(user.userId);
    const charged = await deduct(user.auth, taskId);
    expect(charged.json()).toMatchObject({ code: 0, data: { consumed: 1, repeated: false, balance: 0 } });
    expect((await get(`/v1/vsas/result/${taskId}`, user.auth)).json().data.paid).toBe(true);

    const res = await get(`/v1/vsas/download/${taskId}`, user.auth);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.name).toBe('My Song (Velvet cover).mp3');
    expect(Date.parse(data.expire)).toBeGreaterThan(Date.now());
    const file = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('My Song (Velvet cover).mp3'));
    expect(isMp3(file.rawPayload)).toBe(true);
    // The whole song, not a clip of it.
    const meta = await parseBuffer(file.rawPayload, { mimeType: 'audio/mpeg' });
    expect(meta.format.duration).toBeCloseTo(4, 0);

    const again = await deduct(user.auth, taskId);
    expect(again.json().data).toMatchObject({ consumed: 0, repeated: true, balance: 0 });
    expect((await get(`/v1/vsas/download/${taskId}`, user.auth)).statusCode).toBe(200);
  });

  it('nobody else can read, wait on, retry, delete, download or be charged for the task', async () => {
    const other = await signInTestUser(ctx);
    await ctx.features.credits.service.grantSignupGift(other.userId);
    const guest = visitor();
    for (const who of [other.auth, guest]) {
      for (const url of [`/v1/vsas/result/${taskId}`, `/v1/vsas/subscribe/${taskId}`]) {
        const res = await get(url, who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 490618, data: null, msg: CoverMsg.noTask });
      }
      expect((await get(`/v1/vsas/retry/${taskId}`, who)).json()).toMatchObject({
        code: 490618,
        msg: 'Request failed. Please refresh and try again.',
      });
      expect((await remove(who, taskId)).json()).toMatchObject({ code: 490618 });
      expect((await get(`/v1/vsas/list?task_ids=${taskId}`, who)).json().data.rows).toEqual([]);
    }
    expect((await get(`/v1/vsas/download/${taskId}`, other.auth)).json()).toMatchObject({ code: 490618 });
    const stolen = await deduct(other.auth, taskId);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe(490618);
    const none = await deduct(other.auth, 'no-such-task-123');
    expect(none.json()).toMatchObject({ code: 490618, msg: 'task_id: no such task for this account' });
    expect(await ctx.features.credits.service.balance(other.userId)).toBe(1);
    // Tools whose tasks live elsewhere keep the wallet's own rule.
    const noise = await get('/v1/deduct?kind=noise-reducer&task_id=elsewhere-1&val=30', other.auth);
    expect(noise.json()).toMatchObject({ code: 0, data: { consumed: 1 } });
    // A visitor must sign in to download.
    expect((await get(`/v1/vsas/download/${taskId}`, guest)).json()).toMatchObject({
      code: 40001,
      msg: 'Not logged in, please log in first',
    });
  });

  it('lists by task_ids or by page, newest first', async () => {
    const key = await uploadSong(ctx, user.auth, 'Second.wav', songWav(2));
    const second = (await create(user.auth, { voice_id: 'ember', file_key: key, key: -3 })).json().data;
    expect(second.task).toMatchObject({ key: -3, backing: 'keep', voice_id: 'ember' });
    const page = (await get('/v1/vsas/list', user.auth)).json().data;
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 10000 });
    expect(page.rows.map((r: { task_id: string }) => r.task_id)).toEqual([second.task_id, taskId]);
    expect(page.rows[1]).toMatchObject({ status: 3, paid: true });
    const byIds = (await get(`/v1/vsas/list?task_ids=${taskId}&task_ids=unknown-task-1`, user.auth)).json();
    expect(byIds.data.rows.map((r: { task_id: string }) => r.task_id)).toEqual([taskId]);
    const page2 = (await get('/v1/vsas/list?kind=ai-covers&page=2&page_size=1', user.auth)).json().data;
    expect(page2.rows.map((r: { task_id: string }) => r.task_id)).toEqual([taskId]);
  });

  it('resubmits the same song with another voice and key as a new task', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/vsas/resubmit',
      headers: user.auth,
      payload: { task_id: taskId, voice_id: 'ember', key: 2 },
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { task: { status: 1, voice_id: 'ember', key: 2, backing: 'keep', song_name: 'My Song.wav' } },
    });
    expect(res.json().data.task_id).not.toBe(taskId);
  });

  it('only a failed or timed-out task can be retried', async () => {
    const res = await get(`/v1/vsas/retry/${taskId}`, user.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 1, data: null, msg: CoverMsg.retryNotFailed });
  });

  it('deletes the task and its files; a second delete finds nothing', async () => {
    const before = (await get(`/v1/vsas/result/${taskId}`, user.auth)).json().data;
    const first = await remove(user.auth, taskId);
    expect(first.json()).toEqual({
      code: 0,
      data: { task_id: taskId, outcome: 'deleted' },
      msg: 'Delete successful',
    });
    expect((await ctx.app.inject({ method: 'GET', url: before.preview_url })).statusCode).toBe(404);
    const library = (await get('/v1/library/files?type=audio', user.auth)).json().data.rows;
    expect(library.map((r: { name: string }) => r.name)).not.toContain('My Song (Velvet cover).mp3');
    const second = await remove(user.auth, taskId);
    expect(second.statusCode).toBe(404);
    expect(second.json()).toEqual({ code: 490618, data: null, msg: CoverMsg.noTask });
    expect((await deduct(user.auth, taskId)).json().code).toBe(490618);
  });
});

describe('engine failures', () => {
  it("a silent song ends failed with the product's own message; no retry is offered or taken", async () => {
    const guest = visitor();
    const key = await uploadSong(ctx, guest, 'quiet.wav', songWav(2, { silent: true }));
    const taskId = (await create(guest, { voice_id: 'nimbus', file_key: key })).json().data.task_id;
    expect(await runRenderJob(ctx, taskId)).toBe('failed');
    const task = (await get(`/v1/vsas/result/${taskId}`, guest)).json().data;
    expect(task).toMatchObject({
      status: 4,
      error: CoverMsg.songSilent,
      preview_url: null,
      retryable: false,
    });

    // The same song would fail the same way: the retry is refused and the task stays as it was.
    const retried = await get(`/v1/vsas/retry/${taskId}`, guest);
    expect(retried.statusCode).toBe(409);
    expect(retried.json()).toMatchObject({ code: 1, msg: CoverMsg.retrySongFault });
    expect((await get(`/v1/vsas/result/${taskId}`, guest)).json().data).toMatchObject({
      status: 4,
      error: CoverMsg.songSilent,
    });
  });

  it('an empty file is refused at its upload, before any render, with a sentence that names no path or tool', async () => {
    const guest = visitor();
    const { params } = await getToken(ctx.app, guest, 'kind=ai-covers&ext=wav');
    const res = await putObject(ctx.app, params, Buffer.alloc(0), {
      contentType: 'audio/wav',
      vars: { 'x:file_name': 'empty.wav' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: CoverMsg.emptyFile });
    expect(res.json().msg).not.toMatch(/\/|storage|ffmpeg/);
  });
});

describe('bad input', () => {
  let user: Awaited<ReturnType<typeof signInTestUser>>;
  let song: string;
  beforeAll(async () => {
    user = await signInTestUser(ctx);
    song = await uploadSong(ctx, user.auth, 'song.wav', songWav(1));
  });

  it.each([
    [{ voice_id: 'nobody', file_key: 'x' }, 404, 40004, 'The file does not exist.'],
    [{ voice_id: 'Bad Voice!', file_key: 'x' }, 400, 1, /^body\.voice_id: voice_id is not a voice id/],
    [{ voice_id: 'velvet' }, 400, 1, /^body\.file_key: /],
    [{ voice_id: 'velvet', file_key: 'k', key: 13 }, 400, 1, /^body\.key: /],
    [{ voice_id: 'velvet', file_key: 'k', key: 1.5 }, 400, 1, /^body\.key: /],
    [{ voice_id: 'velvet', file_key: 'k', backing: 'x' }, 400, 1, /^body\.backing: must be 'keep'/],
    [{ voice_id: 'velvet', file_key: 'k', kind: 'bgremover' }, 400, 1, /^body\.kind: /],
  ])('create %j is refused', async (body, status, code, msg) => {
    const res = await create(user.auth, body);
    expect(res.json().code).toBe(code);
    expect(res.json().msg).toMatch(msg);
    expect(res.statusCode).toBe(status);
  });

  it('refuses an unknown voice, a file that is not a song, a song too long and a stranger', async () => {
    const unknown = await create(user.auth, { voice_id: 'nobody', file_key: song });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 1, data: null, msg: CoverMsg.unknownVoice });

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const image = await uploadSong(ctx, user.auth, 'photo.png', png, 'image/png');
    expect((await create(user.auth, { voice_id: 'velvet', file_key: image })).json()).toEqual({
      code: 1,
      data: null,
      msg: CoverMsg.notAudio,
    });

    // A song over the limit never becomes a file: the upload itself is refused, whatever the
    // client says its length is (more in storage/upload-refusals.test.ts).
    const { params } = await getToken(ctx.app, user.auth, 'kind=ai-covers&ext=wav');
    const long = await putObject(ctx.app, params, songWav(601, { silent: true, sampleRate: 2000 }), {
      contentType: 'audio/wav',
      vars: { 'x:file_name': 'long.wav', 'x:duration': '30' },
    });
    expect(long.json()).toEqual({ code: 1, data: null, msg: CoverMsg.tooLong });

    const stranger = await signInTestUser(ctx);
    const theirs = await create(stranger.auth, { voice_id: 'velvet', file_key: song });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 40004, data: null, msg: 'The file does not exist.' });
    expect((await create({}, { voice_id: 'velvet', file_key: song })).statusCode).toBe(401);
  });

  it.each(['/v1/vsas/result/', '/v1/vsas/subscribe/', '/v1/vsas/retry/', '/v1/vsas/download/'])(
    '%s refuses a malformed task id',
    async (prefix) => {
      for (const bad of ['short', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(65)]) {
        const res = await get(`${prefix}${bad}`, user.auth);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toMatch(/^params\.task_id: task_id is not a task id/);
      }
    },
  );

  it('refuses malformed delete, list and subscribe parameters', async () => {
    const res = await remove(user.auth, '../x');
    expect(res.json()).toMatchObject({ code: 1, msg: expect.stringMatching(/^body\.task_id: /) });
    expect((await get('/v1/vsas/list?page=0', user.auth)).json().msg).toMatch(/^query\.page: /);
    expect((await get('/v1/vsas/list?kind=music', user.auth)).json().msg).toMatch(/^query\.kind: /);
    expect((await get('/v1/vsas/subscribe/abcdefghij?status=9', user.auth)).json().msg).toMatch(
      /^query\.status: /,
    );
  });

  it('allows three covers in progress per owner, not a fourth', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await create(user.auth, { voice_id: 'velvet', file_key: song });
      expect(res.json().code).toBe(0);
      ids.push(res.json().data.task_id);
    }
    const fourth = await create(user.auth, { voice_id: 'velvet', file_key: song });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ code: 1, data: null, msg: CoverMsg.tooManyActive });
    // A deleted waiting task frees its place.
    expect((await remove(user.auth, ids[0]!)).json().data.outcome).toBe('deleted');
    expect((await create(user.auth, { voice_id: 'velvet', file_key: song })).json().code).toBe(0);
  });

  it('lets a visitor start five covers a day; an account has no daily cap', async () => {
    const guest = visitor();
    const key = await uploadSong(ctx, guest, 'guest.wav', songWav(1));
    // Five covers started earlier today, all finished (so only the daily cap can refuse).
    await ctx.database.db.insert(coverTasks).values(
      Array.from({ length: COVER_LIMITS.visitorDailyCovers }, (_, i) => ({
        id: `guest-day-${i}-${Date.now()}`,
        visitorId: guest['x-visitor-id']!,
        sourceKey: key,
        songName: 'guest.wav',
        voiceId: 'velvet',
        backing: 'keep',
        status: 3,
        progress: 1,
        createdAt: new Date(Date.now() - 3600_000),
      })),
    );
    const refused = await create(guest, { voice_id: 'velvet', file_key: key });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 1, data: null, msg: CoverMsg.visitorDailyLimit });
    // Yesterday's covers do not count.
    await ctx.database.db
      .update(coverTasks)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(coverTasks.visitorId, guest['x-visitor-id']!));
    expect((await create(guest, { voice_id: 'velvet', file_key: key })).json().code).toBe(0);
  });

  it('holds the limit under concurrent creates', async () => {
    const racer = await signInTestUser(ctx);
    const key = await uploadSong(ctx, racer.auth, 'race.wav', songWav(1));
    const results = await Promise.all(
      Array.from({ length: 6 }, () => create(racer.auth, { voice_id: 'velvet', file_key: key })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect((await get('/v1/vsas/list', racer.auth)).json().data.total).toBe(3);
  });

  it('refuses song links that are not http(s) URLs at all (covers.links.test.ts checks the rest)', async () => {
    for (const bad of ['ftp://example.com/a.mp3', 'not a url', 'javascript:alert(1)']) {
      const res = await get(`/v1/vsas/uri/check?external_uri=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 1, data: null, msg: CoverMsg.linkInvalid });
    }
    expect((await get('/v1/vsas/uri/check')).json().msg).toMatch(/^query\.external_uri: /);
  });

  it('publishes the covers calls in the OpenAPI document', async () => {
    const doc = (await get('/v1/openapi.json')).json();
    for (const p of [
      '/v1/vsas/create',
      '/v1/vsas/result/{task_id}',
      '/v1/vsas/download/{task_id}',
      '/v1/task/delete',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});
