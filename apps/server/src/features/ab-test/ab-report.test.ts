import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';

const TOKEN = 'report-token-0123456789-abcdef';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AB_REPORT_TOKEN: TOKEN });
});
afterAll(async () => ctx?.close());

/** Sends a beacon batch as the web app does: page properties with the visitor's plans, then events. */
async function track(visitor: string, ab: Record<string, number> | undefined, events: string[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/track/ai-covers',
    payload: {
      page: { tid: visitor, plang: 'en', ...(ab ? { ab } : {}) },
      events: events.map((event, i) => ({ event, time: Date.now() + i })),
    },
  });
  expect(res.json().code).toBe(0);
}

const report = (query: string, token: string | null = TOKEN) =>
  ctx.app.inject({ url: `/v1/ab-test/report?${query}`, headers: token ? { 'x-report-token': token } : {} });

describe('A/B plan report', () => {
  it('counts visitors and conversions per plan from the plans the events carried', async () => {
    // Plan 1: three visitors, one clicks the banner. Plan 2: two visitors, both click, one twice.
    await track('v-a', { banner_test: 1 }, ['page_view']);
    await track('v-b', { banner_test: 1 }, ['page_view', 'page_view']);
    await track('v-c', { banner_test: 1, login_test: 2 }, ['page_view', 'banner_click']);
    await track('v-d', { banner_test: 2 }, ['page_view', 'banner_click', 'banner_click']);
    await track('v-e', { banner_test: 2 }, ['banner_click']);
    // Events without a banner_test plan do not count for it.
    await track('v-f', { login_test: 1 }, ['banner_click']);
    await track('v-g', undefined, ['banner_click']);

    const res = await report('test_code=banner_test');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      test_code: 'banner_test',
      event: 'banner_click',
      project: 'ai-covers',
      plans: [
        { plan: 1, visitors: 3, converted: 1, conversions: 1, rate: 1 / 3 },
        { plan: 2, visitors: 2, converted: 2, conversions: 3, rate: 1 },
      ],
    });
    // Another conversion event, and another test on the same events.
    const views = (await report('test_code=banner_test&event=page_view')).json().data.plans;
    expect(views.map((p: { converted: number }) => p.converted)).toEqual([3, 1]);
    const login = (await report('test_code=login_test')).json().data;
    expect(login.event).toBe('login_success');
    expect(login.plans).toEqual([
      { plan: 1, visitors: 1, converted: 0, conversions: 0, rate: 0 },
      { plan: 2, visitors: 1, converted: 0, conversions: 0, rate: 0 },
    ]);
    expect((await report('test_code=dlp_app&days=7')).json().data.plans).toEqual([]);
  });

  it('refuses callers without the token and bad queries, with clear messages', async () => {
    expect((await report('test_code=banner_test', null)).json()).toMatchObject({ code: 40001 });
    const wrong = await report('test_code=banner_test', 'x'.repeat(TOKEN.length));
    expect(wrong.statusCode).toBe(401);
    for (const [query, msg] of [
      ['test_code=nope', /^query\.test_code: must be one of login_test/],
      ['', /^query\.test_code/],
      ['test_code=banner_test&event=drop%20table', /^query\.event: must be an event name/],
      ['test_code=banner_test&days=0', /^query\.days/],
      ['test_code=banner_test&project=other', /^query\.project/],
    ] as const) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg, query).toMatch(msg);
    }
  });

  it('the web page properties refuse a malformed plan map', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/track/ai-covers',
      payload: { page: { tid: 'v', ab: { banner_test: 'on' } }, events: [{ event: 'x', time: Date.now() }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^body\.page\.ab\.banner_test/);
  });
});

describe('A/B plan report turned off', () => {
  it('answers 40004 without AB_REPORT_TOKEN', async () => {
    const off = await createTestContext();
    try {
      const res = await off.app.inject({
        url: '/v1/ab-test/report?test_code=banner_test',
        headers: { 'x-report-token': TOKEN },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 40004, msg: 'The A/B report is turned off' });
    } finally {
      await off.close();
    }
  });
});
