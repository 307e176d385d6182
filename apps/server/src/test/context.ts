import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadSettings, type Settings } from '../config';
import { buildApp, type AppDeps, type AppFeatures } from '../app';
import { openDatabase, type Database } from '../platform/db/client';
import { jobs, type AppQueue } from '../jobs';
import { startQueue } from '../platform/queue/queue';
import { SNAPSHOT_PATH } from './paths';

const TEST_SECRET = new TextEncoder().encode('test-secret-0123456789-abcdefghijklmnop');

export interface TestContext {
  settings: Settings;
  database: Database;
  queue: AppQueue;
  app: FastifyInstance;
  /** The services of every feature, as the app built them. */
  features: AppFeatures;
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
    // A database of its own per test file: migrations name the public schema, so a schema per file
    // would not isolate them.
    const name = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE "${name}"`);
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    const database = await openDatabase({ url: testUrl.toString() });
    let dropped = false;
    return {
      database,
      queueSchema: 'pgboss',
      async drop() {
        if (dropped) return;
        dropped = true;
        await database.close().catch(() => {});
        await dropWhenIdle(url, name);
      },
    };
  }
  // Outside vitest (benchmarks) there is no snapshot yet: migrate a fresh in-memory database.
  const database = fs.existsSync(SNAPSHOT_PATH)
    ? await openDatabase({ loadDataDir: new Blob([fs.readFileSync(SNAPSHOT_PATH)]), migrate: false })
    : await openDatabase({});
  return { database, queueSchema: 'pgboss', drop: async () => {} };
}

/** Waits for the closed pool's connections to leave, so FORCE never cuts one that is still ending. */
async function dropWhenIdle(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A real app on a fresh database, for `app.inject()` tests. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: Pick<AppDeps, 'engine' | 'signIn' | 'web'> = {},
): Promise<TestContext> {
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    // Each approved photo's background matte is work a test not about it should not wait beside.
    HEADSHOTS_KEEP_AHEAD: 'false',
    ...env,
  });
  const { database, queueSchema, drop } = await openTestDatabase();
  const queue = await startQueue({
    raw: database.raw,
    jobs,
    schema: queueSchema,
    pollingIntervalSeconds: 0.5,
  });
  const { app, features } = await buildApp({
    settings,
    database,
    queue,
    logger: false,
    secret: TEST_SECRET,
    ...options,
  });
  await app.ready();
  return {
    settings,
    database,
    queue,
    app,
    features,
    drop,
    async close() {
      await app.close();
      // A job still running when its database closes fails on the closed pool, outside any test
      // (seen on a loaded Postgres pass): let running jobs end first, within the hook's limit.
      await queue.stop(30_000);
      await database.close().catch(() => {});
      await drop();
    },
  };
}

/** Creates an account and a signed-in session, for tests of features that need a user. */
export async function signInTestUser(
  ctx: TestContext,
  email = `user-${randomBytes(4).toString('hex')}@example.test`,
) {
  const { user } = await ctx.features.users.users.upsertByIdentity({
    issuer: 'test',
    subject: email,
    email,
  });
  const { token, sessionId } = await ctx.features.users.sessions.issueToken(user.id);
  return { userId: user.id, user, token, sessionId, auth: { authorization: `Bearer ${token}` } };
}
