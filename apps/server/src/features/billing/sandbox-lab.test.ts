import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';

// §1: the lab hosting. The app lives under BASE_PATH; the API (and so the sandbox checkout, an API
// page) stays at the site root (decision 004). Only the way back is a page of the app.
const BASE = '/lab/ai-covers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ BASE_PATH: BASE });
});
afterAll(async () => ctx?.close());

describe('sandbox checkout under the lab path', () => {
  it('serves the page and its forms at the API root and returns to the app under the lab path', async () => {
    const { auth } = await signInTestUser(ctx);
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/v1/billing/checkout',
      headers: auth,
      payload: { sku: 'credits-100', return_path: '/pricing' },
    });
    expect(start.json().code).toBe(0);
    const { url, order_id: orderId } = start.json().data as { url: string; order_id: number };
    expect(url).toMatch(new RegExp(`^/v1/billing/sandbox/${orderId}\\?t=[0-9a-f]{32}$`));

    const page = await ctx.app.inject({ url });
    expect(page.statusCode).toBe(200);
    const actions = [...page.body.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]);
    expect(actions).toEqual([
      `/v1/billing/sandbox/${orderId}/confirm`,
      `/v1/billing/sandbox/${orderId}/decline`,
    ]);

    const token = new URL(url, 'http://local').searchParams.get('t')!;
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: actions[0]!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `t=${token}`,
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${BASE}/pricing?order_id=${orderId}&status=paid`);
    expect((await ctx.app.inject({ url: '/v1/credits/account', headers: auth })).json().data.balance).toBe(
      100,
    );

    // Once decided, the page links back to the app under the lab path.
    const after = await ctx.app.inject({ url });
    expect(after.body).toContain(`href="${BASE}/pricing"`);
    // The prefixed form of the old URL is no API route: nothing answers there but the 404 envelope.
    const prefixed = await ctx.app.inject({ url: `${BASE}${url}` });
    expect(prefixed.statusCode).toBe(404);
  });
});
