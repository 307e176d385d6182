import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadSettings, type Settings } from '../config';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../platform/db/client';
import { startQueue, type Queue } from '../platform/queue/queue';
import { SNAPSHOT_PATH } from './paths';

const TEST_SECRET = new TextEncoder().encode('test-secret-0123456789-abcdefghijklmnop');

export interface TestContext {
  settings: Settings;
  database: Database;
  queue: Queue;
  app: FastifyInstance;
  close(): Promise<void>;
  /** Drops the test schema on Postgres (no-op on PGlite); close() does it too. */
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: a copy of the migrated PGlite snapshot, or a new schema on the
 * Postgres named by TEST_DATABASE_URL (dropped again at close).
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  queueSchema: string;
  drop(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({ url, pgSchema: schema });
    return {
      database,
      queueSchema: `${schema}_boss`,
      async drop() {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(
          `DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_boss" CASCADE`,
        );
        await client.end();
      },
    };
  }
  const snapshot = new Blob([fs.readFileSync(SNAPSHOT_PATH)]);
  const database = await openDatabase({ loadDataDir: snapshot, migrate: false });
  return { database, queueSchema: 'pgboss', drop: async () => {} };
}

/** A real app on a fresh database, for `app.inject()` tests. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    ...env,
  });
  const { database, queueSchema, drop } = await openTestDatabase();
  const queue = await startQueue({ raw: database.raw, schema: queueSchema, pollingIntervalSeconds: 0.5 });
  const app = await buildApp({ settings, database, queue, logger: false, secret: TEST_SECRET });
  await app.ready();
  return {
    settings,
    database,
    queue,
    app,
    drop,
    async close() {
      await app.close();
      await queue.stop();
      await database.close();
      await drop();
    },
  };
}

/** Creates an account and a signed-in session, for tests of features that need a user. */
export async function signInTestUser(
  ctx: TestContext,
  email = `user-${randomBytes(4).toString('hex')}@example.test`,
) {
  const { user } = await ctx.app.services.usersRepo.upsertByIdentity({
    issuer: 'test',
    subject: email,
    email,
  });
  const { token, sessionId } = await ctx.app.services.sessions.issueToken(user.id);
  return { userId: user.id, user, token, sessionId, auth: { authorization: `Bearer ${token}` } };
}
