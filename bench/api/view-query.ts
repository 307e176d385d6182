/**
 * What a finished cover's view and a page of My covers cost on the embedded database, without
 * HTTP: the one statement the API makes (`viewOwned`, `listOwnedViews`, with the wallet's paid
 * condition) against the reads it replaced (the task, its payment, kept files and mix one after
 * another; for the list also its count). Rounds alternate between the two so that load on the
 * machine hits both alike; prints the fastest and the median round in microseconds per call.
 * Run: `nice -n 10 npx tsx bench/api/view-query.ts` (BENCH_CALLS per round, default 200).
 */
import { COVER_DOWNLOAD } from '@ai-covers/contracts';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { createCoversRepo } from '../../apps/server/src/features/covers/covers.repo';
import { createCoverAssetsRepo } from '../../apps/server/src/features/covers/covers.assets.repo';
import { coverAssets, coverTasks } from '../../apps/server/src/features/covers/covers.schema';
import { createUsersRepo } from '../../apps/server/src/features/users/users.repo';
import { createCreditsRepo } from '../../apps/server/src/features/credits/credits.repo';
import { printRounds } from '../support/rounds';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const database = await openDatabase({});
const db = database.db;
const { user } = await createUsersRepo(db).upsertByIdentity({ issuer: 'bench', subject: 'view' });
const ids = Array.from({ length: 10 }, (_, i) => `bench-view-${i}`);
for (const [n, id] of ids.entries()) {
  const at = new Date(Date.now() - n * 60_000);
  await db.insert(coverTasks).values({
    id,
    userId: user.id,
    sourceKey: `ai-covers/bench/${id}.wav`,
    songName: `${id}.wav`,
    voiceId: 'velvet',
    backing: 'keep',
    status: 3,
    progress: 1,
    duration: 150,
    createdAt: at,
    updatedAt: at,
  });
  await db.insert(coverAssets).values([
    { taskId: id, role: 'wav', fileId: null, storageKey: `${id}/wav` },
    { taskId: id, role: 'mp3_low', fileId: null, storageKey: `${id}/low` },
  ]);
}
// A running task: what a status page polls while it renders (no payment, kept files or mix yet).
const runningId = 'bench-view-running';
await db.insert(coverTasks).values({
  id: runningId,
  userId: user.id,
  sourceKey: `ai-covers/bench/${runningId}.wav`,
  songName: `${runningId}.wav`,
  voiceId: 'velvet',
  backing: 'keep',
  status: 2,
  progress: 0.4,
});
const credits = createCreditsRepo(db);
const { kind, purpose } = COVER_DOWNLOAD;
const repo = createCoversRepo(db, { paid: credits.chargedCondition(kind, purpose) });
const assets = createCoverAssetsRepo(db);
const owner = { userId: user.id, visitorId: null };
const page = { limit: 20, offset: 0 };

/** The reads a view made before: the task(s), then payment, kept files and mix of the finished ones. */
async function fourReads(taskIds: string[]): Promise<void> {
  await credits.chargedTaskIds(user.id, kind, purpose, taskIds);
  await assets.listFor(taskIds);
  await assets.mixesFor(taskIds);
}
const calls: Record<string, () => Promise<unknown>> = {
  'running task, the row alone': () => repo.findOwned(owner, runningId),
  'running task, its view (the API)': () => repo.viewOwned(owner, runningId),
  'finished view, four reads (before)': async () => {
    const task = await repo.findOwned(owner, ids[0]!);
    await fourReads([task!.id]);
  },
  'finished view, one statement (now)': () => repo.viewOwned(owner, ids[0]!),
  'list of 10 finished, five reads (before)': async () => {
    const { rows } = await repo.listOwned(owner, page);
    await fourReads(rows.map((r) => r.id));
  },
  'list of 10 finished, one statement (now)': () => repo.listOwnedViews(owner, page),
};
const rounds: Record<string, number[]> = {};
for (let round = 0; round < 5; round++) {
  for (const [name, call] of Object.entries(calls)) {
    for (let i = 0; i < 20; i++) await call();
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) await call();
    (rounds[name] ??= []).push(((performance.now() - started) / CALLS) * 1000);
  }
}
printRounds(rounds);
await database.close();
