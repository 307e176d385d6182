// My covers (GET /v1/vsas/list) and a task's view (GET /v1/vsas/result/{id}) are kept in memory per
// session (covers.read-model.ts). What they show must never be stale: a render's progress and end,
// a delete, a payment, a kept file, a mix, a deleted file, covers claimed at sign-in and a sign-out
// show on the very next read, in the process that wrote and in another one on the same database.
// On the embedded database one app instance; on Postgres two app instances, each with its own
// connection pool, caches and queue, as two API processes are, on a scratch database of its own.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import type { AppFeatures } from '../../app';
import { onOneAppAndTwoInstances, type ApiInstance } from '../../test/api-instances';
import type { FastifyInstance } from 'fastify';
import { COVER_DOWNLOAD } from '@ai-covers/contracts';
import { createCoverAssetsRepo } from './covers.assets.repo';
import { createCoversRepo } from './covers.repo';
import { coverMixes, coverTasks } from './covers.schema';
import { newTaskId } from './covers.view';

const SECRET = new TextEncoder().encode('covers-kept-secret-0123456789-abcdefghij');

type Instance = ApiInstance;

interface Task {
  task_id: string;
  status: number;
  progress: number;
  paid: boolean;
  formats: string[];
  mix: { vocal: number; instrumental: number; reverb: number };
  preview_url: string | null;
  source_url: string | null;
}
interface Answer<T> {
  code: number;
  data: T;
}

const get = async <T>(app: FastifyInstance, url: string, token: string) =>
  (
    await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
  ).json() as Answer<T>;
const view = (app: FastifyInstance, token: string, id: string) =>
  get<Task>(app, `/v1/vsas/result/${id}`, token);
const list = (app: FastifyInstance, token: string) =>
  get<{ rows: Task[]; total: number }>(app, '/v1/vsas/list', token);

async function signIn(features: AppFeatures) {
  const { user } = await features.users.users.upsertByIdentity({
    issuer: 'test',
    subject: `covers-kept-${randomBytes(4).toString('hex')}`,
  });
  const { token } = await features.users.sessions.issueToken(user.id);
  return { userId: user.id, token };
}

/** A stored file of the user's, stored the way the server stores its outputs. */
async function storedFile(writer: Instance, userId: number, role: string) {
  const file = await writer.features.storage.files.storeOutput(
    { userId, visitorId: null },
    { body: Readable.from([Buffer.from(role)]), fileName: `${role}.mp3`, kind: 'ai-covers', action: role },
  );
  return { id: file.id, storageKey: file.storage_key };
}

/** A cover of the user as a render leaves it: finished (its files stored) or running (job 'job-1'). */
async function seedCover(writer: Instance, userId: number, status: 2 | 3) {
  const id = newTaskId();
  const source = await storedFile(writer, userId, 'source');
  const done = status === 3;
  const result = done ? await storedFile(writer, userId, 'result') : null;
  const preview = done ? await storedFile(writer, userId, 'preview') : null;
  await writer.database.db.insert(coverTasks).values({
    id,
    userId,
    sourceFileId: source.id,
    sourceKey: source.storageKey,
    songName: 'Kept.wav',
    voiceId: 'velvet',
    backing: 'keep',
    status,
    progress: done ? 1 : 0.5,
    duration: 60,
    jobId: 'job-1',
    startedAt: new Date(Date.now() - 10_000),
    resultFileId: result?.id ?? null,
    resultKey: result?.storageKey ?? null,
    previewFileId: preview?.id ?? null,
    previewKey: preview?.storageKey ?? null,
  });
  return { id, source };
}

