// Postgres for the tests that split the API and the render worker into separate processes: the
// embedded database (PGlite) belongs to one process, so those tests need a real server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
