import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { createAnalyticsRepo } from './analytics.repo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const post = (project: string, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/v1/track/${project}`, payload: body as object });
const count = (event?: string) => createAnalyticsRepo(ctx.database.db).countEvents('ai-covers', event);

describe('analytics beacon', () => {
  it('stores a valid batch with its page properties', async () => {
    const before = await count('app_launch');
    const res = await post('ai-covers', {
      page: { uid: 'v-1', pid: 15041, ptype: 'lab', plang: 'de', tz: -60, logged_in: false },
      events: [
        { event: 'app_launch', time: Date.now() },
        { event: 'page_view', time: Date.now(), props: { path: '/de/' } },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, data: { accepted: 2 }, msg: 'ok' });
    expect(await count('app_launch')).toBe(before + 1);
  });

  it.each([
    [
      'an unknown project',
      'other',
      { page: {}, events: [{ event: 'x', time: 1 }] },
      /Unknown analytics project/,
    ],
    ['an empty batch', 'ai-covers', { page: {}, events: [] }, /^body\.events: /],
    [
      'too many events',
      'ai-covers',
      { page: {}, events: Array.from({ length: 51 }, () => ({ event: 'x', time: 1 })) },
      /^body\.events: /,
    ],
    [
      'a junk event name',
      'ai-covers',
      { page: {}, events: [{ event: '<script>', time: 1 }] },
      /^body\.events\.0\.event: event must be a name/,
    ],
    [
      'a wrong ptype',
      'ai-covers',
      { page: { ptype: 'evil' }, events: [{ event: 'x', time: 1 }] },
      /^body\.page\.ptype: /,
    ],
    [
      'an object as a property value',
      'ai-covers',
      { page: {}, events: [{ event: 'x', time: 1, props: { a: { b: 1 } } }] },
      /^body\.events\.0\.props\.a: /,
    ],
  ])('rejects %s with a clear message and stores nothing', async (_name, project, body, msg) => {
    const before = await count();
    const res = await post(project, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1);
    expect(res.json().msg).toMatch(msg);
    expect(await count()).toBe(before);
  });
});
