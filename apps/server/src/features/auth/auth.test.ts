import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import fc from 'fast-check';
import { userInfo } from '@ai-covers/contracts';
import { createTestContext, type TestContext } from '../../test/context';
import { buildApp } from '../../app';
import { createTokenSigner } from '../../platform/auth/tokens';
import { authorizeThroughProvider, browse, CookieJar, postLogin, TEST_ORIGIN } from './auth.test-helpers';

let ctx: TestContext;
const claims: [string, number][] = [];
/** Whether the fake feature below contributes a user-info field (from its test on). */
let contributes = false;
let n = 0;
const email = () => `user${++n}-${Date.now()}@example.test`;
const PASSWORD = 'correct horse battery';
// The secret createTestContext signs with (test/context.ts).
const TEST_SECRET = new TextEncoder().encode('test-secret-0123456789-abcdefghijklmnop');

beforeAll(async () => {
  ctx = await createTestContext(
    {
      DATA_DIR: `.tmp/auth-test-${process.pid}`,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    },
    {
      signIn: {
        // A fake feature: it owns one item per visitor and hands it over at sign-in.
        visitorClaims: [
          async (visitorId, userId) => {
            claims.push([visitorId, userId]);
            return 1;
          },
        ],
        userInfo: [async ({ userId }) => (contributes ? { credit: userId > 0 ? 7 : 0 } : {})],
      },
    },
  );
  fs.rmSync(path.join(ctx.settings.dataDir, 'outbox'), { recursive: true, force: true });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.settings.dataDir, { recursive: true, force: true });
});

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function signUp(
  address = email(),
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const jar = new CookieJar();
  const flow = await authorizeThroughProvider(ctx.app, jar, {
    email: address,
    password: PASSWORD,
    register: true,
    headers,
  });
  expect(flow.callback).not.toBeNull();
  const login = await postLogin(ctx.app, jar, flow.callback!, extra, headers);
  return { jar, flow, login, address };
}

