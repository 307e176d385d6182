/**
 * Shared set-up of the API benchmarks: one API process on a random local port against a given
 * database (no job worker, rate limit off), a signed-in user, the embedded database and, with
 * TEST_DATABASE_URL, a fresh Postgres database, and the result rows of autocannon runs.
 */
import type { Result } from 'autocannon';
import { loadSettings } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/client';
import { jobs } from '../../apps/server/src/jobs';
import { startQueue } from '../../apps/server/src/platform/queue/queue';
import { openTestDatabase } from '../../apps/server/src/test/context';

const SECRET = new TextEncoder().encode('bench-secret-0123456789-abcdefghijklmnop');

/** Starts the API on `database`; `close` stops it and its queue. */
export async function startBenchApi(database: Database, dataDir: string) {
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const queue = await startQueue({ raw: database.raw, jobs, schema: 'pgboss', supervise: false });
  const { app, features } = await buildApp({ settings, database, queue, logger: false, secret: SECRET });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    features,
    base,
    /** A user signed in through a session token, as the web app would be. */
    async user(subject: string): Promise<{ id: number; headers: { authorization: string } }> {
      const { user } = await features.users.users.upsertByIdentity({ issuer: 'bench', subject });
      const { token } = await features.users.sessions.issueToken(user.id);
      return { id: user.id, headers: { authorization: `Bearer ${token}` } };
    },
    async close(): Promise<void> {
      await app.close();
      await queue.stop();
    },
  };
}

/** Runs `run` on the embedded database, then (with TEST_DATABASE_URL) on a fresh Postgres one. */
export async function onEachDatabase<T>(run: (database: Database) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  const embedded = await openDatabase({});
  out.push(await run(embedded));
  await embedded.close();
  if (process.env.TEST_DATABASE_URL) {
    const { database, drop } = await openTestDatabase();
    out.push(await run(database));
    await database.close();
    await drop();
  }
  return out;
}

/** One table row of an autocannon result. */
export const resultRow = (name: string, r: Result): string =>
  `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r['2xx']} | ${r.non2xx} | ${r.errors} |`;

export const RESULT_HEADER =
  '| call | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors |\n|---|---:|---:|---:|---:|---:|---:|';