/** The invalidations, with `writer` writing and `reader` reading (the same instance or not). */
function invalidations(setUp: () => Promise<{ writer: Instance; reader: Instance }>) {
  let writer: Instance;
  let reader: Instance;

  it(
    'keeps what nothing changed, per session: the same URLs a second later, other URLs for another session',
    async () => {
      ({ writer, reader } = await setUp());
      const { userId, token } = await signIn(writer.features);
      const { id } = await seedCover(writer, userId, 3);
      const first = await view(reader.app, token, id);
      const firstList = await list(reader.app, token);
      expect(first.code).toBe(0);
      expect(first.data.preview_url).toContain('Expires=');
      // URLs are signed to the second: a view made again a second later would sign new ones.
      await new Promise((r) => setTimeout(r, 1100));
      expect(await view(reader.app, token, id)).toEqual(first);
      expect(await list(reader.app, token)).toEqual(firstList);
      const other = await writer.features.users.sessions.issueToken(userId);
      const theirs = await view(reader.app, other.token, id);
      expect(theirs.data.status).toBe(3);
      expect(theirs.data.preview_url).not.toBe(first.data.preview_url);
    },
    within(60_000),
  );

  it(
    "a render's progress and its end show on the next read",
    async () => {
      const { userId, token } = await signIn(writer.features);
      const { id } = await seedCover(writer, userId, 2);
      expect((await view(reader.app, token, id)).data).toMatchObject({ status: 2, progress: 0.5 });
      expect((await list(reader.app, token)).data.rows[0]).toMatchObject({ status: 2, progress: 0.5 });
      const repo = createCoversRepo(writer.database.db);
      expect(await repo.reportProgress(id, 'job-1', 0.75)).toBe(true);
      expect((await view(reader.app, token, id)).data.progress).toBe(0.75);
      expect((await list(reader.app, token)).data.rows[0]!.progress).toBe(0.75);
      const result = await storedFile(writer, userId, 'result');
      const preview = await storedFile(writer, userId, 'preview');
      const finished = await repo.finish(id, 'job-1', {
        keyApplied: 0,
        duration: 60,
        resultFileId: result.id,
        resultKey: result.storageKey,
        previewFileId: preview.id,
        previewKey: preview.storageKey,
      });
      expect(finished).toBe(true);
      const done = (await view(reader.app, token, id)).data;
      expect(done).toMatchObject({ status: 3, progress: 1, formats: ['mp3'] });
      expect(done.preview_url).toContain(preview.storageKey);
      expect((await list(reader.app, token)).data.rows[0]).toMatchObject({ status: 3, formats: ['mp3'] });
    },
    within(60_000),
  );

  it(
    'a delete shows on the next read',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const { id } = await seedCover(writer, userId, 3);
      const kept = await seedCover(writer, userId, 3);
      expect((await list(reader.app, token)).data.total).toBe(2);
      expect((await view(reader.app, token, id)).code).toBe(0);
      const res = await writer.app.inject({
        method: 'POST',
        url: '/v1/task/delete',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `task_id=${id}`,
      });
      expect(res.json().code).toBe(0);
      expect((await view(reader.app, token, id)).code).toBe(490618);
      const after = (await list(reader.app, token)).data;
      expect(after.total).toBe(1);
      expect(after.rows.map((r) => r.task_id)).toEqual([kept.id]);
    },
    within(60_000),
  );

  it(
    "a paid download shows on the next read (the wallet's charge)",
    async () => {
      const { userId, token } = await signIn(writer.features);
      const { id } = await seedCover(writer, userId, 3);
      expect((await view(reader.app, token, id)).data.paid).toBe(false);
      expect((await list(reader.app, token)).data.rows[0]!.paid).toBe(false);
      await writer.features.credits.service.grant(userId, {
        source: 'purchase',
        sourceRef: `order-${userId}`,
        amount: 10,
        details: 'credits-10',
      });
      await writer.features.credits.service.deduct(userId, {
        kind: COVER_DOWNLOAD.kind,
        purpose: COVER_DOWNLOAD.purpose,
        taskId: id,
        units: COVER_DOWNLOAD.credits,
      });
      expect((await view(reader.app, token, id)).data.paid).toBe(true);
      expect((await list(reader.app, token)).data.rows[0]!.paid).toBe(true);
    },
    within(60_000),
  );

  it(
    "a kept file and a mix show on the next read (the task's own rows)",
    async () => {
      const { userId, token } = await signIn(writer.features);
      const { id } = await seedCover(writer, userId, 3);
      expect((await view(reader.app, token, id)).data.formats).toEqual(['mp3']);
      const low = await storedFile(writer, userId, 'mp3_low');
      await createCoverAssetsRepo(writer.database.db).keep(id, { mp3_low: low });
      expect((await view(reader.app, token, id)).data.formats).toEqual(['mp3', 'mp3_low']);
      expect((await list(reader.app, token)).data.rows[0]!.formats).toEqual(['mp3', 'mp3_low']);
      // The mix on its own (a remix writes it with the task's new files, in one transaction).
      await writer.database.db
        .insert(coverMixes)
        .values({ taskId: id, vocal: 1.5, instrumental: 0.5, reverb: 0.25 });
      expect((await view(reader.app, token, id)).data.mix).toEqual({
        vocal: 1.5,
        instrumental: 0.5,
        reverb: 0.25,
      });
      expect((await list(reader.app, token)).data.rows[0]!.mix.vocal).toBe(1.5);
    },
    within(60_000),
  );

  it(
    'a deleted song file shows on the next read: no URL of it any more',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const { id, source } = await seedCover(writer, userId, 3);
      expect((await view(reader.app, token, id)).data.source_url).toContain(source.storageKey);
      expect(
        await writer.features.storage.files.deleteOwnedFiles({ userId, visitorId: null }, [source.id]),
      ).toBe(1);
      expect((await view(reader.app, token, id)).data.source_url).toBeNull();
      expect((await list(reader.app, token)).data.rows[0]!.source_url).toBeNull();
    },
    within(60_000),
  );

  it(
    "a visitor's covers claimed at sign-in show on the next read",
    async () => {
      const { userId, token } = await signIn(writer.features);
      await seedCover(writer, userId, 3);
      expect((await list(reader.app, token)).data.total).toBe(1);
      const visitorId = `visitor-${randomBytes(6).toString('hex')}`;
      await writer.database.db.insert(coverTasks).values({
        id: newTaskId(),
        visitorId,
        sourceKey: 'seeded',
        songName: 'Visitor.wav',
        voiceId: 'velvet',
        backing: 'keep',
        status: 3,
        progress: 1,
      });
      expect(await writer.features.covers.service.claimVisitorTasks(visitorId, userId)).toBe(1);
      expect((await list(reader.app, token)).data.total).toBe(2);
    },
    within(60_000),
  );

  it(
    'a sign-out shows on the next read: the token is dead (490010)',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const { id } = await seedCover(writer, userId, 3);
      expect((await view(reader.app, token, id)).code).toBe(0);
      expect((await list(reader.app, token)).code).toBe(0);
      const out = await writer.app.inject({
        method: 'GET',
        url: '/v1/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.json().code).toBe(0);
      expect((await view(reader.app, token, id)).code).toBe(490010);
      expect((await list(reader.app, token)).code).toBe(490010);
    },
    within(60_000),
  );
}

await onOneAppAndTwoInstances(
  {
    subject: 'covers kept in memory',
    prefix: 'ai-covers-kept-',
    databaseName: 'covers_kept',
    secret: SECRET,
  },
  invalidations,
);