describe('sign-in through the embedded provider', () => {
  it('creates an account, returns our token and every user-info field of §3', async () => {
    // signUp posts the §7 query alone: auth_code (pid, invited_code and module optional), no state.
    const { login, flow, address, jar } = await signUp(undefined, {
      pid: '15162',
      module: `${TEST_ORIGIN}/account`,
    });
    expect(login.statusCode).toBe(200);
    const data = login.json().data;
    expect(data.created).toBe(true);
    expect(typeof data.user.ws_id).toBe('number');
    expect(data.user.email).toBe(address);
    expect(flow.callback!.pathname).toBe('/lab/plugins/ai-covers/login-callback.html');

    const info = await ctx.app.inject({
      url: '/v1/user/info',
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(info.statusCode).toBe(200);
    const fields = Object.keys(userInfo.shape);
    expect(Object.keys(info.json().data).sort()).toEqual(fields.sort());
    // A new account holds the 1 gifted credit of §6 and no membership.
    expect(info.json().data).toMatchObject({ ws_id: data.user.ws_id, token: data.token, credit: 1, vip: 0 });
    // The web links the provider's account overview (§7), which this browser's provider session opens.
    const overview = info.json().data.account_url as string;
    expect(overview).toBe(`${TEST_ORIGIN}/accounts/account`);
    const page = await browse(ctx.app, jar, 'GET', new URL(overview).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(address);
  });

  it('puts every §7 parameter, PKCE and a signed state into the authorize URL', async () => {
    const jar = new CookieJar();
    const res = await browse(
      ctx.app,
      jar,
      'GET',
      `/v1/login/authorize-url?goto=/headshots&lang=de&mode=chrome-login`,
    );
    const url = new URL(res.json().data.url);
    expect(url.origin + url.pathname).toBe(`${TEST_ORIGIN}/accounts/auth`);
    for (const key of [
      'register_mode',
      'product_id',
      'app_key',
      'source',
      'scope',
      'lang',
      'response_type',
      'mode',
      'goto',
      'state',
      'redirect_uri',
      'code_challenge',
    ])
      expect(url.searchParams.get(key), key).toBeTruthy();
    // §7's scope, which the embedded provider defines (decision 040).
    expect(url.searchParams.get('scope')).toBe('openid user normal');
    expect(url.searchParams.get('register_mode')).toBe('4');
    expect(url.searchParams.get('mode')).toBe('1');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('goto')).toBe(`${TEST_ORIGIN}/headshots`);
    expect(res.json().data.frameable).toBe(true);
    // The attempt stays in this browser, in an httpOnly cookie scoped to the login call.
    expect(jar.get('ai-covers.login_attempt')).toBe(res.json().data.state);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(res.headers['set-cookie'])).toMatch(/Path=\/v1\/login/);
    // The provider's page shows the German form.
    const page = await browse(
      ctx.app,
      jar,
      'GET',
      (await browse(ctx.app, jar, 'GET', url.href)).headers.location as string,
    );
    expect(page.body).toContain('Passwort');
  });

  it('shows the English labels and buttons, with no inline script, frameable by our own origin only', async () => {
    const jar = new CookieJar();
    const res = await browse(ctx.app, jar, 'GET', `/v1/login/authorize-url?goto=/`);
    const redirect = await browse(ctx.app, jar, 'GET', res.json().data.url);
    const page = await browse(ctx.app, jar, 'GET', redirect.headers.location as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<label for="email">Email<\/label>/);
    expect(page.body).toMatch(/<label for="password">Password<\/label>/);
    expect(page.body).toContain('>Sign in</button>');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const register = await browse(ctx.app, jar, 'GET', `${redirect.headers.location as string}/register`);
    expect(register.body).toContain('>Create account</button>');
  });

  it('sends a verification mail to the outbox whose link verifies the address', async () => {
    const address = email();
    await signUp(address);
    const outbox = path.join(ctx.settings.dataDir, 'outbox');
    const mail = fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .find((m) => m.includes(`To: ${address}`));
    expect(mail).toBeDefined();
    const link = /http:\/\/\S+\/accounts\/verify\?token=[\w-]+&lang=en/.exec(
      decodeQuotedPrintable(mail!),
    )![0];
    const verified = await ctx.app.inject({ url: link.replace(TEST_ORIGIN, '') });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('Your email address is verified.');
    const again = await ctx.app.inject({ url: link.replace(TEST_ORIGIN, '') });
    expect(again.statusCode).toBe(400);
  });

  it('signs an existing account in again with the same wsid and claims visitor work', async () => {
    const first = await signUp(email(), {}, {});
    const jar = new CookieJar();
    const visitor = 'visitor-1234-abcd';
    const flow = await authorizeThroughProvider(ctx.app, jar, {
      email: first.address,
      password: PASSWORD,
      register: false,
    });
    const login = await postLogin(ctx.app, jar, flow.callback!, {}, { 'x-visitor-id': visitor });
    expect(login.json().data).toMatchObject({ created: false, claimed: 1 });
    expect(login.json().data.user.ws_id).toBe(first.login.json().data.user.ws_id);
    expect(claims).toContainEqual([visitor, first.login.json().data.user.ws_id]);
  });

  it('marks a new invited account first-invited', async () => {
    const { login } = await signUp(email(), { invited_code: 'FRIEND42' });
    expect(login.json().data.user.first_invited).toBe(true);
  });

  it('lets other features contribute user-info fields', async () => {
    contributes = true;
    const { login } = await signUp();
    const info = await ctx.app.inject({
      url: '/v1/user/info',
      headers: { authorization: `Bearer ${login.json().data.token}` },
    });
    expect(info.json().data.credit).toBe(7);
  });
});

describe('attacks on the flow change nothing', () => {
  it('rejects a replayed authorization code', async () => {
    const { jar, flow } = await signUp();
    const before = await ctx.database.raw.executeSql('select count(*)::int as n from sessions');
    // The attempt cookie was cleared by the first login; put it back to test the code itself.
    jar.store(`ai-covers.login_attempt=${flow.state}`);
    const replay = await postLogin(ctx.app, jar, flow.callback!);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 1,
      msg: 'Sign-in failed: the authorization code is invalid, used or expired',
    });
    const after = await ctx.database.raw.executeSql('select count(*)::int as n from sessions');
    expect(after.rows).toEqual(before.rows);
  });

  it('rejects a login without the attempt cookie, a tampered or foreign state, and a foreign code', async () => {
    const jar = new CookieJar();
    const flow = await authorizeThroughProvider(ctx.app, jar, {
      email: email(),
      password: PASSWORD,
      register: true,
    });
    const cb = flow.callback!;
    // Another browser (no cookie): refused before any exchange.
    const elsewhere = await postLogin(ctx.app, new CookieJar(), cb);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      code: 1,
      msg: 'Sign-in must finish in the browser that started it, please sign in again',
    });
    // A state sent along must be this browser's attempt, untouched.
    const [payload, sig] = cb.searchParams.get('state')!.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, goto: 'https://evil.example/' })).toString(
      'base64url',
    );
    const tampered = new URL(cb);
    tampered.searchParams.set('state', `${forged}.${sig}`);
    const r1 = await postLogin(ctx.app, jar, tampered, {}, {}, { withState: true });
    expect(r1.json()).toMatchObject({
      code: 1,
      msg: 'Sign-in link is invalid or expired, please sign in again',
    });
    // A forged attempt cookie is refused the same way.
    const badJar = new CookieJar();
    badJar.store(`ai-covers.login_attempt=${forged}.${sig}`);
    expect((await postLogin(ctx.app, badJar, cb)).json().msg).toBe(
      'Sign-in link is invalid or expired, please sign in again',
    );
    const foreign = new URL(cb);
    foreign.searchParams.set('code', 'not-a-real-code');
    const r3 = await postLogin(ctx.app, jar, foreign);
    expect(r3.json().msg).toBe('Sign-in failed: the authorization code is invalid, used or expired');
    // The genuine code still works afterwards, with or without its state: nothing was consumed.
    const ok = await postLogin(ctx.app, jar, cb, {}, {}, { withState: true });
    expect(ok.statusCode).toBe(200);
    const events = await ctx.database.raw.executeSql(
      `select count(*)::int as n from analytics_events where event = 'login_failed'`,
    );
    expect((events.rows[0] as { n: number }).n).toBeGreaterThanOrEqual(4);
  });

  it("login CSRF: a code from the attacker's own attempt cannot sign in the victim's browser", async () => {
    // The attacker signs in to their own account and stops at the callback, keeping the code.
    const attacker = await authorizeThroughProvider(ctx.app, new CookieJar(), {
      email: email(),
      password: PASSWORD,
      register: true,
    });
    // The victim's browser has an attempt of its own (it opened the login dialog).
    const victim = new CookieJar();
    await browse(ctx.app, victim, 'GET', `/v1/login/authorize-url?goto=/&lang=en`);
    expect(victim.get('ai-covers.login_attempt')).toBeTruthy();
    const before = await ctx.database.raw.executeSql('select count(*)::int as n from sessions');
    const res = await postLogin(ctx.app, victim, attacker.callback!);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Sign-in failed: the authorization code is invalid, used or expired');
    // With the attacker's state sent too, the state check refuses it first.
    const withState = await postLogin(ctx.app, victim, attacker.callback!, {}, {}, { withState: true });
    expect(withState.json().msg).toBe('Sign-in link is invalid or expired, please sign in again');
    const after = await ctx.database.raw.executeSql('select count(*)::int as n from sessions');
    expect(after.rows).toEqual(before.rows);
  });

  it('answers any junk code and state with a 400 envelope and writes nothing', async () => {
    const count = async () =>
      (
        await ctx.database.raw.executeSql(
          'select (select count(*) from users) + (select count(*) from sessions) as n',
        )
      ).rows;
    const before = await count();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 200 }),
        fc.string({ minLength: 1, maxLength: 400 }),
        async (code, state) => {
          const query = new URLSearchParams({ auth_code: code, state });
          // Its own address: /v1/login allows 30 attempts a minute per IP.
          const res = await ctx.app.inject({
            method: 'POST',
            url: `/v1/login?${query}`,
            remoteAddress: '198.51.100.7',
          });
          expect(res.statusCode).toBe(400);
          expect(res.json().code).toBe(1);
        },
      ),
      { numRuns: 25 },
    );
    expect(await count()).toEqual(before);
  });

  it('refuses an open-redirect goto', async () => {
    for (const goto of [
      'https://evil.example/x',
      '//evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
    ]) {
      const res = await ctx.app.inject({ url: `/v1/login/authorize-url?goto=${encodeURIComponent(goto)}` });
      expect(res.statusCode, goto).toBe(400);
      expect(res.json().msg).toBe('goto must be a page of this site');
    }
  });

  it('answers bad login input with a message naming the field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/login?state=x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^query\.auth_code/);
  });

  it('throttles wrong passwords per account, even for the right one afterwards', async () => {
    const { address } = await signUp();
    let last;
    for (let i = 0; i < 4; i++) {
      const jar = new CookieJar();
      last = await authorizeThroughProvider(ctx.app, jar, {
        email: address,
        password: 'wrong password',
        register: false,
      });
    }
    expect(last!.submit.statusCode).toBe(429);
    expect(last!.submit.body).toContain('Too many attempts');
    const jar = new CookieJar();
    const right = await authorizeThroughProvider(ctx.app, jar, {
      email: address,
      password: PASSWORD,
      register: false,
    });
    expect(right.submit.statusCode).toBe(429);
    expect(right.callback).toBeNull();
  });

  it('a stranger who knows the e-mail slows only their own address, never the owner', async () => {
    const { address } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const attempt = await authorizeThroughProvider(ctx.app, new CookieJar(), {
        email: address,
        password: `guess ${i}`,
        register: false,
        remoteAddress: '203.0.113.66',
      });
      statuses.push(attempt.submit.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The owner, from home: signed in at once with the right password.
    const owner = await authorizeThroughProvider(ctx.app, new CookieJar(), {
      email: address,
      password: PASSWORD,
      register: false,
      remoteAddress: '198.51.100.23',
    });
    expect(owner.submit.statusCode).toBe(303);
    expect(owner.callback?.searchParams.get('code')).toBeTruthy();
  });

  it('answers forged, alg:none and expired tokens with 490010 (re-login)', async () => {
    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('ai-covers')
      .setAudience('ai-covers-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-our-secret-0123456789-abcdefghij'));
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","sid":"x"}').toString('base64url')}.`;
    // A genuine signature whose two-day lifetime ended.
    const { user } = await ctx.features.users.users.upsertByIdentity({
      issuer: 'test',
      subject: 'expired',
    });
    const session = await ctx.features.users.sessions.issueToken(user.id);
    const expired = (
      await createTokenSigner(TEST_SECRET, () => Date.now() - 3 * 24 * 3600 * 1000).sign({
        userId: user.id,
        sessionId: session.sessionId,
      })
    ).token;
    for (const token of [forged, none, expired]) {
      const res = await ctx.app.inject({
        url: '/v1/user/info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 490010, msg: 'Not logged in, please log in first' });
    }
  });
});

