import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { loadSettings } from '../../config';
import {
  authorizeThroughProvider,
  browse,
  CookieJar,
  followToCallback,
  postLogin,
  TEST_ORIGIN,
} from '../auth/auth.test-helpers';
import { requireEmailVerification } from './accounts.feature';
import { MAIL_LIMITS } from './accounts.service';
import { mailsTo, type OutboxMail } from './accounts.test-mail';

const PASSWORD = 'first password 1';
const NEW_PASSWORD = 'second password 2';
let n = 0;
const address = () => `reset${++n}-${Date.now()}@example.test`;

/** Starts a sign-in in `lang` from `goto` and returns the interaction's path. */
async function startSignIn(ctx: TestContext, jar: CookieJar, lang = 'en', goto = `${TEST_ORIGIN}/pricing`) {
  const start = await browse(
    ctx.app,
    jar,
    'GET',
    `/v1/login/authorize-url?goto=${encodeURIComponent(goto)}&lang=${lang}`,
  );
  const toInteraction = await browse(ctx.app, jar, 'GET', start.json().data.url);
  return new URL(toInteraction.headers.location as string, TEST_ORIGIN).pathname;
}

/** Waits for the newest mail to `to` whose text matches `pattern` (reset mail leaves after the answer). */
async function waitForMail(ctx: TestContext, to: string, pattern: RegExp): Promise<OutboxMail> {
  const outbox = path.join(ctx.settings.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    const found = mailsTo(outbox, to).filter((m) => pattern.test(m.text));
    if (found.length > 0) return found[found.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

const linkIn = (mail: OutboxMail, page: 'reset' | 'verify') =>
  new URL(new RegExp(`http://\\S+/accounts/${page}\\?\\S+`).exec(mail.text)![0]);

const tokenOf = (link: URL) => link.searchParams.get('token')!;

/** Asks for a reset link from a sign-in page's "forgot password" (same browser, same language). */
async function forgot(
  ctx: TestContext,
  email: string,
  opts: { lang?: string; ip?: string; uid?: string; goto?: string } = {},
) {
  const query = new URLSearchParams({ lang: opts.lang ?? 'en' });
  if (opts.uid) query.set('uid', opts.uid);
  if (opts.goto) query.set('goto', opts.goto);
  return browse(ctx.app, new CookieJar(), 'POST', `/accounts/forgot?${query}`, {
    form: { email },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

describe('forgot password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ DATA_DIR: `.tmp/accounts-reset-test-${process.pid}` });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(ctx.settings.dataDir, { recursive: true, force: true });
  });

  it('links "forgot password" from the sign-in page in its language', async () => {
    const jar = new CookieJar();
    const live = await browse(ctx.app, jar, 'GET', await startSignIn(ctx, jar, 'fr'));
    const uid = live.body.match(/\/accounts\/interaction\/([\w-]+)\/login/)![1];
    const goto = encodeURIComponent(`${TEST_ORIGIN}/pricing`);
    const href = `/accounts/forgot?lang=fr&uid=${uid}&goto=${goto}`;
    expect(live.body).toContain(`href="${href.replaceAll('&', '&amp;')}">Mot de passe oublié ?</a>`);
    const form = await ctx.app.inject({ url: href });
    expect(form.body).toContain('Réinitialiser votre mot de passe');
    expect(form.body).toContain(`action="${href.replaceAll('&', '&amp;')}"`);
    expect(form.body).toContain(`href="/accounts/interaction/${uid}">Retour à la connexion</a>`);
  });

  it('resets the password once, in the asker’s language, and signs the account out everywhere', async () => {
    const email = address();
    const jar = new CookieJar();
    const signUp = await authorizeThroughProvider(ctx.app, jar, {
      email,
      password: PASSWORD,
      register: true,
    });
    const login = await postLogin(ctx.app, jar, signUp.callback!);
    const oldToken = login.json().data.token as string;
    const info = () =>
      ctx.app.inject({ url: '/v1/user/info', headers: { authorization: `Bearer ${oldToken}` } });
    expect((await info()).statusCode).toBe(200);
    const providerModels = async () =>
      (
        (await ctx.database.raw.executeSql(
          `select count(*)::int as n from oidc_models where payload->>'accountId' = (select id::text from account_credentials where email = $1)`,
          [email],
        )) as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await providerModels()).toBeGreaterThan(0);

    // From a German sign-in that started on /pricing.
    const uid = (await startSignIn(ctx, new CookieJar(), 'de')).split('/').pop()!;
    const goto = `${TEST_ORIGIN}/pricing`;
    const asked = await forgot(ctx, email.toUpperCase(), { lang: 'de', uid, goto });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(`Falls es ein Konto für ${email.toUpperCase()} gibt`);
    expect(asked.body).toContain(`href="/accounts/interaction/${uid}">Zurück zur Anmeldung</a>`);
    const mail = await waitForMail(ctx, email, /reset\?token=/);
    expect(mail.subject).toBe('Setze dein AI-Covers-Passwort zurück');
    expect(mail.text).toContain('Öffne diesen Link innerhalb einer Stunde');
    const link = linkIn(mail, 'reset');
    expect(link.searchParams.get('lang')).toBe('de');
    expect(link.searchParams.get('goto')).toBe(`${TEST_ORIGIN}/pricing`);

    const form = await ctx.app.inject({ url: link.pathname + link.search });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Neues Passwort wählen');
    expect(form.headers['referrer-policy']).toBe('same-origin');

    const post = (password: string, token = tokenOf(link)) =>
      ctx.app.inject({
        method: 'POST',
        url: `/accounts/reset?lang=de&goto=${encodeURIComponent(link.searchParams.get('goto')!)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token, password }).toString(),
      });
    // The sign-up rules apply; a refused password leaves the link usable.
    const weak = await post('short');
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('Das Passwort braucht mindestens 8 Zeichen.');
    expect(weak.body).toContain(`name="token" value="${tokenOf(link)}"`);
    const tooLong = await post('x'.repeat(129));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('höchstens 128 Zeichen');

    const done = await post(NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Dein Passwort ist geändert');
    expect(done.body).toContain(`href="${TEST_ORIGIN}/pricing">Zurück zu AI Covers</a>`);

    // Every session ends: our API token and the provider's sessions and grants.
    expect((await info()).statusCode).toBe(401);
    expect(await providerModels()).toBe(0);
    // The link worked once.
    const reused = await post('third password 3');
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain('Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt.');
    expect(reused.body).toContain('href="/accounts/forgot?lang=de">Neuen Link anfordern</a>');
    const reopened = await ctx.app.inject({ url: link.pathname + link.search });
    expect(reopened.statusCode).toBe(400);

    const old = await authorizeThroughProvider(ctx.app, new CookieJar(), {
      email,
      password: PASSWORD,
      register: false,
    });
    expect(old.submit.statusCode).toBe(401);
    const fresh = await authorizeThroughProvider(ctx.app, new CookieJar(), {
      email,
      password: NEW_PASSWORD,
      register: false,
    });
    expect(fresh.callback?.searchParams.get('code')).toBeTruthy();
    // The mail reached its owner: the address counts as verified.
    const row = (await ctx.database.raw.executeSql(
      `select email_verified_at is not null as verified from account_credentials where email = $1`,
      [email],
    )) as { rows: { verified: boolean }[] };
    expect(row.rows[0]!.verified).toBe(true);
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const known = address();
    await authorizeThroughProvider(ctx.app, new CookieJar(), {
      email: known,
      password: PASSWORD,
      register: true,
    });
    const unknown = address();
    const a = await forgot(ctx, known, { ip: '192.0.2.10' });
    const b = await forgot(ctx, unknown, { ip: '192.0.2.10' });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body.replace(known, 'X')).toBe(b.body.replace(unknown, 'X'));
    await waitForMail(ctx, known, /reset\?token=/);
    expect(mailsTo(path.join(ctx.settings.dataDir, 'outbox'), unknown)).toEqual([]);
  });

  it('voids the older link when a new one is asked for, and refuses expired and made-up links', async () => {
    const email = address();
    await authorizeThroughProvider(ctx.app, new CookieJar(), { email, password: PASSWORD, register: true });
    await forgot(ctx, email, { ip: '192.0.2.20' });
    const first = linkIn(await waitForMail(ctx, email, /reset\?token=/), 'reset');
    await forgot(ctx, email, { ip: '192.0.2.20' });
    const second = linkIn(
      await waitForMail(ctx, email, new RegExp(`reset\\?token=(?!${tokenOf(first)})`)),
      'reset',
    );
    expect((await ctx.app.inject({ url: first.pathname + first.search })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: second.pathname + second.search })).statusCode).toBe(200);

    await ctx.database.raw.executeSql(
      `update account_credentials set reset_expires_at = now() - interval '1 second' where email = $1`,
      [email],
    );
    const expired = await ctx.app.inject({ url: second.pathname + second.search });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('This link is invalid, has expired or was already used.');
    expect(expired.body).toContain('>Ask for a new link</a>');
    expect(expired.body).toContain('href="/">Back to AI Covers</a>');
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/reset?lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: tokenOf(second), password: NEW_PASSWORD }).toString(),
    });
    expect(post.statusCode).toBe(400);
    for (const token of ['', 'short', 'x'.repeat(43), '<script>alert(1)</script>']) {
      const res = await ctx.app.inject({ url: `/accounts/reset?token=${encodeURIComponent(token)}` });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('<script>alert');
    }
  });

  it('refuses an invalid address with a message and keeps what was typed', async () => {
    const res = await forgot(ctx, 'not-an-email', { lang: 'es', ip: '192.0.2.30' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Introduce un correo electrónico válido.');
    expect(res.body).toContain('value="not-an-email"');
  });

  it('throttles per address and per IP, whether the account exists or not', async () => {
    const email = address();
    const statuses: number[] = [];
    for (let i = 0; i <= MAIL_LIMITS.resetPerAddress; i++)
      statuses.push((await forgot(ctx, email, { ip: `198.51.100.${i + 1}` })).statusCode);
    expect(statuses).toEqual([...Array(MAIL_LIMITS.resetPerAddress).fill(200), 429]);
    const throttled = await forgot(ctx, email, { ip: '198.51.100.99' });
    expect(throttled.headers['retry-after']).toMatch(/^\d+$/);
    expect(throttled.body).toContain('Too many attempts. Try again in 15 minutes.');

    const perIp: number[] = [];
    for (let i = 0; i <= MAIL_LIMITS.resetPerIp; i++)
      perIp.push((await forgot(ctx, address(), { ip: '203.0.113.77' })).statusCode);
    expect(perIp).toEqual([...Array(MAIL_LIMITS.resetPerIp).fill(200), 429]);
  });

  it('writes account mail in the sign-up language, also when the link is sent again', async () => {
    const email = address();
    const jar = new CookieJar();
    const interaction = await startSignIn(ctx, jar, 'ja');
    const created = await browse(ctx.app, jar, 'POST', `${interaction}/register`, {
      form: { email, password: PASSWORD },
    });
    expect(created.statusCode).toBe(303);
    const first = await waitForMail(ctx, email, /verify\?token=/);
    expect(first.subject).toBe('メールアドレスを確認してください');
    expect(first.text).toContain('AI Covers へようこそ');
    expect(linkIn(first, 'verify').searchParams.get('lang')).toBe('ja');
    // Finish the sign-in so the browser has a provider session, then ask again from the account page
    // without naming a language: the account's own is used.
    await followToCallback(ctx.app, jar, created.headers.location as string);
    const resent = await browse(ctx.app, jar, 'POST', '/accounts/account/resend');
    expect(resent.statusCode).toBe(200);
    expect(resent.body).toContain('lang="ja"');
    const second = await waitForMail(
      ctx,
      email,
      new RegExp(`verify\\?token=(?!${tokenOf(linkIn(first, 'verify'))})`),
    );
    expect(second.text).toContain('AI Covers へようこそ');
    expect(second.subject).toBe('メールアドレスを確認してください');
  });

  it('leads from the verify page back to the product page the sign-up started on', async () => {
    const email = address();
    const jar = new CookieJar();
    const interaction = await startSignIn(ctx, jar, 'it', `${TEST_ORIGIN}/covers?x=1`);
    await browse(ctx.app, jar, 'POST', `${interaction}/register`, { form: { email, password: PASSWORD } });
    const link = linkIn(await waitForMail(ctx, email, /verify\?token=/), 'verify');
    expect(link.searchParams.get('goto')).toBe(`${TEST_ORIGIN}/covers?x=1`);
    const ok = await ctx.app.inject({ url: link.pathname + link.search });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain(`href="${TEST_ORIGIN}/covers?x=1">Torna ad AI Covers</a>`);
    const again = await ctx.app.inject({ url: link.pathname + link.search });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('>Torna ad AI Covers</a>');
    expect(again.body).toContain('href="/accounts/account?lang=it"');
    // Another site is never linked: the start page stands in for it.
    const foreign = await ctx.app.inject({
      url: `/accounts/verify?token=nope&lang=en&goto=${encodeURIComponent('https://evil.example/')}`,
    });
    expect(foreign.body).not.toContain('evil.example');
    expect(foreign.body).toContain('href="/">Back to AI Covers</a>');
    const script = await ctx.app.inject({
      url: `/accounts/verify?token=nope&goto=${encodeURIComponent('javascript:alert(1)')}`,
    });
    expect(script.body).not.toContain('javascript:');
  });

  it('offers the way back on the signed-out page and the account page', async () => {
    const signedOut = await ctx.app.inject({ url: '/accounts/session/end/success?ui_locales=de' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toContain('Du bist abgemeldet.');
    expect(signedOut.body).toContain('href="/">Zurück zu AI Covers</a>');
    const overview = await ctx.app.inject({ url: '/accounts/account', headers: { 'accept-language': 'ko' } });
    expect(overview.body).toContain('href="/">AI Covers로 돌아가기</a>');
  });
});

describe('REQUIRE_EMAIL_VERIFICATION', () => {
  it('defaults to on exactly when SMTP_URL is set', () => {
    const base = { DATA_DIR: '.tmp/x' };
    expect(requireEmailVerification(loadSettings(base))).toBe(false);
    expect(requireEmailVerification(loadSettings({ ...base, SMTP_URL: 'smtp://mail.example:25' }))).toBe(
      true,
    );
    expect(
      requireEmailVerification(
        loadSettings({ ...base, SMTP_URL: 'smtp://mail.example:25', REQUIRE_EMAIL_VERIFICATION: 'false' }),
      ),
    ).toBe(false);
    expect(requireEmailVerification(loadSettings({ ...base, REQUIRE_EMAIL_VERIFICATION: 'true' }))).toBe(
      true,
    );
    expect(requireEmailVerification(loadSettings({ ...base, REQUIRE_EMAIL_VERIFICATION: '' }))).toBe(false);
    expect(() => loadSettings({ ...base, REQUIRE_EMAIL_VERIFICATION: 'maybe' })).toThrow(
      /REQUIRE_EMAIL_VERIFICATION/,
    );
  });

  describe('when on', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({
        DATA_DIR: `.tmp/accounts-verify-test-${process.pid}`,
        REQUIRE_EMAIL_VERIFICATION: 'true',
      });
    });
    afterAll(async () => {
      await ctx.close();
      fs.rmSync(ctx.settings.dataDir, { recursive: true, force: true });
    });

    it('holds a new account at "confirm your email" until the link is opened, then continues', async () => {
      const email = address();
      const jar = new CookieJar();
      const interaction = await startSignIn(ctx, jar, 'en');
      const created = await browse(ctx.app, jar, 'POST', `${interaction}/register`, {
        form: { email, password: PASSWORD },
      });
      expect(created.statusCode).toBe(200);
      expect(created.body).toContain('Confirm your email');
      expect(created.body).toContain(`we sent a link to ${email}`);
      const pending = /name="pending" value="([^"]+)"/.exec(created.body)![1]!;

      const early = await browse(ctx.app, jar, 'POST', `${interaction}/continue`, { form: { pending } });
      expect(early.statusCode).toBe(403);
      expect(early.body).toContain('Your email address is not confirmed yet.');

      // A changed or borrowed pending field is not accepted.
      const forged = await browse(ctx.app, jar, 'POST', `${interaction}/continue`, {
        form: { pending: pending.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
      });
      expect(forged.statusCode).toBe(400);

      // Sending again works a few times, then waits.
      const resends: number[] = [];
      for (let i = 0; i < MAIL_LIMITS.verifyPerAccount; i++)
        resends.push(
          (await browse(ctx.app, jar, 'POST', `${interaction}/resend`, { form: { pending } })).statusCode,
        );
      expect(resends).toEqual(Array(MAIL_LIMITS.verifyPerAccount).fill(200));
      const tooMany = await browse(ctx.app, jar, 'POST', `${interaction}/resend`, { form: { pending } });
      expect(tooMany.statusCode).toBe(429);

      const link = linkIn(await waitForMail(ctx, email, /verify\?token=/), 'verify');
      const verified = await ctx.app.inject({ url: link.pathname + link.search });
      expect(verified.statusCode).toBe(200);
      const next = await browse(ctx.app, jar, 'POST', `${interaction}/continue`, { form: { pending } });
      expect(next.statusCode).toBe(303);
      const callback = await followToCallback(ctx.app, jar, next.headers.location as string);
      expect(callback.searchParams.get('code')).toBeTruthy();
      const login = await postLogin(ctx.app, jar, callback);
      expect(login.json().data.user.email).toBe(email);
    });

    it('answers a sign-up with a taken address as a new one; the mail tells its owner', async () => {
      const owner = address();
      await authorizeThroughProvider(ctx.app, new CookieJar(), {
        email: owner,
        password: PASSWORD,
        register: true,
      });
      const fresh = address();

      /** A sign-up and what its page's buttons answer, with the address and form secrets blanked. */
      async function signUpAnswers(email: string) {
        const jar = new CookieJar();
        const interaction = await startSignIn(ctx, jar, 'en');
        const created = await browse(ctx.app, jar, 'POST', `${interaction}/register`, {
          form: { email, password: 'someone else 123' },
        });
        const pending = /name="pending" value="([^"]+)"/.exec(created.body)?.[1] ?? '';
        const press = async (button: 'continue' | 'resend') => {
          const res = await browse(ctx.app, jar, 'POST', `${interaction}/${button}`, { form: { pending } });
          return res.statusCode;
        };
        const blank = (body: string) =>
          body
            .replaceAll(email, '<email>')
            .replaceAll(interaction.split('/').pop()!, '<uid>')
            .replace(/name="pending" value="[^"]+"/g, 'name="pending" value="<pending>"');
        const presses = [await press('continue')];
        for (let i = 0; i <= MAIL_LIMITS.verifyPerAccount; i++) presses.push(await press('resend'));
        return { status: created.statusCode, page: blank(created.body), presses };
      }

      const taken = await signUpAnswers(owner);
      const created = await signUpAnswers(fresh);
      expect(taken.status).toBe(200);
      expect(taken).toEqual(created);
      expect(taken.page).toContain('Confirm your email');
      expect(taken.page).not.toContain('already exists');
      expect(taken.presses).toEqual([403, ...Array(MAIL_LIMITS.verifyPerAccount).fill(200), 429]);

      const told = await waitForMail(ctx, owner, /already have one/);
      expect(told.text).toContain('/accounts/forgot?lang=en');
      // The owner's password is untouched and nobody was signed in as them.
      const signIn = await authorizeThroughProvider(ctx.app, new CookieJar(), {
        email: owner,
        password: 'someone else 123',
        register: false,
      });
      expect(signIn.submit.statusCode).toBe(401);
    });

    it('stops a correct password of an unverified account at the same page', async () => {
      const email = address();
      const first = await authorizeThroughProvider(ctx.app, new CookieJar(), {
        email,
        password: PASSWORD,
        register: true,
      });
      expect(first.callback).toBeNull();
      const again = await authorizeThroughProvider(ctx.app, new CookieJar(), {
        email,
        password: PASSWORD,
        register: false,
      });
      expect(again.submit.statusCode).toBe(200);
      expect(again.submit.body).toContain('Confirm your email');
      const wrong = await authorizeThroughProvider(ctx.app, new CookieJar(), {
        email,
        password: 'wrong password 9',
        register: false,
      });
      expect(wrong.submit.statusCode).toBe(401);
    });
  });
});
