import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { CoverMsg } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../../test/context';
import { visitor, type Headers } from '../../storage/storage.test-kit';
import { readStoredZip } from '../../../platform/format/zip';
import { isMp3, runRenderJob, songWav, uploadSong } from '../covers.test-kit';
import { createCoverAssetsRepo } from '../covers.assets.repo';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'covers-studio-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, who: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers: who });
const post = (url: string, who: Headers, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: who, payload });
const fetchSigned = (url: string) => ctx.app.inject({ method: 'GET', url });

/** A downloaded file's tags: title, the voice as artist, a square JPEG as its front cover. */
async function expectTags(bytes: Buffer, mimeType: string) {
  const { common } = await parseBuffer(bytes, { mimeType });
  expect([common.title, common.artist]).toEqual(['Studio Song', 'Velvet']);
  const picture = common.picture?.[0];
  expect(picture?.format).toBe('image/jpeg');
  const meta = await sharp(Buffer.from(picture!.data)).metadata();
  expect([meta.width, meta.height]).toEqual([1000, 1000]);
}

describe('download choices and remix of a finished cover', () => {
  let user: Awaited<ReturnType<typeof signInTestUser>>;
  let taskId: string;
  beforeAll(async () => {
    user = await signInTestUser(ctx);
    const key = await uploadSong(ctx, user.auth, 'Studio Song.wav', songWav(4));
    const created = await post('/v1/vsas/create', user.auth, { voice_id: 'velvet', file_key: key });
    taskId = created.json().data.task_id;
    expect(await runRenderJob(ctx, taskId)).toBe('done');
  }, within(120_000));

  it('a render keeps its WAV and stems and offers every format (the 128k is made when asked)', async () => {
    const task = (await get(`/v1/vsas/result/${taskId}`, user.auth)).json().data;
    expect(task.formats).toEqual(['wav', 'mp3', 'mp3_low', 'stems']);
    const roles = (await createCoverAssetsRepo(ctx.database.db).listFor([taskId])).map((a) => a.role);
    expect(roles.sort()).toEqual(['instrumental', 'original_vocals', 'vocals', 'wav']);
    expect(task.remixable).toBe(true);
    expect(task.mix).toEqual({ vocal: 1, instrumental: 1, reverb: 0.2 });
  });

  it('before paying, every format names the real cause (not a balance it does not know)', async () => {
    for (const format of ['wav', 'mp3', 'mp3_low', 'stems']) {
      const res = await get(`/v1/vsas/download/${taskId}?format=${format}`, user.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 490026, data: null, msg: CoverMsg.downloadLocked });
    }
    expect((await get(`/v1/vsas/download/${taskId}?format=flac`, user.auth)).json()).toMatchObject({
      code: 1,
      msg: expect.stringContaining('format must be one of'),
    });
  });

  it(
    'one charge unlocks every format: WAV, MP3 320k, MP3 128k and the stems zip',
    async () => {
      await ctx.features.credits.service.grantSignupGift(user.userId);
      const charged = await get(`/v1/deduct?kind=ai-covers&task_id=${taskId}`, user.auth);
      expect(charged.json()).toMatchObject({ code: 0, data: { consumed: 1, balance: 0 } });

      const wav = await get(`/v1/vsas/download/${taskId}?format=wav`, user.auth);
      expect(wav.json().data.name).toBe('Studio Song (Velvet cover).wav');
      const wavBytes = (await fetchSigned(wav.json().data.url)).rawPayload;
      expect(wavBytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      // Tagged: the title, the voice as artist and the cover art, square, as a music library reads them.
      await expectTags(wavBytes, 'audio/wav');

      const high = (await get(`/v1/vsas/download/${taskId}?format=mp3`, user.auth)).json().data;
      const low = (await get(`/v1/vsas/download/${taskId}?format=mp3_low`, user.auth)).json().data;
      expect(low.name).toBe('Studio Song (Velvet cover) 128k.mp3');
      const highBytes = (await fetchSigned(high.url)).rawPayload;
      const lowBytes = (await fetchSigned(low.url)).rawPayload;
      expect(isMp3(highBytes) && isMp3(lowBytes)).toBe(true);
      // The test song is at 22.05 kHz, where MP3's highest rate is 160k: "high" is the highest there is.
      const highRate = (await parseBuffer(highBytes, { mimeType: 'audio/mpeg' })).format.bitrate!;
      expect((await parseBuffer(lowBytes, { mimeType: 'audio/mpeg' })).format.bitrate).toBe(128_000);
      expect(highRate).toBeGreaterThan(128_000);
      await expectTags(highBytes, 'audio/mpeg');
      await expectTags(lowBytes, 'audio/mpeg');

      const stems = await get(`/v1/vsas/download/${taskId}?format=stems`, user.auth);
      expect(stems.json().data.name).toBe('Studio Song (Velvet cover) stems.zip');
      const zip = readStoredZip((await fetchSigned(stems.json().data.url)).rawPayload);
      expect(zip.map((e) => e.name)).toEqual([
        'Studio Song - converted vocal.wav',
        'Studio Song - instrumental.wav',
        'Studio Song - original vocal.wav',
      ]);
      expect(zip.every((e) => e.crcOk && e.data.subarray(0, 4).toString('latin1') === 'RIFF')).toBe(true);
      // Every stem in the song's channels: the converted vocal is stereo like the others.
      const channels = await Promise.all(
        zip.map(async (e) => (await parseBuffer(e.data, { mimeType: 'audio/wav' })).format.numberOfChannels),
      );
      expect(channels).toEqual([2, 2, 2]);
      // The zip is made once and kept: the second download hands out the same file.
      const again = await get(`/v1/vsas/download/${taskId}?format=stems`, user.auth);
      expect(new URL(again.json().data.url, 'http://x').pathname).toBe(
        new URL(stems.json().data.url, 'http://x').pathname,
      );
      // Re-downloads never charge again.
      const balance = await get(`/v1/deduct?kind=ai-covers&task_id=${taskId}`, user.auth);
      expect(balance.json().data).toMatchObject({ consumed: 0, repeated: true, balance: 0 });
    },
    within(60_000),
  );

  it(
    'a remix mixes the stems again in seconds and becomes the result, still paid',
    async () => {
      const before = (await get(`/v1/vsas/download/${taskId}?format=mp3`, user.auth)).json().data;
      const beforeBytes = (await fetchSigned(before.url)).rawPayload;
      const started = Date.now();
      const res = await post('/v1/vsas/remix', user.auth, {
        task_id: taskId,
        vocal: 0.2,
        instrumental: 1.5,
        reverb: 0,
      });
      const tookMs = Date.now() - started;
      expect(res.statusCode).toBe(200);
      const task = res.json().data;
      expect(task).toMatchObject({
        status: 3,
        paid: true,
        mix: { vocal: 0.2, instrumental: 1.5, reverb: 0 },
      });
      expect(tookMs).toBeLessThan(60_000);
      const after = (await get(`/v1/vsas/download/${taskId}?format=mp3`, user.auth)).json().data;
      const afterBytes = (await fetchSigned(after.url)).rawPayload;
      expect(isMp3(afterBytes)).toBe(true);
      expect(afterBytes.equals(beforeBytes)).toBe(false);
      // The old mix's file is gone: its signed URL no longer reads.
      expect((await fetchSigned(before.url)).statusCode).toBe(404);
    },
    within(90_000),
  );

  it('refuses bad mixes, other people and covers without stems, changing nothing', async () => {
    for (const body of [
      { task_id: taskId, vocal: 3, instrumental: 1, reverb: 0 },
      { task_id: taskId, vocal: 1, instrumental: -1, reverb: 0 },
      { task_id: taskId, vocal: 1, instrumental: 1, reverb: 2 },
      { task_id: taskId, vocal: 'loud', instrumental: 1, reverb: 0 },
      { task_id: '../../etc', vocal: 1, instrumental: 1, reverb: 0 },
    ]) {
      const res = await post('/v1/vsas/remix', user.auth, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(1);
    }
    const other = await signInTestUser(ctx);
    for (const who of [other.auth, visitor()]) {
      const res = await post('/v1/vsas/remix', who, {
        task_id: taskId,
        vocal: 1,
        instrumental: 1,
        reverb: 0,
      });
      expect(res.json()).toMatchObject({ code: 490618 });
    }
    const mix = (await get(`/v1/vsas/result/${taskId}`, user.auth)).json().data.mix;
    expect(mix).toEqual({ vocal: 0.2, instrumental: 1.5, reverb: 0 });
  });

  it('deleting the task deletes every kept file', async () => {
    const kept = await createCoverAssetsRepo(ctx.database.db).listFor([taskId]);
    // The tagged copies of the audio formats this account downloaded are kept files too; the 128k
    // went with the remix (the next download makes it again).
    expect(kept.map((k) => k.role).sort()).toEqual([
      'instrumental',
      'original_vocals',
      'stems_zip',
      'tagged_mp3',
      'tagged_mp3_low',
      'tagged_wav',
      'vocals',
      'wav',
    ]);
    const zip = (await get(`/v1/vsas/download/${taskId}?format=stems`, user.auth)).json().data.url;
    const tagged = (await get(`/v1/vsas/download/${taskId}?format=wav`, user.auth)).json().data.url;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/task/delete',
      headers: { ...user.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `task_id=${taskId}`,
    });
    expect(res.json().code).toBe(0);
    expect((await fetchSigned(zip)).statusCode).toBe(404);
    expect((await fetchSigned(tagged)).statusCode).toBe(404);
    expect(await createCoverAssetsRepo(ctx.database.db).listFor([taskId])).toEqual([]);
  });
});

