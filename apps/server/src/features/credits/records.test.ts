import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dspEngine } from '@ai-covers/engine';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { seedCoverTask } from '../covers/covers.test-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

/** An account with credits to spend. */
async function payingUser(credits = 5) {
  const user = await signInTestUser(ctx);
  await ctx.features.credits.service.grant(user.userId, {
    source: 'present',
    sourceRef: 'records-test',
    amount: credits,
    details: 'records-test',
  });
  return user;
}

describe('consumption records name what a charge paid for', () => {
  it('a cover download shows its song title and voice, not only the task id', async () => {
    const { userId, auth } = await payingUser();
    const taskId = await seedCoverTask(ctx, userId);
    expect((await get(`/v1/deduct?kind=ai-covers&task_id=${taskId}`, auth)).json().code).toBe(0);
    const rows = (await get('/v1/credits/records?type=consumption', auth)).json().data.rows;
    expect(rows[0]).toMatchObject({
      kind: 'ai-covers',
      task: taskId,
      amount: 1,
      subject: { title: 'Seeded', voice: dspEngine.getVoice('velvet')!.name, deleted: false },
    });
  });

  it('a deleted cover keeps its record, marked deleted with no name', async () => {
    const { userId, auth } = await payingUser();
    const taskId = await seedCoverTask(ctx, userId);
    await get(`/v1/deduct?kind=ai-covers&task_id=${taskId}`, auth);
    await ctx.features.covers.service.remove({ userId, visitorId: null }, taskId);
    const rows = (await get('/v1/credits/records?type=consumption', auth)).json().data.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toEqual({ title: null, voice: null, deleted: true });
  });

  it('tools with no describer answer subject null', async () => {
    const { auth } = await payingUser();
    await get('/v1/deduct?kind=noise-reducer&task_id=clip-1&val=30', auth);
    const rows = (await get('/v1/credits/records?type=consumption', auth)).json().data.rows;
    expect(rows[0]).toMatchObject({ kind: 'noise-reducer', task: 'clip-1', subject: null });
  });

  it('asks each describer once per page, with the account and the page’s task ids', async () => {
    const { userId, auth } = await payingUser(10);
    const calls: { userId: number; ids: string[] }[] = [];
    ctx.features.credits.service.registerTool('ai-music', {
      titles: async (owner, ids) => {
        calls.push({ userId: owner, ids: [...ids].sort() });
        return new Map(
          ids.filter((id) => id !== 'song-3').map((id) => [id, { title: `T ${id}`, voice: null }]),
        );
      },
    });
    for (const id of ['song-1', 'song-2', 'song-3'])
      await get(`/v1/deduct?kind=ai-music&task_id=${id}`, auth);
    const rows = (await get('/v1/credits/records?type=consumption&page_size=2', auth)).json().data.rows;
    expect(calls).toEqual([{ userId, ids: ['song-2', 'song-3'] }]);
    expect(rows.map((r: { subject: unknown }) => r.subject)).toEqual([
      { title: null, voice: null, deleted: true },
      { title: 'T song-2', voice: null, deleted: false },
    ]);
  });

  it("never names another account's cover", async () => {
    const owner = await payingUser();
    const taskId = await seedCoverTask(ctx, owner.userId);
    const describe = ctx.features.covers.forWallet.titles;
    const other = await signInTestUser(ctx);
    expect((await describe(other.userId, [taskId])).size).toBe(0);
    expect((await describe(owner.userId, [taskId])).get(taskId)?.title).toBe('Seeded');
  });
});