describe('logout', () => {
  it('revokes the token and points the browser at the provider logout page', async () => {
    const { login } = await signUp();
    const auth = { authorization: `Bearer ${login.json().data.token}` };
    const out = await ctx.app.inject({
      url: `/v1/logout?goto=${encodeURIComponent(`${TEST_ORIGIN}/headshots`)}`,
      headers: auth,
    });
    expect(out.statusCode).toBe(200);
    const url = new URL(out.json().data.logout_url);
    expect(url.pathname).toBe('/accounts/session/end');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(
      `${TEST_ORIGIN}/lab/plugins/ai-covers/logout-callback.html`,
    );
    expect(url.searchParams.get('state')).toBe(`${TEST_ORIGIN}/headshots`);
    const info = await ctx.app.inject({ url: '/v1/user/info', headers: auth });
    expect(info.json()).toMatchObject({ code: 490010 });
    const vapi = await ctx.app.inject({
      method: 'POST',
      url: '/vapi/v1/user',
      headers: { ...auth, version: '1.1.78', source: 'ai-covers' },
    });
    expect(vapi.statusCode).toBe(401);
  });

  it('ends the provider session too, so the next sign-in asks for the password', async () => {
    const { jar, login } = await signUp();
    const out = await ctx.app.inject({
      url: '/v1/logout',
      headers: { authorization: `Bearer ${login.json().data.token}` },
    });
    const page = await browse(ctx.app, jar, 'GET', out.json().data.logout_url);
    expect(page.statusCode).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    const confirm = await browse(ctx.app, jar, 'POST', '/accounts/session/end/confirm', {
      form: { xsrf, logout: 'yes' },
    });
    expect(confirm.headers.location).toMatch(/logout-callback\.html\?state=/);
    const me = await browse(ctx.app, jar, 'GET', '/accounts/account');
    expect(me.body).toContain('You are not signed in.');
  });
});

describe('vapi user and persistence', () => {
  it('answers the account-service view with the vapi headers, and 400 without them', async () => {
    const { login } = await signUp();
    const auth = { authorization: `Bearer ${login.json().data.vapi_token}` };
    const missing = await ctx.app.inject({ method: 'POST', url: '/vapi/v1/user', headers: auth });
    expect(missing.json()).toMatchObject({ code: 1, msg: 'headers version and source are required' });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/vapi/v1/user',
      headers: { ...auth, version: '1.1.78', source: 'ai-covers' },
    });
    // verify is 1 while the account holds credits (its signup gift); no membership, so subscribe 0.
    expect(ok.json().data).toMatchObject({ wsid: login.json().data.user.ws_id, verify: 1, subscribe: 0 });
  });

  it('keeps the provider session in the database across a restart', async () => {
    const { jar, address } = await signUp();
    const { app: restarted } = await buildApp({
      settings: ctx.settings,
      database: ctx.database,
      queue: ctx.queue,
      logger: false,
      secret: TEST_SECRET,
    });
    try {
      const me = await browse(restarted, jar, 'GET', '/accounts/account');
      expect(me.body).toContain(address);
    } finally {
      await restarted.close();
    }
  });
});
