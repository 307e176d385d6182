import { createHash, randomBytes } from 'node:crypto';
import type { Mailer } from '../../platform/mail/mail';
import type { AccountsRepo, CredentialRow } from './accounts.repo';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { pageText, type PageLang } from './accounts.i18n';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,63}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const VERIFY_TTL_MS = 24 * 3600 * 1000;

export interface ThrottleLimits {
  perAccount: number;
  perIp: number;
  windowMs: number;
}

export type AuthResult =
  | { ok: true; accountId: string }
  | { ok: false; error: 'invalid' }
  | { ok: false; error: 'throttled'; retryAfterSeconds: number };

export type RegisterResult =
  | { ok: true; accountId: string }
  | { ok: false; error: 'email_invalid' | 'password_short' | 'password_long' | 'email_taken' };

/** Normalises an e-mail for lookup: trimmed, lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Local accounts of the embedded provider: create, authenticate (throttled), verify e-mail. */
export function createAccountsService(deps: {
  repo: AccountsRepo;
  mailer: Mailer;
  /** The issuer URL (…/accounts); verification links point below it. */
  issuer: string;
  limits: ThrottleLimits;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo, limits } = deps;

  async function sendVerification(account: CredentialRow, lang: PageLang): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await repo.setVerifyToken(account.id, sha256(token), new Date(now().getTime() + VERIFY_TTL_MS));
    const t = pageText(lang);
    const link = `${deps.issuer}/verify?token=${token}&lang=${lang}`;
    await deps.mailer.send({
      to: account.email,
      subject: t.mailSubject,
      text: t.mailBody.replace('{link}', link),
    });
  }

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  async function lockedFor(key: string, max: number, at: Date): Promise<number> {
    const row = await repo.readFailures(key);
    if (!row || row.failures < max) return 0;
    const until = row.windowStartedAt.getTime() + limits.windowMs;
    return until > at.getTime() ? Math.ceil((until - at.getTime()) / 1000) : 0;
  }

  return {
    /** Creates an account and mails its verification link; the e-mail is unique. */
    async register(input: { email: string; password: string; lang: PageLang }): Promise<RegisterResult> {
      const email = normalizeEmail(input.email);
      if (email.length > 254 || !EMAIL.test(email)) return { ok: false, error: 'email_invalid' };
      if (input.password.length < PASSWORD_MIN) return { ok: false, error: 'password_short' };
      if (input.password.length > PASSWORD_MAX) return { ok: false, error: 'password_long' };
      const row = await repo.insertCredential({
        email,
        passwordHash: await hashPassword(input.password),
        // Replaced by sendVerification right away; a placeholder keeps the column meaningful.
        verifyTokenHash: sha256(randomBytes(16).toString('hex')),
        verifyExpiresAt: now(),
      });
      if (!row) return { ok: false, error: 'email_taken' };
      try {
        await sendVerification(row, input.lang);
      } catch (error) {
        // No half-made account: without its mail it could never be verified, and the e-mail would
        // be "taken" on the next attempt.
        await repo.deleteCredential(row.id).catch(() => undefined);
        throw error;
      }
      return { ok: true, accountId: row.id };
    },

    /**
     * Checks e-mail and password. Throttled per account and per IP: once either has `limit`
     * failures inside the window, even a correct password is refused until the window ends.
     */
    async authenticate(input: { email: string; password: string; ip: string }): Promise<AuthResult> {
      const at = now();
      const email = normalizeEmail(input.email).slice(0, 254);
      const accountKey = `account:${email}`;
      const ipKey = `ip:${input.ip}`;
      const wait = Math.max(
        await lockedFor(accountKey, limits.perAccount, at),
        await lockedFor(ipKey, limits.perIp, at),
      );
      if (wait > 0) return { ok: false, error: 'throttled', retryAfterSeconds: wait };
      const account = await repo.findCredentialByEmail(email);
      const password = input.password.slice(0, PASSWORD_MAX);
      const matches = await verifyPassword(password, account?.passwordHash ?? (await dummyHash()));
      if (!account || !matches) {
        const windowStart = new Date(at.getTime() - limits.windowMs);
        await repo.addFailure(accountKey, at, windowStart);
        await repo.addFailure(ipKey, at, windowStart);
        return { ok: false, error: 'invalid' };
      }
      await repo.clearFailures(accountKey);
      return { ok: true, accountId: account.id };
    },

    /** Marks the e-mail of the token's account verified; false for unknown, used or expired tokens. */
    async verifyEmail(token: string): Promise<boolean> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
      return Boolean(await repo.verifyByTokenHash(sha256(token), now()));
    },

    /** Sends a fresh verification link (the old one stops working). */
    async resendVerification(accountId: string, lang: PageLang): Promise<void> {
      const account = await repo.findCredentialById(accountId);
      if (account && !account.emailVerifiedAt) await sendVerification(account, lang);
    },

    /** Deletes expired provider records and throttle windows that ended (run periodically). */
    async sweep(): Promise<void> {
      const at = now();
      await repo.deleteExpiredModels(at);
      await repo.deleteFailuresBefore(new Date(at.getTime() - limits.windowMs));
    },

    /** The account behind a provider subject, for its claims and the overview page. */
    async findAccount(accountId: string): Promise<CredentialRow | undefined> {
      if (!/^[0-9a-f-]{36}$/.test(accountId)) return undefined;
      return repo.findCredentialById(accountId);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
