// The MP3 128k is encoded from the kept WAV on its first download, kept, and dropped by a remix.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, CoverMsg, Msg } from '@ai-covers/contracts';
import { within } from '../../../test/time-limits';
import { createTestContext, signInTestUser, type TestContext } from '../../../test/context';
import type { Headers } from '../../storage/storage.test-kit';
import { createCoverAssetsRepo } from '../covers.assets.repo';
import { createCoversRepo } from '../covers.repo';
import { coverAssets } from '../covers.schema';
import { isMp3, runRenderJob, seedCoverTask, songWav, uploadSong } from '../covers.test-kit';
import { createCoverDownloads } from './studio.downloads';

let ctx: TestContext;
let dataDir: string;
let user: Awaited<ReturnType<typeof signInTestUser>>;
let taskId: string;

const get = (url: string, who: Headers) => ctx.app.inject({ method: 'GET', url, headers: who });
const post = (url: string, who: Headers, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: who, payload });
const owner = () => ({ userId: user.userId, visitorId: null });
const assets = () => createCoverAssetsRepo(ctx.database.db);
const kept = async (role: string) => (await assets().listFor([taskId])).find((a) => a.role === role);
const bytesOf = async (storageKey: string) =>
  fs.promises.readFile(await ctx.features.storage.files.localFile({ storageKey }, dataDir));

/** Ids of file rows (written as SQL: the files table is the storage feature's). */
async function fileIds(where: SQL): Promise<number[]> {
  const found = (await ctx.database.db.execute(
    sql`select id from files where ${where} order by id`,
  )) as unknown as {
    rows: { id: number | string }[];
  };
  return found.rows.map((r) => Number(r.id));
}

/** Ids of the user's 128k files that no task keeps. */
async function unreferencedLowFiles(userId: number): Promise<number[]> {
  return fileIds(
    sql`user_id = ${userId} and name = 'Low Song (Velvet cover) 128k.mp3'
      and id not in (select file_id from cover_assets where file_id is not null)`,
  );
}

/**
 * The downloads as one server process builds them, on the test app's database and storage, paid;
 * `encoded` lists the file ids its 128k encodes stored (tagged copies aside). With `beforeEncode`,
 * each encode waits for it after reading the WAV.
 */
