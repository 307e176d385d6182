// User info is kept in memory per account (user-info.read-model.ts). What a page shows must never
// be stale: a purchase, a spent credit and a sign-out show on the very next read, in the process
// that wrote and in another one on the same database. On the embedded database one app instance
// (it belongs to one process); on Postgres two app instances, each with its own connection pool,
// caches and queue, as two API processes are, on a scratch database of this file's own.
import { expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import type { AppFeatures } from '../../app';
import { onOneAppAndTwoInstances, type ApiInstance } from '../../test/api-instances';
import type { FastifyInstance } from 'fastify';

const SECRET = new TextEncoder().encode('read-model-secret-0123456789-abcdefghijkl');

type Instance = ApiInstance;

const info = async (app: FastifyInstance, token: string) => {
  const res = await app.inject({
    method: 'GET',
    url: '/v1/user/info',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json() as { code: number; data: { credit: number; token: string; subscribe: number } };
};

async function signIn(features: AppFeatures) {
  const { user } = await features.users.users.upsertByIdentity({
    issuer: 'test',
    subject: `read-model-${Math.random()}`,
    email: `read-model-${Math.random()}@example.test`,
  });
  const { token } = await features.users.sessions.issueToken(user.id);
  return { userId: user.id, token };
}

/** The invalidations, with `writer` writing and `reader` reading (the same instance or not). */
function invalidations(setUp: () => Promise<{ writer: Instance; reader: Instance }>) {
  let writer: Instance;
  let reader: Instance;

  it(
    'keeps an answer that nothing changed: the same bytes but the token',
    async () => {
      ({ writer, reader } = await setUp());
      const { userId, token } = await signIn(writer.features);
      const first = await info(reader.app, token);
      expect(first.code).toBe(0);
      expect(first.data.token).toBe(token);
      const second = await info(reader.app, token);
      expect(second).toEqual(first);
      // A second session of the same account reads the same kept answer with its own token.
      const other = await writer.features.users.sessions.issueToken(userId);
      expect((await info(reader.app, other.token)).data).toEqual({ ...first.data, token: other.token });
    },
    within(60_000),
  );

  it(
    'a purchase shows on the next read',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const before = (await info(reader.app, token)).data.credit;
      await info(writer.app, token);
      await writer.features.credits.service.grant(userId, {
        source: 'purchase',
        sourceRef: `order-${userId}`,
        amount: 100,
        details: 'credits-100',
      });
      expect((await info(reader.app, token)).data.credit).toBe(before + 100);
      expect((await info(writer.app, token)).data.credit).toBe(before + 100);
    },
    within(60_000),
  );

  it(
    'a spent credit shows on the next read',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const before = (await info(reader.app, token)).data.credit;
      expect(before).toBeGreaterThan(0);
      await writer.features.credits.service.deduct(userId, {
        kind: 'bgremover',
        taskId: `spend-${userId}`,
        units: 1,
        purpose: 'use',
      });
      expect((await info(reader.app, token)).data.credit).toBe(before - 1);
    },
    within(60_000),
  );

  it(
    'a credit lot that expires shows without any write',
    async () => {
      const { userId, token } = await signIn(writer.features);
      const before = (await info(reader.app, token)).data.credit;
      const expiresAt = new Date(Date.now() + 1500);
      await writer.features.credits.service.grant(userId, {
        source: 'bonus',
        sourceRef: `short-${userId}`,
        amount: 5,
        expiresAt,
        details: 'short',
      });
      expect((await info(reader.app, token)).data.credit).toBe(before + 5);
      await new Promise((r) => setTimeout(r, expiresAt.getTime() - Date.now() + 50));
      expect((await info(reader.app, token)).data.credit).toBe(before);
    },
    within(60_000),
  );

  it(
    'a sign-out shows on the next read: the token is dead (490010)',
    async () => {
      const { token } = await signIn(writer.features);
      expect((await info(reader.app, token)).code).toBe(0);
      expect((await info(writer.app, token)).code).toBe(0);
      const out = await writer.app.inject({
        method: 'GET',
        url: '/v1/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.json().code).toBe(0);
      expect((await info(writer.app, token)).code).toBe(490010);
      expect((await info(reader.app, token)).code).toBe(490010);
    },
    within(60_000),
  );
}

await onOneAppAndTwoInstances(
  {
    subject: 'user info kept in memory',
    prefix: 'ai-covers-read-model-',
    databaseName: 'read_model',
    secret: SECRET,
  },
  invalidations,
);
