// My headshots (GET /v1/headshots/packs), a pack's page (GET /v1/headshots/packs/{id}, polled while
// it generates) and the upload page's photos (GET /v1/headshots/photos) are kept in memory per
// session (headshots.read-model.ts). What they show must never be stale: a pack's progress, its
// results delivered, a failure, a retry, a pack given back, a new pack, a delete, a share, a
// photo's check and a sign-out show on the very next read, in the process that wrote and in
// another one on the same database; a generating pack's estimate follows the packs of other
// accounts queued before it. On the embedded database one app instance; on Postgres two app
// instances, each with its own pool, caches and queue, on a scratch database of its own.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { HeadshotMsg } from '@ai-covers/contracts';
import type { AppFeatures } from '../../app';
import { onOneAppAndTwoInstances, type ApiInstance } from '../../test/api-instances';
import { within } from '../../test/time-limits';
import { createHeadshotsRepo, type NewResultRow } from './headshots.repo';
import { headshotPackTasks, headshotPhotos, headshotResults } from './headshots.schema';

const SECRET = new TextEncoder().encode('headshots-kept-secret-0123456789-abcdefg');

interface Pack {
  id: string;
  status: string;
  progress: number;
  stage: string | null;
  delivered: number;
  estimate_seconds: number | null;
  error: string | null;
  retries: number;
  cover_url: string | null;
}
interface Detail {
  pack: Pack;
  results: { id: string; url: string; thumb_url: string }[];
  shares: { id: string; revoked: boolean }[];
}
interface Answer<T> {
  code: number;
  data: T;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = async <T>(app: FastifyInstance, url: string, token: string) =>
  (await app.inject({ method: 'GET', url, headers: auth(token) })).json() as Answer<T>;
const post = async (app: FastifyInstance, url: string, token: string) =>
  (await app.inject({ method: 'POST', url, headers: auth(token) })).json() as Answer<unknown>;
const detail = (app: FastifyInstance, token: string, id: string) =>
  get<Detail>(app, `/v1/headshots/packs/${id}`, token);
const list = (app: FastifyInstance, token: string) =>
  get<{ rows: Pack[] }>(app, '/v1/headshots/packs', token);

async function signIn(features: AppFeatures) {
  const { user } = await features.users.users.upsertByIdentity({
    issuer: 'test',
    subject: `headshots-kept-${randomBytes(4).toString('hex')}`,
  });
  const { token } = await features.users.sessions.issueToken(user.id);
  return { userId: user.id, token };
}

/** A pack of the user: generating under job 'job-1' (a run holds it), or finished with one result. */
async function seedPack(writer: ApiInstance, userId: number, state: 'generating' | 'success') {
  const id = `pk${randomBytes(8).toString('hex')}`;
  const done = state === 'success';
  await writer.database.db.insert(headshotPackTasks).values({
    id,
    userId,
    plan: 'basic',
    styles: ['studio'],
    gender: 'unspecified',
    photoIds: ['a', 'b'],
    count: 2,
    status: state,
    taskStatus: done ? 3 : 2,
    stage: done ? null : 'checking',
    progress: done ? 1 : 0.25,
    jobId: 'job-1',
    startedAt: new Date(),
  });
  if (done) await writer.database.db.insert(headshotResults).values(await result(writer, userId, id, 0));
  return id;
}

/** A delivered result of a pack, its bytes stored the way the run stores them. */
async function result(
  writer: ApiInstance,
  userId: number,
  packId: string,
  index: number,
): Promise<NewResultRow> {
  const store = (role: string) =>
    writer.features.storage.files.storeOutput(
      { userId, visitorId: null },
      { body: Readable.from([Buffer.from(role)]), fileName: `${role}.jpg`, kind: 'headshots', action: role },
    );
  const [image, thumb] = [await store(`r${index}`), await store(`t${index}`)];
  return {
    id: `rs${randomBytes(8).toString('hex')}`,
    packId,
    userId,
    index,
    fileId: image.id,
    storageKey: image.storage_key,
    thumbFileId: thumb.id,
    thumbKey: thumb.storage_key,
    name: `headshot-${index}.jpg`,
    size: 1,
    style: 'studio',
    backdrop: 'grey',
    framing: 'head',
    grade: 'neutral',
    likeness: 0.9,
  };
}

/** The invalidations, with `writer` writing and `reader` reading (the same instance or not). */
function invalidations(setUp: () => Promise<{ writer: ApiInstance; reader: ApiInstance }>) {
  let writer: ApiInstance;
  let reader: ApiInstance;
  const repo = () => createHeadshotsRepo(writer.database.db);

  it(
    'keeps what nothing changed, per session: the same URLs a second later, others for another session',
    async () => {
      ({ writer, reader } = await setUp());
      const { userId, token } = await signIn(writer.features);
      const id = await seedPack(writer, userId, 'success');
      const first = await detail(reader.app, token, id);
      const firstList = await list(reader.app, token);
      expect(first.code).toBe(0);
      expect(first.data.results[0]!.url).toContain('Expires=');
      expect(firstList.data.rows[0]!.cover_url).toContain('Expires=');
      // URLs are signed to the second: a page made again a second later would sign new ones.
      await new Promise((r) => setTimeout(r, 1100));
      expect(await detail(reader.app, token, id)).toEqual(first);
      expect(await list(reader.app, token)).toEqual(firstList);
      const other = await writer.features.users.sessions.issueToken(userId);
      const theirs = await detail(reader.app, other.token, id);
      expect(theirs.data.pack.status).toBe('success');
      expect(theirs.data.results[0]!.url).not.toBe(first.data.results[0]!.url);
    },
    within(60_000),
  );

  it(
    "a pack's progress and its delivered results show on the next read",
    async () => {
      const { userId, token } = await signIn(writer.features);
      const id = await seedPack(writer, userId, 'generating');
      expect((await detail(reader.app, token, id)).data.pack).toMatchObject({
        status: 'generating',
        progress: 0.25,
      });
      expect((await list(reader.app, token)).data.rows[0]).toMatchObject({
        status: 'generating',
        progress: 0.25,
      });
      await repo().updateRun(id, 'job-1', { progress: 0.5, stage: 'rendering', delivered: 1 });
      expect((await detail(reader.app, token, id)).data.pack).toMatchObject({
        progress: 0.5,
        stage: 'rendering',
      });
      expect((await list(reader.app, token)).data.rows[0]).toMatchObject({ progress: 0.5, delivered: 1 });
      const results = [await result(writer, userId, id, 0), await result(writer, userId, id, 1)];
      const finished = await repo().finishPack(id, 'job-1', results, {
        status: 'success',
        taskStatus: 3,
        stage: null,
        progress: 1,
        delivered: 2,
        finishedAt: new Date(),
      });
      expect(finished).not.toBeNull();
      const done = (await detail(reader.app, token, id)).data;
      expect(done.pack).toMatchObject({ status: 'success', delivered: 2, estimate_seconds: null });
      expect(done.results.map((r) => r.id)).toEqual(results.map((r) => r.id));
      expect((await list(reader.app, token)).data.rows[0]!.cover_url).toContain(results[0]!.thumbKey);
    },
    within(60_000),
  );

  it(
    'a failure, a retry and a pack given back show on the next read',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const id = await seedPack(writer, userId, 'generating');
      expect((await detail(reader.app, token, id)).data.pack.status).toBe('generating');
      await repo().updateRun(id, 'job-1', {
        status: 'failure',
        taskStatus: 4,
        stage: null,
        error: HeadshotMsg.generateFailed,
      });
      expect((await detail(reader.app, token, id)).data.pack).toMatchObject({
        status: 'failure',
        error: HeadshotMsg.generateFailed,
      });
      expect((await list(reader.app, token)).data.rows[0]!.status).toBe('failure');
      expect((await post(writer.app, `/v1/headshots/packs/${id}/retry`, token)).code).toBe(0);
      expect((await detail(reader.app, token, id)).data.pack).toMatchObject({
        status: 'generating',
        retries: 1,
      });
      await repo().updatePack(id, { taskStatus: 2, jobId: 'job-2' });
      expect(
        await repo().givePackBack(id, 'job-2', {
          status: 'failure',
          taskStatus: 4,
          error: HeadshotMsg.packGivenBack,
        }),
      ).toBe(true);
      expect((await detail(reader.app, token, id)).data.pack).toMatchObject({
        status: 'failure',
        error: HeadshotMsg.packGivenBack,
      });
    },
    within(60_000),
  );

