// The links a headshot pack hands out when the product runs under a base path (§1 lab hosting): a
// public share's link and its public view. The browser journey under the lab prefix stops before a
// pack is made (a whole pack costs minutes), so what a finished pack links to is proved here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { call, seedHeadshotPack } from './headshots.test-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ BASE_PATH: '/lab/ai-covers', PUBLIC_URL: 'https://media.example' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('a pack under a base path', () => {
  it("shares a link under the base path and the headshots' own path, which opens signed out", async () => {
    const { auth, userId } = await signInTestUser(ctx);
    const packId = await seedHeadshotPack(ctx, userId);
    const made = await call(ctx, 'POST', `/v1/headshots/packs/${packId}/shares`, auth);
    expect(made.statusCode).toBe(200);
    const share = made.json().data.share as { id: string; url: string };
    expect(share.url).toBe(`https://media.example/lab/ai-covers/headshots/usercenter/share?id=${share.id}`);
    // The public view the page reads answers a visitor; a revoked link answers nothing.
    const seen = await call(ctx, 'GET', `/v1/headshots/shares/${share.id}`);
    expect(seen.json()).toMatchObject({ code: 0 });
    await call(ctx, 'POST', `/v1/headshots/shares/${share.id}/revoke`, auth);
    expect((await call(ctx, 'GET', `/v1/headshots/shares/${share.id}`)).json().code).not.toBe(0);
  });
});
