import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes, type ParserOptions, type QueryOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The database as features see it. It carries no schema: every repository names the tables it
 * reads (its feature's `*.schema.ts`), and the product uses no relational queries.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Raw SQL access for pg-boss: one statement with parameters, or many without. */
export interface RawSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  driver: 'pglite' | 'postgres';
  db: Db;
  raw: RawSql;
  /** The embedded engine's handle (snapshots in tests); absent on Postgres. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface OpenOptions {
  /** postgres:// URL; without it an embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string | undefined;
  /** A PGlite data-dir tarball to start from (test snapshots). */
  loadDataDir?: Blob | undefined;
  migrate?: boolean;
}

/** Opens the database and applies committed migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.url ? await openPostgres(options.url) : await openPglite(options);
  if (options.migrate !== false) await applyMigrations(database);
  return database;
}

async function openPglite(options: OpenOptions): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const { forDrizzle, ownParsers } = mergeDrizzleParsers(client);
  const db = drizzlePglite(forDrizzle) as unknown as Db;
  return {
    driver: 'pglite',
    db,
    pglite: client,
    // PGlite's query() takes exactly one statement; pg-boss sends multi-statement scripts without
    // parameters, which only exec() accepts. Its result for a script is the last statement's rows.
    // Its results are parsed with PGlite's own parsers (dates as Date), as before the merge below.
    raw: {
      async executeSql(text, values) {
        if (values && values.length > 0) {
          const result = await client.query(text, values, { parsers: ownParsers });
          return { rows: result.rows };
        }
        const results = await client.exec(text, { parsers: ownParsers });
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    close: () => client.close(),
  };
}

/** The type parsers Drizzle's PGlite driver sends with every query: these types stay text. */
const DRIZZLE_TEXT_TYPES = [
  pgliteTypes.TIMESTAMP,
  pgliteTypes.TIMESTAMPTZ,
  pgliteTypes.INTERVAL,
  pgliteTypes.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/**
 * Drizzle hands PGlite its type parsers with every query, and PGlite then copies its whole parser
 * table (hundreds of entries, array types included) to merge them, per query: a tenth of a
 * status read's time. Merged once instead: the client's table gets Drizzle's parsers, Drizzle's
 * queries go without theirs (same parsing), and raw SQL passes PGlite's own table back, so its
 * parsing does not change either. Transactions still merge per query (PGlite builds their handle).
 */
function mergeDrizzleParsers(client: PGlite): { forDrizzle: PGlite; ownParsers: ParserOptions } {
  const ownParsers: ParserOptions = { ...client.parsers };
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = (value: string) => value;
  const forDrizzle = new Proxy(client, {
    get(target, property) {
      if (property === 'query')
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          target.query(text, params, options && { ...options, parsers: undefined });
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { forDrizzle, ownParsers };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that the server drops (restart, failover) emits 'error' on the pool; without a
  // listener that would crash the process. The pool replaces the client; the next query reports.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  const db = drizzlePg(pool) as unknown as Db;
  return {
    driver: 'postgres',
    db,
    raw: {
      async executeSql(text, values) {
        const result = await pool.query(text, values);
        // A multi-statement script returns an array of results; pg-boss wants the last one.
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: last?.rows ?? [] };
      },
    },
    close: () => pool.end(),
  };
}

async function applyMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.driver === 'pglite') {
    await migratePglite(database.db as never, config);
  } else {
    await migratePg(database.db as never, config);
  }
}

/** A cheap round trip, for the health check. */
export async function pingDatabase(database: Database): Promise<number> {
  const started = performance.now();
  await database.db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}
