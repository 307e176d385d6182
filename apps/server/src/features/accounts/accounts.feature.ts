import { randomBytes } from 'node:crypto';
import type { Settings } from '../../config';
import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import type { Mailer } from '../../platform/mail/mail';
import { ACCOUNTS_PATH, createEmbeddedProvider } from './accounts.provider';
import { createAccountsRepo } from './accounts.repo';
import { INTERNAL_HEADER } from './accounts.mount';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';

/** REQUIRE_EMAIL_VERIFICATION, defaulting to on exactly when mail really leaves (SMTP_URL). */
export function requireEmailVerification(settings: Settings): boolean {
  return settings.REQUIRE_EMAIL_VERIFICATION ?? Boolean(settings.SMTP_URL);
}

/** The embedded provider's own client: our server, registered with it at start. */
export const EMBEDDED_CLIENT_ID = 'ai-covers-web';

/**
 * The embedded OpenID Connect account provider at /accounts (§1.3, §7), used unless OIDC_ISSUER
 * names another issuer: accounts, passwords, verification mail, password reset, throttling.
 */
export async function createAccountsFeature(deps: {
  settings: Settings;
  db: Db;
  mailer: Mailer;
  /** Our public origin; the issuer is `<origin>/accounts`. */
  origin: string;
  /** Where the provider may send the browser back after sign-in and sign-out. */
  redirects: { login: string; logout: string };
}) {
  const { settings } = deps;
  const issuer = deps.origin + ACCOUNTS_PATH;
  // Every account page offers the way back to the product's start page.
  const home = `${settings.BASE_PATH}/`;
  const repo = createAccountsRepo(deps.db);
  const service = createAccountsService({
    repo,
    mailer: deps.mailer,
    issuer,
    limits: {
      perAccount: settings.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perIp: settings.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: settings.LOGIN_THROTTLE_MINUTES * 60_000,
    },
    requireVerification: requireEmailVerification(settings),
  });
  const clientSecret =
    settings.OIDC_CLIENT_SECRET ??
    (await repo.ensureSecret('client-secret', () => randomBytes(32).toString('base64url')));
  const clientId = settings.OIDC_CLIENT_ID ?? EMBEDDED_CLIENT_ID;
  const provider = await createEmbeddedProvider({
    issuer,
    repo,
    service,
    home,
    client: {
      clientId,
      clientSecret,
      redirectUris: [deps.redirects.login],
      postLogoutRedirectUris: [deps.redirects.logout],
    },
  });
  // Our own client's fetches run in-process and carry this, so the provider knows them.
  const internal = { header: INTERNAL_HEADER, token: randomBytes(24).toString('base64url') };
  // Expired codes, sessions and throttle windows are swept hourly; every process may do it.
  const sweep = setInterval(() => void service.sweep().catch(() => undefined), 3_600_000);
  sweep.unref();
  return defineFeature({
    service,
    /** The language an account's mail is written in: the page language at sign-up. */
    mailLanguageOf: async (email: string) =>
      (await repo.findCredentialByEmail(email.toLowerCase()))?.lang ?? null,
    issuer,
    client: { clientId, clientSecret },
    internal,
    cookieCheckUrl: `${issuer}/cookie-check`,
    accountUrl: `${issuer}/account`,
    routes: [
      accountsRoutes({
        provider,
        service,
        internalToken: internal.token,
        issuer,
        home,
        pendingKey: await repo.ensureSecret('pending-signin-key', () =>
          randomBytes(32).toString('base64url'),
        ),
      }),
    ],
    async close() {
      clearInterval(sweep);
    },
  });
}
export type AccountsFeature = Awaited<ReturnType<typeof createAccountsFeature>>;
