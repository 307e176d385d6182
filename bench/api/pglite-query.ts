/**
 * What one read costs on the embedded database, without HTTP: `select 1` and the task-status read
 * (one row of cover_tasks by id and owner), straight through PGlite and through Drizzle (the
 * prepared statement the API uses); the wallet's part of user info as one statement and as the
 * six reads it replaced. Five rounds of 500 calls each after a warm-up; prints the
 * fastest and the median round in microseconds per call.
 * Run: `npx tsx bench/api/pglite-query.ts`.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { createCoversRepo } from '../../apps/server/src/features/covers/covers.repo';
import { coverTasks } from '../../apps/server/src/features/covers/covers.schema';
import { createUsersRepo } from '../../apps/server/src/features/users/users.repo';
import { createCreditsRepo } from '../../apps/server/src/features/credits/credits.repo';
import { createUserInfoRepo } from '../../apps/server/src/features/credits/user-info.repo';

const database = await openDatabase({});
const client = database.pglite!;
const { user } = await createUsersRepo(database.db).upsertByIdentity({ issuer: 'bench', subject: 'q' });
const taskId = 'bench-query-task';
await database.db.insert(coverTasks).values({
  id: taskId,
  userId: user.id,
  sourceKey: 'ai-covers/bench/q.wav',
  songName: 'Q.wav',
  voiceId: 'velvet',
  backing: 'keep',
  status: 2,
  progress: 0.4,
});
const repo = createCoversRepo(database.db);
const owner = { userId: user.id, visitorId: null };
const text = 'select * from cover_tasks where id = $1 and user_id = $2 limit 1';
const credits = createCreditsRepo(database.db);
const wallet = createUserInfoRepo(database.db);
const at = new Date();
const since = new Date(at.getTime() - 86_400_000);
const calls: Record<string, () => Promise<unknown>> = {
  'select 1, PGlite': () => client.query('select 1', []),
  'select 1, Drizzle execute': () => database.db.execute(sql`select 1`),
  'task read, PGlite': () => client.query(text, [taskId, user.id]),
  'task read, Drizzle prepared (the API)': () => repo.findOwned(owner, taskId),
  // The wallet's part of user info: one statement, against the six reads it replaced.
  'wallet, one statement (the API)': () => wallet.snapshot(user.id, at, since),
  'wallet, six queries at once': () =>
    Promise.all([
      credits.balance(user.id, at),
      credits.listMemberships(user.id),
      credits.lotsBySource(user.id, 'gift'),
      credits.listLegacyPoints(user.id),
      credits.findUpgrade(user.id),
      credits.spentTotal(user.id),
    ]),
};
const rounds: Record<string, number[]> = {};
for (let round = 0; round < 5; round++) {
  for (const [name, call] of Object.entries(calls)) {
    for (let i = 0; i < 100; i++) await call();
    const n = 500;
    const started = performance.now();
    for (let i = 0; i < n; i++) await call();
    (rounds[name] ??= []).push(((performance.now() - started) / n) * 1000);
  }
}
process.stdout.write(`| call | fastest round µs | median round µs |\n|---|---:|---:|\n`);
for (const [name, values] of Object.entries(rounds)) {
  const sorted = [...values].sort((a, b) => a - b);
  process.stdout.write(`| ${name} | ${sorted[0]!.toFixed(0)} | ${sorted[2]!.toFixed(0)} |\n`);
}
process.stdout.write(`\nLoad average (1 min) at the end: ${os.loadavg()[0]!.toFixed(2)}\n`);
await database.close();