function downloadsOfOneProcess(beforeEncode?: () => Promise<void>) {
  const files = ctx.features.storage.files;
  const encoded: number[] = [];
  const downloads = createCoverDownloads({
    repo: createCoversRepo(ctx.database.db),
    assets: assets(),
    files: {
      readUrl: (f, o) => files.readUrl(f, o),
      localFile: async (f, dir) => {
        const local = await files.localFile(f, dir);
        if (beforeEncode && f.storageKey.endsWith('.wav')) await beforeEncode();
        return local;
      },
      deleteOwnedFiles: (o, ids) => files.deleteOwnedFiles(o, ids),
      storeOutput: async (o, input) => {
        const stored = await files.storeOutput(o, input);
        if (String((input.body as fs.ReadStream).path).endsWith(`${path.sep}low.mp3`))
          encoded.push(stored.id);
        return stored;
      },
    },
    paidTasks: async (_userId, ids) => new Set(ids),
    voiceName: () => 'Velvet',
    log: { error: () => {} },
  });
  return { downloads, encoded };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'covers-low-mp3-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  user = await signInTestUser(ctx);
  const key = await uploadSong(ctx, user.auth, 'Low Song.wav', songWav(4));
  taskId = (await post('/v1/vsas/create', user.auth, { voice_id: 'velvet', file_key: key })).json().data
    .task_id;
  expect(await runRenderJob(ctx, taskId)).toBe('done');
  await ctx.features.credits.service.grantSignupGift(user.userId);
  expect((await get(`/v1/deduct?kind=ai-covers&task_id=${taskId}`, user.auth)).json().code).toBe(0);
}, within(120_000));
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the MP3 128k, made on its first download', () => {
  it('a render keeps the WAV but no MP3 128k, and still offers it', async () => {
    const roles = (await assets().listFor([taskId])).map((a) => a.role).sort();
    expect(roles).toEqual(['instrumental', 'original_vocals', 'vocals', 'wav']);
    const task = (await get(`/v1/vsas/result/${taskId}`, user.auth)).json().data;
    expect(task.formats).toEqual(['wav', 'mp3', 'mp3_low', 'stems']);
  });

  it(
    'the first ask encodes it from the WAV and keeps it; the next reuses the kept file',
    async () => {
      const first = await get(`/v1/vsas/download/${taskId}?format=mp3_low`, user.auth);
      expect(first.statusCode).toBe(200);
      expect(first.json().data.name).toBe('Low Song (Velvet cover) 128k.mp3');
      const low = await kept('mp3_low');
      expect(low?.fileId).toBeTypeOf('number');
      // The kept file is the encoder's, untagged: an MP3 at 128k as long as the song.
      const bytes = await bytesOf(low!.storageKey);
      expect(isMp3(bytes)).toBe(true);
      const { format } = await parseBuffer(bytes, { mimeType: 'audio/mpeg' });
      expect(format.bitrate).toBe(128_000);
      const duration = (await createCoversRepo(ctx.database.db).findById(taskId))!.duration!;
      expect(Math.abs(format.duration! - duration)).toBeLessThan(0.1);
      // The download hands out a tagged copy of it, at the same rate.
      const handed = await ctx.app.inject({ method: 'GET', url: first.json().data.url });
      expect((await parseBuffer(handed.rawPayload, { mimeType: 'audio/mpeg' })).format.bitrate).toBe(128_000);

      const second = await get(`/v1/vsas/download/${taskId}?format=mp3_low`, user.auth);
      expect(second.statusCode).toBe(200);
      expect(await kept('mp3_low')).toEqual(low);
      // The tagged copy of the first download went with the second's.
      expect(await unreferencedLowFiles(user.userId)).toEqual([]);
    },
    within(60_000),
  );

  it(
    'two first asks at once share one encode in a process; across processes one file is kept',
    async () => {
      const dropLow = async () => {
        const low = await kept('mp3_low');
        await ctx.database.db
          .delete(coverAssets)
          .where(and(eq(coverAssets.taskId, taskId), eq(coverAssets.role, 'mp3_low')));
        if (low?.fileId) await ctx.features.storage.files.deleteOwnedFiles(owner(), [low.fileId]);
      };
      const fileRows = async (ids: number[]) => fileIds(sql`id in (${sql.join(ids, sql`, `)})`);

      await dropLow();
      const one = downloadsOfOneProcess();
      const both = await Promise.all([
        one.downloads.download(user.userId, taskId, 'mp3_low'),
        one.downloads.download(user.userId, taskId, 'mp3_low'),
      ]);
      expect(both.map((d) => d.name)).toEqual(Array(2).fill('Low Song (Velvet cover) 128k.mp3'));
      expect(one.encoded).toHaveLength(1);
      expect((await kept('mp3_low'))?.fileId).toBe(one.encoded[0]);

      await dropLow();
      // Both processes find no 128k kept before either keeps one.
      let arrived = 0;
      let release = () => {};
      const bothRead = new Promise<void>((resolve) => (release = resolve));
      const meet = () => {
        if (++arrived === 2) release();
        return bothRead;
      };
      const [a, b] = [downloadsOfOneProcess(meet), downloadsOfOneProcess(meet)];
      await Promise.all([
        a.downloads.download(user.userId, taskId, 'mp3_low'),
        b.downloads.download(user.userId, taskId, 'mp3_low'),
      ]);
      // Each process encoded; the first to keep its file won, the other deleted its own.
      const encoded = [...a.encoded, ...b.encoded];
      expect(encoded).toHaveLength(2);
      const low = await kept('mp3_low');
      expect(encoded).toContain(low!.fileId);
      expect(await fileRows(encoded)).toEqual([low!.fileId]);
    },
    within(60_000),
  );

  it(
    'a remix drops the kept 128k; the next ask encodes it from the new mix',
    async () => {
      const before = (await kept('mp3_low'))!;
      const beforeBytes = await bytesOf(before.storageKey);
      const res = await post('/v1/vsas/remix', user.auth, {
        task_id: taskId,
        vocal: 0.2,
        instrumental: 1.5,
        reverb: 0,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.formats).toEqual(['wav', 'mp3', 'mp3_low', 'stems']);
      expect(await kept('mp3_low')).toBeUndefined();
      // The old 128k's file went with it.
      expect(await fileIds(sql`id = ${before.fileId}`)).toEqual([]);

      const again = await get(`/v1/vsas/download/${taskId}?format=mp3_low`, user.auth);
      expect(again.statusCode).toBe(200);
      const after = (await kept('mp3_low'))!;
      expect(after.storageKey).not.toBe(before.storageKey);
      const afterBytes = await bytesOf(after.storageKey);
      expect((await parseBuffer(afterBytes, { mimeType: 'audio/mpeg' })).format.bitrate).toBe(128_000);
      expect(afterBytes.equals(beforeBytes)).toBe(false);
    },
    within(90_000),
  );
});

describe('when the MP3 128k cannot be made', () => {
  /** A finished, paid cover of a new user with the given kept WAV bytes (none: no WAV). */
  async function paidCover(wav?: Buffer) {
    const owner = await signInTestUser(ctx);
    const id = await seedCoverTask(ctx, owner.userId);
    if (wav) {
      const stored = await ctx.features.storage.files.storeOutput(
        { userId: owner.userId, visitorId: null },
        { body: Readable.from([wav]), fileName: 'Seeded.wav', kind: 'ai-covers', action: 'cover' },
      );
      await assets().keep(id, { wav: { id: stored.id, storageKey: stored.storage_key } });
    }
    await ctx.features.credits.service.grantSignupGift(owner.userId);
    expect((await get(`/v1/deduct?kind=ai-covers&task_id=${id}`, owner.auth)).json().code).toBe(0);
    return { owner, id };
  }

  it('without a WAV the format is not available', async () => {
    const { owner, id } = await paidCover();
    const res = await get(`/v1/vsas/download/${id}?format=mp3_low`, owner.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: Code.notAvailable, data: null, msg: CoverMsg.formatMissing });
  });

  it('a failed encode answers in the envelope and leaves nothing stored', async () => {
    const { owner, id } = await paidCover(Buffer.from('RIFF, but not a WAV at all'));
    const filesBefore = await fileIds(sql`user_id = ${owner.userId}`);
    const res = await get(`/v1/vsas/download/${id}?format=mp3_low`, owner.auth);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: Code.error, data: null, msg: Msg.generic });
    const filesAfter = await fileIds(sql`user_id = ${owner.userId}`);
    expect(filesAfter).toEqual(filesBefore);
    expect((await createCoverAssetsRepo(ctx.database.db).listFor([id])).map((a) => a.role)).toEqual(['wav']);
  });
});
