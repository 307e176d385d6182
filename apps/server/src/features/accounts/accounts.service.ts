import { createHash, randomBytes } from 'node:crypto';
import type { Mailer } from '../../platform/mail/mail';
import type { AccountsRepo, CredentialRow } from './accounts.repo';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { pageText, pickLang, type PageLang } from './accounts.i18n';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,63}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const VERIFY_TTL_MS = 24 * 3600 * 1000;
/** A reset link works for one hour (and once). */
export const RESET_TTL_MS = 3600 * 1000;
/**
 * Account mail asked for inside one throttle window: reset links per address and per IP (counted
 * whether the account exists or not, so the answer tells nothing), verification links per account.
 */
export const MAIL_LIMITS = { resetPerAddress: 3, resetPerIp: 10, verifyPerAccount: 3 } as const;

export interface ThrottleLimits {
  /** Wrong passwords for one account from one address before each further try must wait. */
  perAccount: number;
  perIp: number;
  windowMs: number;
}

/** The first wait of a throttled (account, address) pair; each further wrong password doubles it. */
export const PAIR_FIRST_DELAY_MS = 30_000;
/** A pair's wrong passwords are forgotten after this many windows without one. */
const PAIR_MEMORY_WINDOWS = 4;

/**
 * How long an (account, address) pair waits after its `failures`-th wrong password in a row: nothing
 * for the first `free`, then 30 s, 1 min, 2 min… up to `capMs`. Never a lockout: the owner signs in
 * from any other address at once, and from this one after the wait or through a reset link.
 */
export function pairDelayMs(failures: number, free: number, capMs: number): number {
  if (failures < free) return 0;
  return Math.min(capMs, PAIR_FIRST_DELAY_MS * 2 ** Math.min(failures - free, 30));
}

/** The throttle key of one account tried from one address (the e-mail first, for clearing). */
const pairKey = (email: string, ip: string) => `pair:${email} ${ip}`;
const pairPrefix = (email: string) => `pair:${email} `;

export type AuthResult =
  | { ok: true; accountId: string; verified: boolean }
  | { ok: false; error: 'invalid' }
  | { ok: false; error: 'throttled'; retryAfterSeconds: number };

export type RegisterResult =
  | { ok: true; accountId: string }
  | { ok: false; error: 'email_invalid' | 'password_short' | 'password_long' }
  /** The address has an account: its owner was mailed (`accountId` is theirs, never shown). */
  | { ok: false; error: 'email_taken'; accountId: string };

export type PasswordProblem = 'password_short' | 'password_long';

export type MailRequestResult =
  | { ok: true; delivery: Promise<void> }
  | { ok: false; error: 'email_invalid' }
  | { ok: false; error: 'throttled'; retryAfterSeconds: number };

export type ResendResult =
  { ok: true; sent: boolean } | { ok: false; error: 'throttled'; retryAfterSeconds: number };

export type ResetResult =
  { ok: true; accountId: string } | { ok: false; error: 'token_bad' | PasswordProblem };

/** The sign-up rules for a password (also for a reset): null when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN) return 'password_short';
  if (password.length > PASSWORD_MAX) return 'password_long';
  return null;
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** Normalises an e-mail for lookup: trimmed, lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Local accounts of the embedded provider: create, authenticate (throttled), verify e-mail, reset a
 * forgotten password.
 */
