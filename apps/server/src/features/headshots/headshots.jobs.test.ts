import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadshotMsg } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { STALE_RUN_MS, sweepPacks } from './headshots.jobs';
import { createHeadshotsRepo } from './headshots.repo';
import { headshotPackTasks } from './headshots.schema';

// The minute sweep, on packs written straight to the database (no pipeline needed).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
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
  it('sends packs waiting without a job, fails runs whose worker is gone, leaves the rest', async () => {
    const { userId } = await signInTestUser(ctx);
    const now = Date.now();
    const db = ctx.database.db;
    await db.insert(headshotPackTasks).values([
      pack('waiting-unsent', userId, { createdAt: new Date(now - 5 * 60_000) }),
      pack('waiting-fresh', userId, { createdAt: new Date(now - 1000) }),
      pack('waiting-sent', userId, { createdAt: new Date(now - 5 * 60_000), jobId: 'job-1' }),
      pack('running-lost', userId, {
        taskStatus: 2,
        jobId: 'job-2',
        startedAt: new Date(now - STALE_RUN_MS - 1000),
      }),
      pack('running-live', userId, { taskStatus: 2, jobId: 'job-3', startedAt: new Date(now - 60_000) }),
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
    expect(result).toEqual({ sent: 1, failed: 1 });
    expect(sent).toEqual(['waiting-unsent']);
    const read = async (id: string) =>
      (await db.select().from(headshotPackTasks).where(eq(headshotPackTasks.id, id)))[0]!;
    expect((await read('waiting-unsent')).jobId).toBe('job-for-waiting-unsent');
    expect(await read('running-lost')).toMatchObject({
      status: 'failure',
      taskStatus: 4,
      error: HeadshotMsg.generateFailed,
    });
    expect((await read('running-live')).status).toBe('generating');
  });
});
