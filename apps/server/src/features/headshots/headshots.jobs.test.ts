import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { HeadshotMsg } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { STALE_RUN_MS, sweepPacks } from './headshots.jobs';
import { createHeadshotsRepo } from './headshots.repo';
import { headshotPackTasks } from './headshots.schema';

// The minute sweep, on packs written straight to the database (no pipeline needed).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, within(60_000));
afterAll(async () => ctx?.close());

const pack = (id: string, userId: number, set: Partial<typeof headshotPackTasks.$inferInsert>) => ({
  id,
  userId,
  plan: 'basic',
  styles: ['corporate-grey'],
  gender: 'unspecified',
  photoIds: [],
  count: 50,
  ...set,
});

describe('the headshot pack sweep', () => {
  it('sends packs waiting without a job, reclaims runs of dead workers, fails stuck runs, leaves the rest', async () => {
    const { userId } = await signInTestUser(ctx);
    const now = Date.now();
    const db = ctx.database.db;
    const live = { leaseOwner: 'elsewhere/1/ab', leaseUntil: new Date(now + 60_000) };
    const lapsed = { leaseOwner: 'elsewhere/2/cd', leaseUntil: new Date(now - 60_000) };
    await db.insert(headshotPackTasks).values([
      pack('waiting-unsent', userId, { createdAt: new Date(now - 5 * 60_000) }),
      pack('waiting-fresh', userId, { createdAt: new Date(now - 1000) }),
      pack('waiting-sent', userId, { createdAt: new Date(now - 5 * 60_000), jobId: 'job-1' }),
      // A live worker whose run hangs past the stale limit.
      pack('running-stuck', userId, {
        taskStatus: 2,
        jobId: 'job-2',
        startedAt: new Date(now - STALE_RUN_MS - 1000),
        ...live,
      }),
      pack('running-live', userId, {
        taskStatus: 2,
        jobId: 'job-3',
        startedAt: new Date(now - 60_000),
        ...live,
      }),
      // Its worker died: its lease lapsed (first loss: it goes again; second loss: free retry offered).
      pack('running-lapsed', userId, { taskStatus: 2, jobId: 'job-4', startedAt: new Date(now), ...lapsed }),
      pack('running-lapsed-again', userId, {
        taskStatus: 2,
        jobId: 'job-5',
        startedAt: new Date(now),
        lapses: 1,
        ...lapsed,
      }),
      // A run from before leases (no lease at all) is a dead one too.
      pack('running-unleased', userId, { taskStatus: 2, jobId: 'job-6', startedAt: new Date(now) }),
    ]);
    const sent: string[] = [];
    const result = await sweepPacks({
      repo: createHeadshotsRepo(db),
      send: async (_name, id) => {
        sent.push(id);
        return `job-for-${id}`;
      },
      now: () => now,
    });
    expect(result).toEqual({ sent: 3, failed: 2 });
    expect(sent.sort()).toEqual(['running-lapsed', 'running-unleased', 'waiting-unsent']);
    const read = async (id: string) =>
      (await db.select().from(headshotPackTasks).where(eq(headshotPackTasks.id, id)))[0]!;
    expect((await read('waiting-unsent')).jobId).toBe('job-for-waiting-unsent');
    expect(await read('running-stuck')).toMatchObject({
      status: 'failure',
      taskStatus: 4,
      error: HeadshotMsg.generateFailed,
    });
    expect(await read('running-lapsed')).toMatchObject({
      status: 'generating',
      taskStatus: 1,
      jobId: 'job-for-running-lapsed',
      lapses: 1,
      leaseOwner: null,
      startedAt: null,
    });
    const given = await read('running-lapsed-again');
    expect(given).toMatchObject({
      status: 'failure',
      taskStatus: 4,
      error: HeadshotMsg.generateFailed,
      errorCode: 'WORKER_LOST',
      lapses: 2,
    });
    // Kept 30 days for the free retry.
    expect(given.expiresAt!.getTime() - now).toBe(30 * 86_400_000);
    expect((await read('running-live')).status).toBe('generating');
    expect((await read('waiting-fresh')).jobId).toBeNull();
  });
});
