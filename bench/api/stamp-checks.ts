/**
 * What a kept read's check costs on Postgres without HTTP: CHECKERS concurrent callers each asking
 * the read stamp of their session again and again for SECONDS, one statement per check (the way
 * before decision 245, `readStamp`) against checks coalesced into shared statements
 * (`createReadStamps`), the two alternating in ROUNDS rounds so that load on the machine hits both
 * alike. The server's pool (10 connections) is the one the API opens. Prints checks per second,
 * p50 and p99 per round, statements sent, and the load average.
 * Run: `npx tsx bench/api/stamp-checks.ts` (BENCH_POSTGRES_URL as in run.ts; a database of its own,
 * BENCH_POSTGRES_DB, default ai_covers_bench_stamps, made and dropped; BENCH_CHECKERS 50,
 * BENCH_SECONDS 5, BENCH_ROUNDS 4, BENCH_USERS 1: the sessions of that many accounts).
 */
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { createReadStamps } from '../../apps/server/src/features/users/read-stamps';
import { createUsersRepo } from '../../apps/server/src/features/users/users.repo';

const CHECKERS = Number(process.env.BENCH_CHECKERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const USERS = Number(process.env.BENCH_USERS ?? 1);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = process.env.BENCH_POSTGRES_DB ?? 'ai_covers_bench_stamps';
if (!/^[a-z_][a-z0-9_]*$/.test(NAME)) throw new Error('BENCH_POSTGRES_DB: lower-case letters, digits and _');

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
const database = await openDatabase({ url: url.toString() });
try {
  const repo = createUsersRepo(database.db);
  const sessions: { userId: number; sessionId: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const { user } = await repo.upsertByIdentity({ issuer: 'bench', subject: `stamps-${i}` });
    sessions.push({
      userId: user.id,
      sessionId: await repo.createSession(user.id, new Date(Date.now() + 86_400_000)),
    });
  }
  let statements = 0;
  const counted = {
    readStamp: repo.readStamp,
    readStamps: (keys: Parameters<typeof repo.readStamps>[0], now: Date) => {
      statements += 1;
      return repo.readStamps(keys, now);
    },
  };
  const coalesced = createReadStamps({
    database: { driver: 'postgres' },
    repo: counted,
    now: () => new Date(),
  });
  const ways: Record<string, (userId: number, sessionId: string) => Promise<unknown>> = {
    'one statement per check': (userId, sessionId) => {
      statements += 1;
      return repo.readStamp(sessionId, userId, new Date(), 'covers');
    },
    coalesced: (userId, sessionId) => coalesced.stamp(userId, sessionId, 'covers'),
  };

  async function round(check: (userId: number, sessionId: string) => Promise<unknown>, seconds: number) {
    const latencies: number[] = [];
    statements = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CHECKERS }, async (_, n) => {
        const { userId, sessionId } = sessions[n % sessions.length]!;
        while (performance.now() < end) {
          const started = performance.now();
          await check(userId, sessionId);
          latencies.push(performance.now() - started);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    return { perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), statements };
  }

  for (const check of Object.values(ways)) await round(check, 1);
  process.stdout.write(
    `${CHECKERS} checkers, ${USERS} account(s), ${SECONDS} s per figure, ${os.cpus().length} cores\n\n` +
      '| round | way | checks/s | p50 ms | p99 ms | statements | load avg (1/5/15 min) |\n|---:|---|---:|---:|---:|---:|---|\n',
  );
  for (let r = 1; r <= ROUNDS; r++) {
    const order = r % 2 === 1 ? Object.entries(ways) : Object.entries(ways).reverse();
    for (const [name, check] of order) {
      const result = await round(check, SECONDS);
      const loadavg = os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
      process.stdout.write(
        `| ${r} | ${name} | ${result.perSecond.toFixed(0)} | ${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} | ${result.statements} | ${loadavg} |\n`,
      );
    }
  }
  await coalesced.close();
} finally {
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
}
