import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Provider from 'oidc-provider';
import { createTestContext, type TestContext } from '../../test/context';
import { CookieJar, browse, postLogin, TEST_ORIGIN } from './auth.test-helpers';

// A second, independent oidc-provider on its own port plays "another OIDC issuer": the server is
// pointed at it by settings alone (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET).
let server: http.Server;
let issuer: string;
let ctx: TestContext;
const CLIENT = { client_id: 'covers-at-external', client_secret: 'external-secret-0123456789' };

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [`${TEST_ORIGIN}/lab/plugins/ai-covers/login-callback.html`],
        post_logout_redirect_uris: [`${TEST_ORIGIN}/lab/plugins/ai-covers/logout-callback.html`],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, email: `${sub}@external.test` }) }),
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  ctx = await createTestContext({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
  });
});
afterAll(async () => {
  await ctx.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Walks the external provider's dev login and consent like a browser, up to our callback. */
async function signInAtExternal(authorizeUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizeUrl;
  for (let hop = 0; hop < 12; hop++) {
    const target = new URL(url, issuer);
    if (target.pathname.endsWith('/login-callback.html')) return target;
    const page = await fetch(target, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(page.headers.getSetCookie());
    if (page.status >= 300 && page.status < 400) {
      url = new URL(page.headers.get('location')!, target).href;
      continue;
    }
    const html = await page.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!prompt) throw new Error(`unexpected page at ${target.href}: ${html.slice(0, 200)}`);
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    const submit = await fetch(new URL(action, target), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.store(submit.headers.getSetCookie());
    url = new URL(submit.headers.get('location')!, target).href;
  }
  throw new Error('too many hops');
}

describe('sign-in against an external OIDC issuer', () => {
  it('builds the authorize URL at the external issuer and does not mount the embedded one', async () => {
    const res = await ctx.app.inject({ url: '/v1/login/authorize-url?goto=/' });
    const url = new URL(res.json().data.url);
    expect(url.origin).toBe(issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.client_id);
    // Standard scope names for an issuer that does not define §7's 'user normal'.
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(res.json().data.frameable).toBe(false);
    const embedded = await ctx.app.inject({ url: '/accounts/.well-known/openid-configuration' });
    expect(embedded.statusCode).toBe(404);
  });

  it('signs in, creates the account from the userinfo e-mail and signs out at the issuer', async () => {
    const jar = new CookieJar();
    const start = await browse(ctx.app, jar, 'GET', '/v1/login/authorize-url?goto=/headshots');
    const callback = await signInAtExternal(start.json().data.url, 'alice');
    const login = await postLogin(ctx.app, jar, callback);
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ email: 'alice@external.test' });
    const again = await postLogin(ctx.app, jar, callback);
    expect(again.statusCode).toBe(400);

    const token = login.json().data.token as string;
    const out = await ctx.app.inject({ url: '/v1/logout', headers: { authorization: `Bearer ${token}` } });
    expect(new URL(out.json().data.logout_url).origin).toBe(issuer);
    const info = await ctx.app.inject({
      url: '/v1/user/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.json().code).toBe(490010);
  });

  it('answers a clear 502 while the issuer is unreachable, and starts anyway', async () => {
    const down = await createTestContext({
      OIDC_ISSUER: 'http://127.0.0.1:9/',
      OIDC_CLIENT_ID: 'x',
      OIDC_CLIENT_SECRET: 'y',
    });
    try {
      const res = await down.app.inject({ url: '/v1/login/authorize-url?goto=/' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 1,
        msg: 'The account provider is not reachable, please try again',
      });
    } finally {
      await down.close();
    }
  });
});
