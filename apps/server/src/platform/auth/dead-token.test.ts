import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { createTokenSigner, TOKEN_AUDIENCE, TOKEN_ISSUER } from './tokens';

// The secret createTestContext signs with (test/context.ts).
const TEST_SECRET = new TextEncoder().encode('test-secret-0123456789-abcdefghijklmnop');
const VAPI = { version: '1.1.78', source: 'ai-covers' };

let ctx: TestContext;
let tokens: Record<string, string>;
let live: Awaited<ReturnType<typeof signInTestUser>>;

beforeAll(async () => {
  ctx = await createTestContext();
  live = await signInTestUser(ctx);
  const revoked = await signInTestUser(ctx);
  await ctx.features.users.sessions.revoke(revoked.sessionId);
  const old = await signInTestUser(ctx);
  const expired = await createTokenSigner(TEST_SECRET, () => Date.now() - 3 * 24 * 3600 * 1000).sign({
    userId: old.userId,
    sessionId: old.sessionId,
  });
  const claims = { sid: live.sessionId };
  const { privateKey } = await generateKeyPair('RS256');
  tokens = {
    revoked: revoked.token,
    expired: expired.token,
    // Our claims, another key.
    forged: await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(live.userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-our-secret-0123456789-abcdefghij')),
    'alg none': new UnsecuredJWT(claims)
      .setSubject(String(live.userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .encode(),
    // Signed with our own secret but issued by someone else, and an RS256 token of another service.
    'another issuer (our key)': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(live.userId))
      .setIssuer('https://accounts.example.com')
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(TEST_SECRET),
    'another issuer (RS256)': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject(String(live.userId))
      .setIssuer('https://accounts.example.com')
      .setAudience('another-api')
      .setExpirationTime('1h')
      .sign(privateKey),
    garbage: 'not.a.token',
  };
});
afterAll(async () => ctx?.close());

/** Calls that need a signed-in user (requireUser) or act for the caller (requireOwner). */
const SIGNED_IN_CALLS: { name: string; method: 'GET' | 'POST'; url: string; headers?: object }[] = [
  { name: 'user info', method: 'GET', url: '/v1/user/info?kind=ai-covers' },
  { name: 'vapi user', method: 'POST', url: '/vapi/v1/user', headers: VAPI },
  { name: 'deduct', method: 'GET', url: '/v1/deduct?kind=ai-covers&task_id=t-12345678' },
  { name: 'verify', method: 'GET', url: '/v1/verify?kind=ai-covers' },
  { name: 'integral wsid', method: 'GET', url: '/v1/integral/wsid' },
  { name: 'integral product', method: 'GET', url: '/v1/integral/product?kind=ai-covers' },
  { name: 'credits account', method: 'GET', url: '/v1/credits/account' },
  { name: 'credits records', method: 'GET', url: '/v1/credits/records?type=acquisition' },
  { name: 'orders', method: 'GET', url: '/v1/billing/orders' },
  { name: 'sku info', method: 'GET', url: '/vapi/v1/buy/sku-info', headers: VAPI },
  { name: 'cover download', method: 'GET', url: '/v1/vsas/download/t-12345678' },
  { name: 'cover list', method: 'GET', url: '/v1/vsas/list?kind=ai-covers' },
  { name: 'storage token', method: 'GET', url: '/v1/storage/token?kind=ai-covers' },
  { name: 'library', method: 'GET', url: '/v1/library/files' },
];

describe('dead sessions (§8 490010 re-login)', () => {
  it.each(SIGNED_IN_CALLS)('$name: every dead token gets 490010 and no data', async (call) => {
    for (const [kind, token] of Object.entries(tokens)) {
      const res = await ctx.app.inject({
        method: call.method,
        url: call.url,
        headers: { ...call.headers, authorization: `Bearer ${token}`, 'x-visitor-id': 'visitor-12345678' },
      });
      expect(res.statusCode, kind).toBe(401);
      expect(res.json(), kind).toEqual({
        code: 490010,
        data: null,
        msg: 'Not logged in, please log in first',
      });
    }
  });

  it('a bare token (no "Bearer") and a non-bearer header are read the same way', async () => {
    const bare = await ctx.app.inject({ url: '/v1/user/info', headers: { authorization: live.token } });
    expect(bare.json()).toMatchObject({ code: 0, data: { ws_id: live.userId } });
    const basic = await ctx.app.inject({ url: '/v1/user/info', headers: { authorization: 'Basic dTpw' } });
    expect(basic.json().code).toBe(490010);
  });

  it('no token at all stays 40001; the paid check keeps its §8 mapping (490010)', async () => {
    for (const call of SIGNED_IN_CALLS.filter(
      (c) => !['cover list', 'storage token', 'library'].includes(c.name),
    )) {
      const res = await ctx.app.inject({ method: call.method, url: call.url, headers: { ...call.headers } });
      expect(res.statusCode, call.name).toBe(401);
      expect(res.json(), call.name).toMatchObject({ code: 40001, data: null });
    }
    const pay = await ctx.app.inject({ url: '/v1/verify/pay?kind=ai-covers' });
    expect(pay.json()).toMatchObject({ code: 490010, data: null });
    const dead = await ctx.app.inject({
      url: '/v1/verify/pay?kind=ai-covers',
      headers: { authorization: `Bearer ${tokens.revoked}` },
    });
    expect(dead.json()).toMatchObject({ code: 490010, data: null });
    const paid = await ctx.app.inject({ url: '/v1/verify/pay?kind=ai-covers', headers: live.auth });
    expect(paid.json()).toMatchObject({ code: 0, data: { kind: 'ai-covers', pay: false } });
  });

  it('a visitor without a token keeps working; public calls ignore a dead token', async () => {
    const visitor = await ctx.app.inject({
      url: '/v1/vsas/list?kind=ai-covers',
      headers: { 'x-visitor-id': 'visitor-12345678' },
    });
    expect(visitor.json()).toMatchObject({ code: 0 });
    const categories = await ctx.app.inject({
      url: '/v1/common/category?module=ai-covers',
      headers: { authorization: `Bearer ${tokens.forged}` },
    });
    expect(categories.json().code).toBe(0);
    const logout = await ctx.app.inject({
      url: '/v1/logout',
      headers: { authorization: `Bearer ${tokens.revoked}` },
    });
    expect(logout.json().code).toBe(0);
  });
});
