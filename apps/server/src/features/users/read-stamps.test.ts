import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/context';
import type { Database } from '../../platform/db/client';
import { createReadStamps } from './read-stamps';
import { createUsersRepo, type UsersRepo } from './users.repo';

// The statement of many stamps runs on the test database (PGlite, or Postgres with
// TEST_DATABASE_URL); the stamps are read the shared-database way on both.
let database: Database;
let drop: () => Promise<void>;
let repo: UsersRepo;
const ids = { a: 0, b: 0, quiet: 0 };
const sessions = { a: '', b: '', revoked: '' };
beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  drop = opened.drop;
  repo = createUsersRepo(database.db);
  const user = async (subject: string) =>
    (await repo.upsertByIdentity({ issuer: 'stamps', subject })).user.id;
  ids.a = await user('a');
  ids.b = await user('b');
  ids.quiet = await user('quiet');
  const later = new Date(Date.now() + 3_600_000);
  sessions.a = await repo.createSession(ids.a, later);
  sessions.b = await repo.createSession(ids.b, later);
  sessions.revoked = await repo.createSession(ids.b, later);
  await repo.revokeSession(sessions.revoked, new Date());
  // Distinct numbers per account and scope, so a row given to the wrong pair shows.
  await database.db.execute(sql`delete from user_read_versions`);
  await database.db.execute(
    sql`insert into user_read_versions (user_id, version, covers, voices, headshots)
      values (${ids.a}, 11, 12, 13, 14), (${ids.b}, 21, 22, 23, 24)`,
  );
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

const shared = (over: Partial<Pick<UsersRepo, 'readStamp' | 'readStamps'>> = {}) =>
  createReadStamps({
    database: { driver: 'postgres' },
    repo: { readStamp: repo.readStamp, readStamps: repo.readStamps, ...over },
    now: () => new Date(),
  });

describe('read stamps of many sessions in one statement', () => {
  it('answers each pair in the order asked, with every scope and the session', async () => {
    const rows = await repo.readStamps(
      [
        { userId: ids.b, sessionId: sessions.b },
        { userId: ids.a, sessionId: sessions.a },
        { userId: ids.quiet, sessionId: sessions.a },
        { userId: ids.b, sessionId: sessions.revoked },
        { userId: ids.a, sessionId: sessions.b },
        { userId: ids.a, sessionId: randomUUID() },
      ],
      new Date(),
    );
    expect(rows).toEqual([
      { live: true, account: 21, covers: 22, voices: 23, headshots: 24 },
      { live: true, account: 11, covers: 12, voices: 13, headshots: 14 },
      // No raise yet: 0; a session of another account is not live for this one.
      { live: false, account: 0, covers: 0, voices: 0, headshots: 0 },
      { live: false, account: 21, covers: 22, voices: 23, headshots: 24 },
      { live: false, account: 11, covers: 12, voices: 13, headshots: 14 },
      { live: false, account: 11, covers: 12, voices: 13, headshots: 14 },
    ]);
    // An expired session is not live.
    const [late] = await repo.readStamps(
      [{ userId: ids.a, sessionId: sessions.a }],
      new Date(Date.now() + 7_200_000),
    );
    expect(late?.live).toBe(false);
  });

  it('gives the same stamps as one statement per check, with concurrent checks sharing statements', async () => {
    let statements = 0;
    const stamps = shared({
      readStamps: (keys, now) => {
        statements += 1;
        return repo.readStamps(keys, now);
      },
    });
    const asked = [
      [ids.a, sessions.a, 'account'],
      [ids.b, sessions.b, 'covers'],
      [ids.a, sessions.a, 'headshots'],
      [ids.b, sessions.revoked, 'voices'],
      [ids.quiet, sessions.a, 'covers'],
    ] as const;
    const many = await Promise.all(
      Array.from({ length: 4 }, () => asked.map(([u, s, scope]) => stamps.stamp(u, s, scope))).flat(),
    );
    const alone = await Promise.all(
      asked.map(async ([u, s, scope]) => {
        const one = await repo.readStamp(s, u, new Date(), scope);
        return { live: one.live, version: one.version };
      }),
    );
    expect(many).toEqual(Array.from({ length: 4 }, () => alone).flat());
    // The first check went alone; the nineteen that came while it was in flight shared one more.
    expect(statements).toBe(2);
  });

  it('sees a raise committed before the check, and fails the checks of a failed statement', async () => {
    const stamps = shared();
    expect(await stamps.stamp(ids.a, sessions.a, 'covers')).toEqual({ live: true, version: 12 });
    await database.db.execute(
      sql`update user_read_versions set covers = covers + 1 where user_id = ${ids.a}`,
    );
    expect(await stamps.stamp(ids.a, sessions.a, 'covers')).toEqual({ live: true, version: 13 });
    const failing = shared({ readStamps: () => Promise.reject(new Error('connection terminated')) });
    const checks = [failing.stamp(ids.a, sessions.a), failing.stamp(ids.b, sessions.b)];
    for (const check of checks) await expect(check).rejects.toThrow('connection terminated');
  });

  it('asks a session id that is not a UUID alone, so it fails no other check', async () => {
    const stamps = shared();
    const [odd, fine] = await Promise.allSettled([
      stamps.stamp(ids.a, 'not-a-uuid'),
      stamps.stamp(ids.a, sessions.a),
    ]);
    expect(odd.status).toBe('rejected');
    expect(fine).toEqual({ status: 'fulfilled', value: { live: true, version: 11 } });
  });
});
