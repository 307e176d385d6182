// Two API processes on one Postgres, inside one test file: each instance has its own connection
// pool, caches and queue, as a separate process has. The read models' tests run their cases on one
// app and again across two instances, so a write in one shows on the next read in the other.
import { afterAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppFeatures } from '../app';
import { loadSettings } from '../config';
import { jobs, type AppQueue } from '../jobs';
import { openDatabase, type Database } from '../platform/db/client';
import { startQueue } from '../platform/queue/queue';
import { createTestContext, type TestContext } from './context';
import { splitProcesses } from './postgres-admin';

export interface ApiInstance {
  app: FastifyInstance;
  features: AppFeatures;
  database: Database;
  close(): Promise<void>;
}

/** The instance that writes and the one that reads (the same one on a single app). */
export interface WriterAndReader {
  writer: ApiInstance;
  reader: ApiInstance;
}

/** An API instance on an open database: its own queue, app and caches; closing it closes the database. */
async function apiInstance(database: Database, secret: Uint8Array): Promise<ApiInstance> {
  const settings = loadSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data' });
  const queue: AppQueue = await startQueue({
    raw: database.raw,
    jobs,
    schema: 'pgboss',
    pollingIntervalSeconds: 0.5,
  });
  const { app, features } = await buildApp({ settings, database, queue, logger: false, secret });
  await app.ready();
  return {
    app,
    features,
    database,
    async close() {
      await app.close();
      await queue.stop(30_000);
      await database.close().catch(() => undefined);
    },
  };
}

/**
 * Registers `cases` twice: on one app on the test database (`<subject>, one app on its database`),
 * and, when a Postgres answers, on two instances sharing a scratch database of its own named
 * `databaseName` (`<subject>, two API instances on one Postgres`).
 */
export async function onOneAppAndTwoInstances(
  options: { subject: string; prefix: string; databaseName: string; secret: Uint8Array },
  cases: (setUp: () => Promise<WriterAndReader>) => void,
): Promise<void> {
  describe(`${options.subject}, one app on its database`, () => {
    let ctx: TestContext;
    afterAll(async () => ctx?.close());
    cases(async () => {
      ctx = await createTestContext();
      const one: ApiInstance = {
        app: ctx.app,
        features: ctx.features,
        database: ctx.database,
        close: () => ctx.close(),
      };
      return { writer: one, reader: one };
    });
  });

  const split = await splitProcesses(options.prefix, `${options.subject} across API processes`);
  describe.skipIf(split.unreachable !== null)(`${options.subject}, two API instances on one Postgres`, () => {
    const instances: ApiInstance[] = [];
    afterAll(async () => {
      for (const i of instances.reverse()) await i.close();
    });
    cases(async () => {
      const database = await split.database(options.databaseName);
      const first = await apiInstance(await openDatabase({ url: database.url }), options.secret);
      instances.push(first);
      const second = await apiInstance(
        await openDatabase({ url: database.url, migrate: false }),
        options.secret,
      );
      instances.push(second);
      return { writer: first, reader: second };
    });
  });
}
