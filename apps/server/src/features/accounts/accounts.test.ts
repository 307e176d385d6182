import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { authorizeThroughProvider, browse, CookieJar } from '../auth/auth.test-helpers';
import { hashPassword, verifyPassword } from './password';
import { pickLang } from './accounts.i18n';
import { createAccountsRepo } from './accounts.repo';
import { createAccountsService } from './accounts.service';
import { isOutOfSpace } from '../../platform/disk/space';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    DATA_DIR: `.tmp/accounts-test-${process.pid}`,
    LOGIN_MAX_FAILURES_PER_IP: '4',
  });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.settings.dataDir, { recursive: true, force: true });
});

describe('passwords', () => {
  it('hashes with scrypt and a per-hash salt, and verifies only the right password', async () => {
    const a = await hashPassword('pässword-1');
    const b = await hashPassword('pässword-1');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('pässword-1', a)).toBe(true);
    expect(await verifyPassword('pässword-2', a)).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99999999$8$1$a$b')).toBe(false);
    expect(await verifyPassword('x', 'plain')).toBe(false);
  });
});

describe('account pages', () => {
  it('refuses a taken e-mail (any case), a short password and a bad e-mail, creating nothing', async () => {
    const jar = new CookieJar();
    await authorizeThroughProvider(ctx.app, jar, {
      email: 'Taken@Example.test',
      password: 'long enough 1',
      register: true,
    });
    const count = async () =>
      (
        (await ctx.database.raw.executeSql('select count(*)::int as n from account_credentials')).rows[0] as {
          n: number;
        }
      ).n;
    const before = await count();
    const cases = [
      {
        email: 'taken@example.test',
        password: 'long enough 2',
        status: 409,
        text: 'An account with this email already exists.',
      },
      {
        email: 'new@example.test',
        password: 'short',
        status: 400,
        text: 'The password needs at least 8 characters.',
      },
      { email: 'not-an-email', password: 'long enough 3', status: 400, text: 'Enter a valid email address.' },
    ];
    for (const c of cases) {
      const flow = await authorizeThroughProvider(ctx.app, new CookieJar(), { ...c, register: true });
      expect(flow.submit.statusCode).toBe(c.status);
      expect(flow.submit.body).toContain(c.text);
      expect(flow.submit.body).toContain(`value="${c.email}"`);
    }
    expect(await count()).toBe(before);
  });

  it('signs in with the e-mail in another case', async () => {
    const flow = await authorizeThroughProvider(ctx.app, new CookieJar(), {
      email: 'TAKEN@example.TEST',
      password: 'long enough 1',
      register: false,
    });
    expect(flow.callback?.searchParams.get('code')).toBeTruthy();
  });

  /** Five wrong passwords for five accounts from one socket address, with the given X-Forwarded-For. */
  async function wrongPasswords(remoteAddress: string, forwardedFor: (i: number) => string | undefined) {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const jar = new CookieJar();
      const start = await browse(ctx.app, jar, 'GET', '/v1/login/authorize-url?goto=/');
      const redirect = await browse(ctx.app, jar, 'GET', start.json().data.url);
      const xff = forwardedFor(i);
      const res = await browse(ctx.app, jar, 'POST', `${redirect.headers.location as string}/login`, {
        form: { email: `nobody${i}@example.test`, password: 'whatever-123' },
        remoteAddress,
        ...(xff ? { headers: { 'x-forwarded-for': xff } } : {}),
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it('throttles one IP across accounts', async () => {
    expect(await wrongPasswords('203.0.113.9', () => undefined)).toEqual([401, 401, 401, 401, 429]);
  });

  it('throttles an address that invents a new X-Forwarded-For for every attempt', async () => {
    // A private-network address: no proxy is trusted by default, not even one next door.
    expect(await wrongPasswords('10.1.2.3', (i) => `198.51.100.${i + 1}`)).toEqual([401, 401, 401, 401, 429]);
  });

  it('answers an expired or foreign interaction with a page, not a stack trace', async () => {
    const res = await ctx.app.inject({ url: '/accounts/interaction/doesnotexist' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This sign-in request has expired.');
    const german = await ctx.app.inject({
      url: '/accounts/interaction/doesnotexist',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(german.body).toContain('Diese Anmeldeanfrage ist abgelaufen.');
    const badClient = await ctx.app.inject({ url: '/accounts/auth?client_id=evil&ui_locales=fr' });
    expect(badClient.statusCode).toBe(400);
    expect(badClient.body).toContain('La demande de connexion n&#39;est pas valide.');
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/interaction/doesnotexist/login',
      payload: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(400);
  });

  it("leaves the provider's userinfo endpoint to the provider", async () => {
    const res = await ctx.app.inject({ url: '/accounts/me' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'no access token provided',
    });
  });

  it('serves discovery with PKCE S256 and the cookie-check frame', async () => {
    const discovery = await ctx.app.inject({
      url: '/accounts/.well-known/openid-configuration',
      headers: { host: 'localhost:8080' },
    });
    expect(discovery.json()).toMatchObject({
      issuer: 'http://localhost:8080/accounts',
      code_challenge_methods_supported: ['S256'],
      end_session_endpoint: 'http://localhost:8080/accounts/session/end',
    });
    const check = await ctx.app.inject({ url: '/accounts/cookie-check' });
    expect(check.body).toContain('src="/accounts/assets/cookie-check.js"');
  });

  it('leaves no account behind when its verification mail cannot be written (disk full)', async () => {
    const repo = createAccountsRepo(ctx.database.db);
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const make = (send: () => Promise<{ messageId: string }>) =>
      createAccountsService({
        repo,
        mailer: { outboxDir: null, send, close: () => {} },
        issuer: 'http://x/accounts',
        limits: { perAccount: 5, perIp: 20, windowMs: 15 * 60_000 },
      });
    const input = {
      email: 'full-disk@example.test',
      password: 'a long enough password',
      lang: 'en' as const,
    };
    const failed = make(async () => Promise.reject(full)).register(input);
    await expect(failed).rejects.toSatisfy(isOutOfSpace);
    // The same e-mail signs up once the disk has room again: nothing half-made took it.
    expect(await make(async () => ({ messageId: 'x' })).register(input)).toMatchObject({ ok: true });
  });

  it('sweeps expired provider records and ended throttle windows', async () => {
    await ctx.database.raw.executeSql(
      `insert into oidc_models (kind, id, payload, expires_at) values ('Session', 'old', '{}', now() - interval '1 minute'), ('Session', 'live', '{}', now() + interval '1 hour')`,
    );
    await ctx.database.raw.executeSql(
      `insert into account_login_failures (key, failures, window_started_at) values ('ip:old', 9, now() - interval '1 day')`,
    );
    const repo = createAccountsRepo(ctx.database.db);
    const service = createAccountsService({
      repo,
      mailer: { outboxDir: null, send: async () => ({ messageId: 'x' }), close: () => {} },
      issuer: 'http://x/accounts',
      limits: { perAccount: 5, perIp: 20, windowMs: 15 * 60_000 },
    });
    await service.sweep();
    const ids = (
      await ctx.database.raw.executeSql(
        `select id from oidc_models where kind = 'Session' and id in ('old','live')`,
      )
    ).rows;
    expect(ids).toEqual([{ id: 'live' }]);
    expect(await repo.readFailures('ip:old')).toBeUndefined();
  });

  it.each([
    ['pt-BR', 'pt'],
    ['br', 'pt'],
    ['de', 'de'],
    ['zh', 'en'],
    [undefined, 'en'],
  ])('picks page language %s → %s', (value, expected) => expect(pickLang(value)).toBe(expected));
});
