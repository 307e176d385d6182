// Postgres for the tests that split the API and the render worker into separate processes: the
// embedded database (PGlite) belongs to one process, so those tests need a real server.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { Child } from './child-server';

/** The server to create scratch databases on: TEST_DATABASE_URL, SPLIT_TEST_DATABASE_URL or the local one. */
export const SPLIT_ADMIN_URL =
  process.env.TEST_DATABASE_URL ||
  process.env.SPLIT_TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

/** Null when Postgres answers, else why not. */
export async function postgresUnreachable(url = SPLIT_ADMIN_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs one statement on the admin connection. */
export async function admin(sql: string, url = SPLIT_ADMIN_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, uniquely named database on the admin server; `drop` removes it even with open connections. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(SPLIT_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * The set-up of a test file that splits the API and workers into processes on scratch Postgres
 * databases: whether Postgres answers (said once, with `what` is skipped), a temp folder, the
 * started processes (SIGKILLed after the file if still running) and the databases (dropped).
 */
export async function splitProcesses(prefix: string, what: string) {
  const unreachable = await postgresUnreachable();
  if (unreachable)
    process.stdout.write(`skipping ${what}: Postgres at ${SPLIT_ADMIN_URL} unreachable (${unreachable})\n`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const children: Child[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    for (const drop of drops) await drop();
    fs.rmSync(root, { recursive: true, force: true });
  });
  return {
    unreachable,
    root,
    children,
    /** A scratch database dropped after the file. */
    async database(name: string) {
      const database = await scratchDatabase(name);
      drops.push(database.drop);
      return database;
    },
  };
}