describe('a cover from the user’s own stems', () => {
  it(
    'skips separation, renders, and keeps the vocal upload in the library when the task goes',
    async () => {
      const user = await signInTestUser(ctx);
      const vocalKey = await uploadSong(ctx, user.auth, 'Night Drive (Vocals).wav', songWav(4));
      const instKey = await uploadSong(ctx, user.auth, 'Backing track.wav', songWav(4));
      const res = await post('/v1/vsas/create', user.auth, {
        voice_id: 'velvet',
        vocal_key: vocalKey,
        instrumental_key: instKey,
      });
      expect(res.statusCode).toBe(200);
      const taskId = res.json().data.task_id;
      expect(res.json().data.task.song_name).toBe('Backing track.wav');
      // Titled after the song the stems are of, not after the instrumental's file name.
      expect(res.json().data.task.title).toBe('Night Drive');
      expect(await runRenderJob(ctx, taskId)).toBe('done');
      const task = (await get(`/v1/vsas/result/${taskId}`, user.auth)).json().data;
      expect(task).toMatchObject({ status: 3, remixable: true });
      await ctx.app.inject({
        method: 'POST',
        url: '/v1/task/delete',
        headers: { ...user.auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `task_id=${taskId}`,
      });
      const names = (await get('/v1/library/files', user.auth))
        .json()
        .data.rows.map((f: { name: string }) => f.name);
      expect(names).toEqual(expect.arrayContaining(['Night Drive (Vocals).wav', 'Backing track.wav']));
    },
    within(120_000),
  );

  it('refuses stems of different lengths, half a pair, and someone else’s stem: no task made', async () => {
    const user = await signInTestUser(ctx);
    const vocalKey = await uploadSong(ctx, user.auth, 'Vocal.wav', songWav(4));
    const longKey = await uploadSong(ctx, user.auth, 'Long.wav', songWav(10));
    const mismatch = await post('/v1/vsas/create', user.auth, {
      voice_id: 'velvet',
      vocal_key: vocalKey,
      instrumental_key: longKey,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ code: 1, data: null, msg: CoverMsg.stemsMismatch });

    const half = await post('/v1/vsas/create', user.auth, { voice_id: 'velvet', vocal_key: vocalKey });
    expect(half.statusCode).toBe(400);
    expect(half.json().msg).toMatch(/vocal_key and instrumental_key go together/);

    const other = await signInTestUser(ctx);
    const foreign = await post('/v1/vsas/create', other.auth, {
      voice_id: 'velvet',
      vocal_key: vocalKey,
      instrumental_key: longKey,
    });
    expect(foreign.json()).toMatchObject({ code: 40004 });
    expect((await get('/v1/vsas/list', user.auth)).json().data.total).toBe(0);
    expect((await get('/v1/vsas/list', other.auth)).json().data.total).toBe(0);
  });
});
