import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { authorizeThroughProvider, browse, CookieJar, postLogin } from './auth.test-helpers';

// A tight limit of 4 per minute. Provider endpoints share one budget per IP; a browser's sign-in
// uses 2 of it (authorize, resume). Our own in-process discovery and token calls come from
// 127.0.0.1 too and must not count, or they would eat the browser's budget (and at scale fail
// sign-ins with 429).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '4' });
});
afterAll(() => ctx.close());

it('does not count our own code exchange against the per-IP limit, but limits browsers', async () => {
  const jar = new CookieJar();
  const flow = await authorizeThroughProvider(ctx.app, jar, {
    email: 'limit@example.test',
    password: 'long enough 1',
    register: true,
  });
  const login = await postLogin(ctx.app, jar, flow.callback!);
  expect(login.statusCode).toBe(200);
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) statuses.push((await browse(ctx.app, jar, 'GET', '/accounts/jwks')).statusCode);
  expect(statuses).toEqual([200, 200, 429]);
});