export function createAccountsService(deps: {
  repo: AccountsRepo;
  mailer: Mailer;
  /** The issuer URL (…/accounts); verification links point below it. */
  issuer: string;
  limits: ThrottleLimits;
  /** REQUIRE_EMAIL_VERIFICATION: an unverified account cannot finish signing in. */
  requireVerification?: boolean;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo, limits } = deps;
  const passwordListeners: ((accountId: string) => Promise<void>)[] = [];

  /** A link below the issuer carrying a fresh token, the mail's language and the page to go back to. */
  function link(path: string, token: string, lang: PageLang, goto: string | undefined): string {
    const back = goto ? `&goto=${encodeURIComponent(goto)}` : '';
    return `${deps.issuer}/${path}?token=${token}&lang=${lang}${back}`;
  }

  async function sendVerification(account: CredentialRow, lang: PageLang, goto?: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await repo.setVerifyToken(account.id, sha256(token), new Date(now().getTime() + VERIFY_TTL_MS));
    const t = pageText(lang);
    await deps.mailer.send({
      to: account.email,
      subject: t('mailSubject'),
      text: t('mailBody', { link: link('verify', token, lang, goto) }),
    });
  }

  /** Tells the owner that someone tried to sign up with their address, with the way to a new password. */
  async function sendTakenNotice(account: CredentialRow, lang: PageLang): Promise<void> {
    const t = pageText(lang);
    await deps.mailer.send({
      to: account.email,
      subject: t('takenMailSubject'),
      text: t('takenMailBody', { link: `${deps.issuer}/forgot?lang=${lang}` }),
    });
  }

  async function sendReset(account: CredentialRow, lang: PageLang, goto?: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await repo.setResetToken(account.id, sha256(token), new Date(now().getTime() + RESET_TTL_MS));
    const t = pageText(lang);
    await deps.mailer.send({
      to: account.email,
      subject: t('resetMailSubject'),
      text: t('resetMailBody', { link: link('reset', token, lang, goto) }),
    });
  }

  /** Counts one request against each key; the longest wait of a key already at its limit, else 0. */
  async function spend(keys: [string, number][], at: Date): Promise<number> {
    let wait = 0;
    for (const [key, max] of keys) wait = Math.max(wait, await lockedFor(key, max, at));
    if (wait > 0) return wait;
    const windowStart = new Date(at.getTime() - limits.windowMs);
    for (const [key] of keys) await repo.addFailure(key, at, windowStart);
    return 0;
  }

  /** Seconds until the pair may try again after its run of wrong passwords, or 0. */
  async function pairWait(key: string, at: Date): Promise<number> {
    const row = await repo.readFailures(key);
    if (!row) return 0;
    // For a pair the window column holds its last wrong password (see addRunFailure).
    const until =
      row.windowStartedAt.getTime() + pairDelayMs(row.failures, limits.perAccount, limits.windowMs);
    return until > at.getTime() ? Math.ceil((until - at.getTime()) / 1000) : 0;
  }

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  async function lockedFor(key: string, max: number, at: Date): Promise<number> {
    const row = await repo.readFailures(key);
    if (!row || row.failures < max) return 0;
    const until = row.windowStartedAt.getTime() + limits.windowMs;
    return until > at.getTime() ? Math.ceil((until - at.getTime()) / 1000) : 0;
  }

  const service = {
    /** Creates an account and mails its verification link; the e-mail is unique. */
    async register(input: {
      email: string;
      password: string;
      lang: PageLang;
      /** The product page the sign-in started from: the verification page leads back to it. */
      goto?: string | undefined;
    }): Promise<RegisterResult> {
      const email = normalizeEmail(input.email);
      if (email.length > 254 || !EMAIL.test(email)) return { ok: false, error: 'email_invalid' };
      const problem = passwordProblem(input.password);
      if (problem) return { ok: false, error: problem };
      const row = await repo.insertCredential({
        email,
        passwordHash: await hashPassword(input.password),
        // Replaced by sendVerification right away; a placeholder keeps the column meaningful.
        verifyTokenHash: sha256(randomBytes(16).toString('hex')),
        verifyExpiresAt: now(),
        lang: input.lang,
      });
      if (!row) {
        // The mail says what happened; the page (when e-mail is verified) reads as for a new account.
        const existing = await repo.findCredentialByEmail(email);
        if (!existing) return { ok: false, error: 'email_invalid' };
        await service.noticeTaken(existing.id, input.lang);
        return { ok: false, error: 'email_taken', accountId: existing.id };
      }
      try {
        await sendVerification(row, input.lang, input.goto);
      } catch (error) {
        // No half-made account: without its mail it could never be verified, and the e-mail would
        // be "taken" on the next attempt.
        await repo.deleteCredential(row.id).catch(() => undefined);
        throw error;
      }
      return { ok: true, accountId: row.id };
    },

    /**
     * Checks e-mail and password. Throttled per (account, address) pair with growing waits, so a
     * stranger who knows the e-mail slows only their own address: the owner still signs in from
     * any other one, and from the same one after the wait or a password reset by e-mail. An
     * address that tries many accounts is stopped for the window (per IP).
     */
    async authenticate(input: { email: string; password: string; ip: string }): Promise<AuthResult> {
      const at = now();
      const email = normalizeEmail(input.email).slice(0, 254);
      const pair = pairKey(email, input.ip);
      const ipKey = `ip:${input.ip}`;
      const wait = Math.max(await pairWait(pair, at), await lockedFor(ipKey, limits.perIp, at));
      if (wait > 0) return { ok: false, error: 'throttled', retryAfterSeconds: wait };
      const account = await repo.findCredentialByEmail(email);
      const password = input.password.slice(0, PASSWORD_MAX);
      const matches = await verifyPassword(password, account?.passwordHash ?? (await dummyHash()));
      if (!account || !matches) {
        const windowStart = new Date(at.getTime() - limits.windowMs);
        await repo.addRunFailure(pair, at, new Date(at.getTime() - PAIR_MEMORY_WINDOWS * limits.windowMs));
        await repo.addFailure(ipKey, at, windowStart);
        return { ok: false, error: 'invalid' };
      }
      await repo.clearFailures(pair);
      return { ok: true, accountId: account.id, verified: Boolean(account.emailVerifiedAt) };
    },

    /** Whether this account must verify its e-mail before signing in (REQUIRE_EMAIL_VERIFICATION). */
    mustVerify(account: { emailVerifiedAt: Date | null } | { verified: boolean }): boolean {
      if (!deps.requireVerification) return false;
      return 'verified' in account ? !account.verified : !account.emailVerifiedAt;
    },

    /** Marks the e-mail of the token's account verified; false for unknown, used or expired tokens. */
    async verifyEmail(token: string): Promise<boolean> {
      if (!TOKEN.test(token)) return false;
      return Boolean(await repo.verifyByTokenHash(sha256(token), now()));
    },

    /**
     * Mails the owner of an address someone tried to sign up with. Counted apart from the page's
     * "resend" (which counts like a new account's), so the page's limits read the same; beyond
     * the count the attempt is answered alike but mails no more, so sign-ups cannot flood an inbox.
     */
    async noticeTaken(accountId: string, lang: PageLang): Promise<void> {
      const account = await repo.findCredentialById(accountId);
      if (!account) return;
      if ((await spend([[`taken-mail:${account.id}`, MAIL_LIMITS.verifyPerAccount]], now())) > 0) return;
      await sendTakenNotice(account, lang);
    },

    /** "Resend" on the page of a sign-up whose address had an account: mails its owner again. */
    async resendTakenNotice(accountId: string, lang: PageLang): Promise<ResendResult> {
      const account = await repo.findCredentialById(accountId);
      if (!account) return { ok: true, sent: false };
      const wait = await spend([[`verify-mail:${account.id}`, MAIL_LIMITS.verifyPerAccount]], now());
      if (wait > 0) return { ok: false, error: 'throttled', retryAfterSeconds: wait };
      await sendTakenNotice(account, lang);
      return { ok: true, sent: true };
    },

    /**
     * Sends a fresh verification link (the old one stops working) in the given language, else the
     * account's own; `sent` is false when there is nothing to verify. Throttled per account.
     */
    async resendVerification(accountId: string, lang?: PageLang, goto?: string): Promise<ResendResult> {
      const account = await repo.findCredentialById(accountId);
      if (!account || account.emailVerifiedAt) return { ok: true, sent: false };
      const wait = await spend([[`verify-mail:${account.id}`, MAIL_LIMITS.verifyPerAccount]], now());
      if (wait > 0) return { ok: false, error: 'throttled', retryAfterSeconds: wait };
      await sendVerification(account, lang ?? pickLang(account.lang), goto);
      return { ok: true, sent: true };
    },

    /**
     * "Forgot password": mails a reset link when the address has an account. The caller shows the
     * same answer either way; the mail goes out in `delivery`, after the answer, so the response
     * time does not tell either. Throttled per address and per IP whether the account exists or not.
     */
    async requestPasswordReset(input: {
      email: string;
      ip: string;
      lang: PageLang;
      goto?: string | undefined;
    }): Promise<MailRequestResult> {
      const email = normalizeEmail(input.email);
      if (email.length > 254 || !EMAIL.test(email)) return { ok: false, error: 'email_invalid' };
      const wait = await spend(
        [
          [`reset-ip:${input.ip}`, MAIL_LIMITS.resetPerIp],
          [`reset-mail:${email}`, MAIL_LIMITS.resetPerAddress],
        ],
        now(),
      );
      if (wait > 0) return { ok: false, error: 'throttled', retryAfterSeconds: wait };
      const delivery = (async () => {
        const account = await repo.findCredentialByEmail(email);
        if (account) await sendReset(account, input.lang, input.goto);
      })();
      return { ok: true, delivery };
    },

    /** Whether a reset link is still good (unknown, used and expired ones are not). */
    async resetTokenValid(token: string): Promise<boolean> {
      if (!TOKEN.test(token)) return false;
      return Boolean(await repo.findByResetTokenHash(sha256(token), now()));
    },

    /**
     * Sets a new password through a reset link (once), then ends every session of the account:
     * the provider's sessions and grants here, our API sessions through the listeners.
     */
    async resetPassword(input: { token: string; password: string }): Promise<ResetResult> {
      if (!TOKEN.test(input.token)) return { ok: false, error: 'token_bad' };
      const tokenHash = sha256(input.token);
      const at = now();
      if (!(await repo.findByResetTokenHash(tokenHash, at))) return { ok: false, error: 'token_bad' };
      const problem = passwordProblem(input.password);
      if (problem) return { ok: false, error: problem };
      const account = await repo.resetPassword(tokenHash, await hashPassword(input.password), at);
      if (!account) return { ok: false, error: 'token_bad' };
      await repo.deleteAccountModels(account.id);
      // The reset link is the way in while an address is throttled: its waits end with it.
      await repo.clearFailuresStartingWith(pairPrefix(account.email));
      for (const listener of passwordListeners) await listener(account.id);
      return { ok: true, accountId: account.id };
    },

    /** Runs after every password reset with the account id (app wiring: revoke API sessions). */
    onPasswordReset(listener: (accountId: string) => Promise<void>): void {
      passwordListeners.push(listener);
    },

    /** Deletes expired provider records and throttle windows that ended (run periodically). */
    async sweep(): Promise<void> {
      const at = now();
      await repo.deleteExpiredModels(at);
      await repo.deleteFailuresBefore(
        new Date(at.getTime() - limits.windowMs),
        new Date(at.getTime() - PAIR_MEMORY_WINDOWS * limits.windowMs),
      );
    },

    /** The account behind a provider subject, for its claims and the overview page. */
    async findAccount(accountId: string): Promise<CredentialRow | undefined> {
      if (!/^[0-9a-f-]{36}$/.test(accountId)) return undefined;
      return repo.findCredentialById(accountId);
    },
  };
  return service;
}
export type AccountsService = ReturnType<typeof createAccountsService>;
