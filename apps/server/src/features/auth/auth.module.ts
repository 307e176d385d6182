import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../config';
import type { Database } from '../../platform/db/client';
import { createMailer, type Mailer } from '../../platform/mail/mail';
import type { SessionsService } from '../users/sessions.service';
import type { UsersRepo } from '../users/users.repo';
import type { AnalyticsService } from '../analytics/analytics.service';
import { createAccountsRepo } from '../accounts/accounts.repo';
import { createAccountsService } from '../accounts/accounts.service';
import { ACCOUNTS_PATH, createEmbeddedProvider } from '../accounts/accounts.provider';
import { accountsRoutes, INTERNAL_HEADER } from '../accounts/accounts.routes';
import { createOidcClient, injectFetch, type OidcClient } from './auth.oidc';
import { createAuthService, type AuthService } from './auth.service';
import { authRoutes } from './auth.routes';
import { LOGIN_CALLBACK_PATH, LOGOUT_CALLBACK_PATH } from './auth.pages';

/** The embedded provider's own client: our server, registered with it at start. */
export const EMBEDDED_CLIENT_ID = 'ai-covers-web';
/** The name accounts of the embedded provider are stored under (stable if PUBLIC_URL changes). */
export const EMBEDDED_ISSUER_NAME = 'embedded';

/** Our public origin: PUBLIC_URL, else http://localhost:PORT. */
export function publicOrigin(settings: Settings): string {
  return new URL(settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).origin;
}

/**
 * Wires sign-in: the mailer, the embedded account provider (unless OIDC_ISSUER names another
 * one), the OIDC client and the /v1 auth routes. Returns the auth service so other features can
 * register user-info contributors and visitor-work claimers.
 */
export async function installSignIn(
  app: FastifyInstance,
  deps: {
    settings: Settings;
    database: Database;
    sessions: SessionsService;
    usersRepo: UsersRepo;
    analytics: AnalyticsService;
    secret: Uint8Array;
  },
): Promise<{ auth: AuthService; mailer: Mailer }> {
  const { settings } = deps;
  const origin = publicOrigin(settings);
  const callbackUrl = origin + LOGIN_CALLBACK_PATH;
  const logoutCallbackUrl = origin + LOGOUT_CALLBACK_PATH;
  const mailer = createMailer({
    from: settings.MAIL_FROM,
    outboxDir: path.join(settings.dataDir, 'outbox'),
    smtpUrl: settings.SMTP_URL,
  });
  app.addHook('onClose', async () => mailer.close());

  let oidc: OidcClient;
  let cookieCheckUrl: string | null = null;
  if (settings.OIDC_ISSUER) {
    if (!settings.OIDC_CLIENT_ID || !settings.OIDC_CLIENT_SECRET)
      throw new Error('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    oidc = createOidcClient({
      issuer: settings.OIDC_ISSUER,
      clientId: settings.OIDC_CLIENT_ID,
      clientSecret: settings.OIDC_CLIENT_SECRET,
      embedded: false,
    });
  } else {
    const issuer = origin + ACCOUNTS_PATH;
    const repo = createAccountsRepo(deps.database.db);
    const service = createAccountsService({
      repo,
      mailer,
      issuer,
      limits: {
        perAccount: settings.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        perIp: settings.LOGIN_MAX_FAILURES_PER_IP,
        windowMs: settings.LOGIN_THROTTLE_MINUTES * 60_000,
      },
    });
    const clientSecret =
      settings.OIDC_CLIENT_SECRET ??
      (await repo.ensureSecret('client-secret', () => randomBytes(32).toString('base64url')));
    const clientId = settings.OIDC_CLIENT_ID ?? EMBEDDED_CLIENT_ID;
    const provider = await createEmbeddedProvider({
      issuer,
      repo,
      service,
      client: {
        clientId,
        clientSecret,
        redirectUris: [callbackUrl],
        postLogoutRedirectUris: [logoutCallbackUrl],
      },
    });
    const internalToken = randomBytes(24).toString('base64url');
    await app.register(accountsRoutes({ provider, service, internalToken }));
    // Expired codes, sessions and throttle windows are swept hourly; every process may do it.
    const sweep = setInterval(() => void service.sweep().catch(() => undefined), 3_600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
    oidc = createOidcClient({
      issuer,
      clientId,
      clientSecret,
      embedded: true,
      fetch: injectFetch(() => app, origin, { header: INTERNAL_HEADER, token: internalToken }),
    });
    cookieCheckUrl = `${issuer}/cookie-check`;
  }

  const auth = createAuthService({
    oidc,
    identityIssuer: settings.OIDC_ISSUER ?? EMBEDDED_ISSUER_NAME,
    // A key of its own, derived from the token secret, so state MACs never verify as tokens.
    stateKey: new Uint8Array(createHmac('sha256', deps.secret).update('login-state').digest()),
    publicOrigin: origin,
    callbackUrl,
    logoutCallbackUrl,
    cookieCheckUrl,
    sessions: deps.sessions,
    usersRepo: deps.usersRepo,
    recordFailure: async ({ visitorId, reason }) => {
      await deps.analytics.recordBatch('ai-covers', {
        page: visitorId ? { uid: visitorId } : {},
        events: [{ event: 'login_failed', time: Date.now(), props: { reason } }],
      });
    },
  });
  await app.register(authRoutes(auth, { secureCookies: origin.startsWith('https:') }));
  return { auth, mailer };
}
