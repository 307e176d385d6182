import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { visitor, type Headers } from '../storage/storage.test-kit';
import { seedCoverTask } from '../covers/covers.test-kit';
import { seedHeadshotPack } from '../headshots/headshots.test-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const send = (who: Headers, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/v1/feedback', headers: who, payload });
const read = (who: Headers, taskId: string) =>
  ctx.app.inject({ method: 'GET', url: `/v1/feedback?kind=ai-covers&subject_id=${taskId}`, headers: who });

describe('feedback on a finished cover', () => {
  it('stores rating, options and suggestion per task and account; sending again replaces it', async () => {
    const user = await signInTestUser(ctx);
    const taskId = await seedCoverTask(ctx, user.userId);
    expect((await read(user.auth, taskId)).json().data).toEqual({ feedback: null });
    const first = await send(user.auth, {
      kind: 'ai-covers',
      subject_id: taskId,
      rating: 4,
      options: ['quality', 'style', 'quality'],
      suggestion: '  More breath in the verses.  ',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      kind: 'ai-covers',
      subject_id: taskId,
      rating: 4,
      options: ['quality', 'style'],
      suggestion: 'More breath in the verses.',
    });
    await send(user.auth, { kind: 'ai-covers', subject_id: taskId, rating: 2, options: ['likeness'] });
    expect((await read(user.auth, taskId)).json().data.feedback).toMatchObject({
      rating: 2,
      options: ['likeness'],
      suggestion: '',
    });
    // Another account has its own (none yet) and cannot rate this task.
    const other = await signInTestUser(ctx);
    expect((await read(other.auth, taskId)).json().data).toEqual({ feedback: null });
    expect(
      (await send(other.auth, { kind: 'ai-covers', subject_id: taskId, rating: 5 })).json(),
    ).toMatchObject({
      code: 490618,
    });
  });

  it('refuses bad input and subjects that are not the caller’s finished results, storing nothing', async () => {
    const user = await signInTestUser(ctx);
    const taskId = await seedCoverTask(ctx, user.userId);
    const running = await seedCoverTask(ctx, user.userId, undefined, { status: 2 });
    for (const body of [
      { kind: 'ai-covers', subject_id: taskId, rating: 0 },
      { kind: 'ai-covers', subject_id: taskId, rating: 6 },
      { kind: 'ai-covers', subject_id: taskId, rating: 2.5 },
      { kind: 'ai-covers', subject_id: taskId, rating: '5' },
      { kind: 'ai-covers', subject_id: taskId, rating: 5, options: ['loud'] },
      { kind: 'ai-covers', subject_id: taskId, rating: 5, suggestion: 'x'.repeat(1001) },
      { kind: 'pictures', subject_id: taskId, rating: 5 },
      { kind: 'ai-covers', subject_id: '../etc', rating: 5 },
      { kind: 'ai-covers', rating: 5 },
    ]) {
      const res = await send(user.auth, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe(1);
    }
    for (const subject of [running, 'no-such-task-000', taskId]) {
      const who = subject === taskId ? visitor() : user.auth;
      expect((await send(who, { kind: 'ai-covers', subject_id: subject, rating: 5 })).json()).toMatchObject({
        code: 490618,
      });
    }
    expect((await read(user.auth, taskId)).json().data).toEqual({ feedback: null });
  });
});

describe('feedback on a headshot pack (the same form, also "contact us")', () => {
  it('takes feedback on the user’s own pack only; visitors and other accounts get 490618', async () => {
    const user = await signInTestUser(ctx);
    const packId = await seedHeadshotPack(ctx, user.userId);
    const body = {
      kind: 'headshots',
      subject_id: packId,
      rating: 3,
      options: ['likeness'],
      suggestion: 'Hi',
    };
    const saved = await send(user.auth, body);
    expect(saved.json()).toMatchObject({
      code: 0,
      data: { kind: 'headshots', subject_id: packId, rating: 3 },
    });
    const other = await signInTestUser(ctx);
    expect((await send(other.auth, body)).json()).toMatchObject({ code: 490618 });
    expect((await send(visitor(), body)).json()).toMatchObject({ code: 490618 });
    // The pack id is not a covers task: the covers kind does not take it.
    expect((await send(user.auth, { ...body, kind: 'ai-covers' })).json()).toMatchObject({ code: 490618 });
    const stored = await ctx.app.inject({
      method: 'GET',
      url: `/v1/feedback?kind=headshots&subject_id=${packId}`,
      headers: user.auth,
    });
    expect(stored.json().data.feedback).toMatchObject({ rating: 3, options: ['likeness'], suggestion: 'Hi' });
  });
});