  it(
    'a new pack and a delete show on the next read',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const kept = await seedPack(writer, userId, 'success');
      expect((await list(reader.app, token)).data.rows).toHaveLength(1);
      const id = await seedPack(writer, userId, 'success');
      expect((await list(reader.app, token)).data.rows).toHaveLength(2);
      expect((await detail(reader.app, token, id)).code).toBe(0);
      expect((await post(writer.app, `/v1/headshots/packs/${id}/delete`, token)).code).toBe(0);
      expect((await detail(reader.app, token, id)).code).toBe(40004);
      expect((await list(reader.app, token)).data.rows.map((p) => p.id)).toEqual([kept]);
    },
    within(60_000),
  );

  it(
    'a share and its revocation show on the next read',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const id = await seedPack(writer, userId, 'success');
      expect((await detail(reader.app, token, id)).data.shares).toEqual([]);
      const made = (await post(writer.app, `/v1/headshots/packs/${id}/shares`, token)) as Answer<{
        share: { id: string };
      }>;
      expect(made.code).toBe(0);
      expect((await detail(reader.app, token, id)).data.shares).toMatchObject([
        { id: made.data.share.id, revoked: false },
      ]);
      expect((await post(writer.app, `/v1/headshots/shares/${made.data.share.id}/revoke`, token)).code).toBe(
        0,
      );
      expect((await detail(reader.app, token, id)).data.shares).toMatchObject([{ revoked: true }]);
    },
    within(60_000),
  );

  it(
    "a photo's check and its removal show on the upload page's next read",
    async () => {
      const { userId, token } = await signIn(writer.features);
      const photos = () =>
        get<{ photos: { id: string; status: string }[]; checking: number; approved: number }>(
          reader.app,
          '/v1/headshots/photos',
          token,
        );
      expect((await photos()).data.photos).toEqual([]);
      const id = `ph${randomBytes(8).toString('hex')}`;
      await writer.database.db.insert(headshotPhotos).values({
        id,
        userId,
        storageKey: `headshots/kept/${id}.jpg`,
        name: 'me.jpg',
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      expect((await photos()).data).toMatchObject({ checking: 1, photos: [{ id, status: 'checking' }] });
      await repo().setCheck(
        id,
        {
          status: 'approved',
          reasons: [],
          data: {},
          face: null,
          width: 640,
          height: 640,
          format: 'jpeg',
          capacity: 12,
        },
        new Date(),
      );
      expect((await photos()).data).toMatchObject({
        checking: 0,
        approved: 1,
        photos: [{ status: 'approved' }],
      });
      const removed = await writer.app.inject({
        method: 'DELETE',
        url: `/v1/headshots/photos/${id}`,
        headers: auth(token),
      });
      expect(removed.json().code).toBe(0);
      expect((await photos()).data.photos).toEqual([]);
    },
    within(60_000),
  );

  it(
    "a generating pack's estimate follows another account's pack queued before it",
    async () => {
      const ahead = await signIn(writer.features);
      // The estimate scales by how long recent packs took against the model: packs the cases
      // before finished within milliseconds, which would round every estimate to its floor of 1 s.
      for (let i = 0; i < 10; i++) {
        const slow = await seedPack(writer, ahead.userId, 'success');
        await writer.database.db
          .update(headshotPackTasks)
          .set({ startedAt: new Date(Date.now() - 3_600_000), finishedAt: new Date(Date.now() + 60_000) })
          .where(eq(headshotPackTasks.id, slow));
      }
      const aheadId = await seedPack(writer, ahead.userId, 'generating');
      const { userId, token } = await signIn(writer.features);
      const id = await seedPack(writer, userId, 'generating');
      const before = (await detail(reader.app, token, id)).data.pack.estimate_seconds!;
      expect(before).toBeGreaterThan(0);
      expect((await list(reader.app, token)).data.rows[0]!.estimate_seconds).toBe(before);
      await repo().updateRun(aheadId, 'job-1', { progress: 0.9 });
      const after = (await detail(reader.app, token, id)).data.pack.estimate_seconds!;
      expect(after).toBeLessThan(before);
      expect((await list(reader.app, token)).data.rows[0]!.estimate_seconds).toBe(after);
    },
    within(60_000),
  );

  it(
    "another account's pack stays unknown, and a malformed id is refused, while the owner's reads are kept",
    async () => {
      const owner = await signIn(writer.features);
      const stranger = await signIn(writer.features);
      const id = await seedPack(writer, owner.userId, 'success');
      expect((await detail(reader.app, owner.token, id)).code).toBe(0);
      expect((await detail(reader.app, stranger.token, id)).code).toBe(40004);
      expect((await list(reader.app, stranger.token)).data.rows).toEqual([]);
      const bad = await reader.app.inject({
        method: 'GET',
        url: `/v1/headshots/packs/${'x'.repeat(300)}`,
        headers: auth(owner.token),
      });
      expect(bad.statusCode).toBeLessThan(500);
      expect(bad.json().code).not.toBe(0);
    },
    within(60_000),
  );

  it(
    'a sign-out shows on the next read: the token is dead (490010)',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const id = await seedPack(writer, userId, 'success');
      expect((await detail(reader.app, token, id)).code).toBe(0);
      expect((await list(reader.app, token)).code).toBe(0);
      const out = await writer.app.inject({ method: 'GET', url: '/v1/logout', headers: auth(token) });
      expect(out.json().code).toBe(0);
      expect((await detail(reader.app, token, id)).code).toBe(490010);
      expect((await list(reader.app, token)).code).toBe(490010);
    },
    within(60_000),
  );
}

await onOneAppAndTwoInstances(
  {
    subject: 'headshots kept in memory',
    prefix: 'reads-headshots-',
    databaseName: 'reads_headshots',
    secret: SECRET,
  },
  invalidations,
);
