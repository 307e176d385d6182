// My voices (GET /v1/my-voices) and a voice's status (GET /v1/my-voices/{id}) are kept in memory per
// session (voices.user.service.ts, users/session-reads.ts). What they show must never be stale: a
// training's progress, its end or failure, a retry, a delete, a recording deleted under the voice
// and a sign-out show on the very next read, in the process that wrote and in another one on the
// same database. On the embedded database one app instance; on Postgres two app instances, each
// with its own pool, caches and queue, as two API processes are, on a scratch database of its own.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TaskStatus } from '@ai-covers/contracts';
import type { AppFeatures } from '../../app';
import { onOneAppAndTwoInstances, type ApiInstance } from '../../test/api-instances';
import { within } from '../../test/time-limits';
import { createUserVoicesRepo } from './voices.user.repo';
import { userVoices } from './voices.schema';

const SECRET = new TextEncoder().encode('voices-kept-secret-0123456789-abcdefghij');

interface Voice {
  voice_id: string;
  name: string;
  status: number;
  progress: number;
  error: string | null;
  retryable: boolean;
  sample_url: string | null;
  range: string | null;
}
interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}

const get = async <T>(app: FastifyInstance, url: string, token: string) =>
  (
    await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
  ).json() as Answer<T>;
const one = (app: FastifyInstance, token: string, id: string) =>
  get<Voice>(app, `/v1/my-voices/${id}`, token);
const list = (app: FastifyInstance, token: string) => get<{ list: Voice[] }>(app, '/v1/my-voices', token);

async function signIn(features: AppFeatures) {
  const { user } = await features.users.users.upsertByIdentity({
    issuer: 'test',
    subject: `voices-kept-${randomBytes(4).toString('hex')}`,
  });
  const { token } = await features.users.sessions.issueToken(user.id);
  return { userId: user.id, token };
}

/** A stored file of the user's, stored the way the server stores its outputs. */
async function storedFile(writer: ApiInstance, userId: number, role: string) {
  const file = await writer.features.storage.files.storeOutput(
    { userId, visitorId: null },
    { body: Readable.from([Buffer.from(role)]), fileName: `${role}.wav`, kind: 'ai-covers', action: role },
  );
  return { id: file.id, storageKey: file.storage_key };
}

/** A voice of the user as a training leaves it: ready, or training under job 'job-1'. */
async function seedVoice(writer: ApiInstance, userId: number, status: 2 | 3) {
  const id = `my-${randomBytes(6).toString('hex')}`;
  const sample = await storedFile(writer, userId, 'sample');
  const done = status === TaskStatus.done;
  await writer.database.db.insert(userVoices).values({
    id,
    userId,
    name: 'Kept',
    consentVersion: '1',
    consentAt: new Date(),
    status,
    progress: done ? 1 : 0.25,
    sampleFileId: sample.id,
    sampleKey: sample.storageKey,
    sampleSeconds: 40,
    range: done ? 'A2–E4' : null,
    jobId: 'job-1',
    startedAt: new Date(),
  });
  return { id, sample };
}

