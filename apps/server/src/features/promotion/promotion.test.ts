import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInTestUser, type TestContext } from '../../test/context';
import { createTestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function csrf() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v3/market/csrf-token?_t=1' });
  const cookie = res.cookies.find((c) => c.name === 'ai-covers.csrf')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  return { token: res.json().data.csrf_token as string, cookie: `ai-covers.csrf=${cookie.value}` };
}
const exchange = (headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v3/market/present/exchange',
    headers: { 'content-type': 'application/json', ...headers },
    payload: {},
  });
const ids = { 'x-plugin-id': 'ai-covers', 'x-activity-id': 'login-present' };

describe('event service', () => {
  it('grants the login present once per account, with the CSRF pair', async () => {
    const { userId, auth } = await signInTestUser(ctx);
    // The user info a client reads combines the wallet's fields with the promotion's (reading it
    // also grants the 1-credit signup gift, so the balances below include it).
    const info = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/v1/user/info', headers: auth })).json().data;
    expect(await info()).toMatchObject({ ws_id: userId, pds_active: 1, pds_active_now: 1 });
    const { token, cookie } = await csrf();
    const first = await exchange({ ...auth, ...ids, business: 'editor', 'x-csrf-token': token, cookie });
    expect(first.json()).toMatchObject({ code: 0, data: { granted: true, credits: 3, balance: 4 } });
    const second = await exchange({ ...auth, ...ids, 'x-csrf-token': token, cookie });
    expect(second.json()).toMatchObject({
      code: 0,
      msg: 'already claimed',
      data: { granted: false, balance: 4 },
    });
    expect(await info()).toMatchObject({ credit: 4, pds_active: 1, pds_active_now: 0 });
  });

  it('refuses without a valid CSRF token, sign-in, or a known activity, and grants nothing', async () => {
    const { userId, auth } = await signInTestUser(ctx);
    const { token, cookie } = await csrf();
    const other = await csrf();
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ ...auth, ...ids }, 403, /^x-csrf-token: /],
      [{ ...auth, ...ids, 'x-csrf-token': token }, 403, /^x-csrf-token: /],
      [{ ...auth, ...ids, 'x-csrf-token': token, cookie: other.cookie }, 403, /^x-csrf-token: /],
      [{ ...auth, ...ids, 'x-csrf-token': `${token.split('.')[0]}.forged`, cookie }, 403, /^x-csrf-token: /],
      [{ ...ids, 'x-csrf-token': token, cookie }, 401, /Not logged in/],
      [{ ...auth, ...ids, 'x-activity-id': 'nope', 'x-csrf-token': token, cookie }, 404, /^x-activity-id: /],
      [{ ...auth, ...ids, 'x-plugin-id': 'other', 'x-csrf-token': token, cookie }, 400, /^x-plugin-id: /],
      [{ ...auth, 'x-csrf-token': token, cookie }, 400, /^headers\.x-plugin-id: /],
      // §7: the event service's business header, when sent, is 'editor'.
      [
        { ...auth, ...ids, business: 'studio', 'x-csrf-token': token, cookie },
        400,
        /^headers\.business: must be 'editor'/,
      ],
    ];
    for (const [headers, status, msg] of cases) {
      const res = await exchange(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(status);
      expect(res.json().msg).toMatch(msg);
    }
    expect((await ctx.features.credits.userInfoCredits(userId)).credit).toBe(0);
  });
});

describe('/promotion.html', () => {
  it('is a script-free page in the visitor language whose script runs the present check', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/promotion.html',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Dein Login-Geschenk');
    expect(page.body).not.toMatch(/<script>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await ctx.app.inject({ method: 'GET', url: '/api/v3/market/promotion.js' });
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('/api/v3/market/present/exchange');
    expect(script.body).toContain("{ business: 'editor' }");
  });
});