/** The invalidations, with `writer` writing and `reader` reading (the same instance or not). */
function invalidations(setUp: () => Promise<{ writer: ApiInstance; reader: ApiInstance }>) {
  let writer: ApiInstance;
  let reader: ApiInstance;

  it(
    'keeps what nothing changed, per session: the same URL a second later, another for another session',
    async () => {
      ({ writer, reader } = await setUp());
      const { userId, token } = await signIn(writer.features);
      const { id } = await seedVoice(writer, userId, 3);
      const first = await one(reader.app, token, id);
      const firstList = await list(reader.app, token);
      expect(first.code).toBe(0);
      expect(first.data.sample_url).toContain('Expires=');
      // URLs are signed to the second: a view made again a second later would sign a new one.
      await new Promise((r) => setTimeout(r, 1100));
      expect(await one(reader.app, token, id)).toEqual(first);
      expect(await list(reader.app, token)).toEqual(firstList);
      const other = await writer.features.users.sessions.issueToken(userId);
      const theirs = await one(reader.app, other.token, id);
      expect(theirs.data.status).toBe(3);
      expect(theirs.data.sample_url).not.toBe(first.data.sample_url);
    },
    within(60_000),
  );

  it(
    "a training's progress and its end show on the next read",
    async () => {
      const { userId, token } = await signIn(writer.features);
      const { id } = await seedVoice(writer, userId, 2);
      expect((await one(reader.app, token, id)).data).toMatchObject({ status: 2, progress: 0.25 });
      expect((await list(reader.app, token)).data.list[0]).toMatchObject({ status: 2, progress: 0.25 });
      const repo = createUserVoicesRepo(writer.database.db);
      expect(await repo.reportProgress(id, 'job-1', 0.5)).toBe(true);
      expect((await one(reader.app, token, id)).data.progress).toBe(0.5);
      expect((await list(reader.app, token)).data.list[0]!.progress).toBe(0.5);
      const profile = await storedFile(writer, userId, 'profile');
      expect(
        await repo.finish(id, 'job-1', {
          profileFileId: profile.id,
          profileKey: profile.storageKey,
          range: 'C3–G4',
        }),
      ).toBe(true);
      expect((await one(reader.app, token, id)).data).toMatchObject({
        status: 3,
        progress: 1,
        range: 'C3–G4',
      });
      expect((await list(reader.app, token)).data.list[0]).toMatchObject({ status: 3, range: 'C3–G4' });
    },
    within(60_000),
  );

  it(
    "a training's failure and a retry show on the next read",
    async () => {
      const { userId, token } = await signIn(writer.features);
      const { id } = await seedVoice(writer, userId, 2);
      expect((await one(reader.app, token, id)).data.status).toBe(2);
      const repo = createUserVoicesRepo(writer.database.db);
      expect(await repo.fail(id, 'job-1', TaskStatus.failed, 'Too little voice.', true)).toBe(true);
      expect((await one(reader.app, token, id)).data).toMatchObject({
        status: 4,
        error: 'Too little voice.',
        retryable: true,
      });
      expect((await list(reader.app, token)).data.list[0]!.status).toBe(4);
      expect(await repo.requeue(userId, id)).toMatchObject({ status: 1 });
      expect((await one(reader.app, token, id)).data).toMatchObject({ status: 1, progress: 0, error: null });
      expect((await list(reader.app, token)).data.list[0]!.status).toBe(1);
    },
    within(60_000),
  );

  it(
    'a delete shows on the next read: gone from the list, its id unknown (40004)',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const kept = await seedVoice(writer, userId, 3);
      const { id } = await seedVoice(writer, userId, 3);
      expect((await list(reader.app, token)).data.list).toHaveLength(2);
      expect((await one(reader.app, token, id)).code).toBe(0);
      const res = await writer.app.inject({
        method: 'POST',
        url: `/v1/my-voices/${id}/delete`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.json().code).toBe(0);
      expect((await one(reader.app, token, id)).code).toBe(40004);
      expect((await list(reader.app, token)).data.list.map((v) => v.voice_id)).toEqual([kept.id]);
    },
    within(60_000),
  );

  it(
    'a recording deleted under its voice shows on the next read: no URL of it any more',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const { id, sample } = await seedVoice(writer, userId, 3);
      expect((await one(reader.app, token, id)).data.sample_url).toContain(sample.storageKey);
      expect((await list(reader.app, token)).data.list[0]!.sample_url).toContain(sample.storageKey);
      expect(
        await writer.features.storage.files.deleteOwnedFiles({ userId, visitorId: null }, [sample.id]),
      ).toBe(1);
      expect((await one(reader.app, token, id)).data.sample_url).toBeNull();
      expect((await list(reader.app, token)).data.list[0]!.sample_url).toBeNull();
    },
    within(60_000),
  );

  it(
    "another account's voice stays unknown, and a malformed id is refused, while the owner's reads are kept",
    async () => {
      const owner = await signIn(writer.features);
      const stranger = await signIn(writer.features);
      const { id } = await seedVoice(writer, owner.userId, 3);
      expect((await one(reader.app, owner.token, id)).code).toBe(0);
      expect((await one(reader.app, stranger.token, id)).code).toBe(40004);
      expect((await list(reader.app, stranger.token)).data.list).toEqual([]);
      const bad = await reader.app.inject({
        method: 'GET',
        url: '/v1/my-voices/not-a-voice',
        headers: { authorization: `Bearer ${owner.token}` },
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
      const { id } = await seedVoice(writer, userId, 3);
      expect((await one(reader.app, token, id)).code).toBe(0);
      expect((await list(reader.app, token)).code).toBe(0);
      const out = await writer.app.inject({
        method: 'GET',
        url: '/v1/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.json().code).toBe(0);
      expect((await one(reader.app, token, id)).code).toBe(490010);
      expect((await list(reader.app, token)).code).toBe(490010);
    },
    within(60_000),
  );
}

await onOneAppAndTwoInstances(
  {
    subject: 'my voices kept in memory',
    prefix: 'reads-voices-',
    databaseName: 'reads_voices',
    secret: SECRET,
  },
  invalidations,
);
