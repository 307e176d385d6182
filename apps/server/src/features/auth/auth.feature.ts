import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../config';
import { defineFeature } from '../../platform/feature';
import { publicOrigin } from '../../platform/http/site-origin';
import type { AccountsFeature } from '../accounts/accounts.feature';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { ReadStamps } from '../users/read-stamps';
import type { SessionsService } from '../users/sessions.service';
import type { UsersService } from '../users/users.service';
import { createOidcClient, injectFetch, type OidcClient } from './auth.oidc';
import { LOGIN_CALLBACK_PATH, LOGOUT_CALLBACK_PATH } from './auth.pages';
import { authRoutes } from './auth.routes';
import { createAuthService, type UserInfoContributor, type VisitorWorkClaimer } from './auth.service';

/** The name accounts of the embedded provider are stored under (stable if PUBLIC_URL changes). */
export const EMBEDDED_ISSUER_NAME = 'embedded';

export { publicOrigin };

/** Where the account provider sends the browser back after sign-in and sign-out. */
export function signInRedirects(settings: Settings): { login: string; logout: string } {
  const origin = publicOrigin(settings);
  return { login: origin + LOGIN_CALLBACK_PATH, logout: origin + LOGOUT_CALLBACK_PATH };
}

/**
 * Sign-in (§4, §7): the OIDC client of the embedded provider (`embedded`) or of OIDC_ISSUER, and
 * the /v1 login routes. The features that own user-info fields and visitor work are handed over at
 * construction (`userInfo`, `visitorClaims`).
 */
export function createAuthFeature(deps: {
  settings: Settings;
  /** The embedded account provider, or null when OIDC_ISSUER names another issuer. */
  embedded: AccountsFeature | null;
  sessions: SessionsService;
  users: UsersService;
  readStamps: ReadStamps;
  analytics: AnalyticsService;
  /** The features that own user-info fields (credits, promotion), merged in this order. */
  userInfo: UserInfoContributor[];
  /** The features whose visitor work becomes the account's at sign-in (storage, covers). */
  visitorClaims: VisitorWorkClaimer[];
  secret: Uint8Array;
  /** The API app, for the embedded provider's in-process fetches (read when a fetch happens). */
  app: () => FastifyInstance;
}) {
  const { settings, embedded } = deps;
  const origin = publicOrigin(settings);
  const redirects = signInRedirects(settings);
  let oidc: OidcClient;
  if (embedded) {
    oidc = createOidcClient({
      issuer: embedded.issuer,
      ...embedded.client,
      embedded: true,
      fetch: injectFetch(deps.app, origin, embedded.internal),
    });
  } else {
    if (!settings.OIDC_ISSUER || !settings.OIDC_CLIENT_ID || !settings.OIDC_CLIENT_SECRET)
      throw new Error('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    oidc = createOidcClient({
      issuer: settings.OIDC_ISSUER,
      clientId: settings.OIDC_CLIENT_ID,
      clientSecret: settings.OIDC_CLIENT_SECRET,
      embedded: false,
    });
  }

  const service = createAuthService({
    oidc,
    identityIssuer: settings.OIDC_ISSUER ?? EMBEDDED_ISSUER_NAME,
    // A key of its own, derived from the token secret, so state MACs never verify as tokens.
    stateKey: new Uint8Array(createHmac('sha256', deps.secret).update('login-state').digest()),
    publicOrigin: origin,
    callbackUrl: redirects.login,
    logoutCallbackUrl: redirects.logout,
    cookieCheckUrl: embedded?.cookieCheckUrl ?? null,
    accountUrl: embedded?.accountUrl ?? null,
    sessions: deps.sessions,
    users: deps.users,
    readStamp: (userId, sessionId) => deps.readStamps.stamp(userId, sessionId),
    userInfo: deps.userInfo,
    visitorClaims: deps.visitorClaims,
    recordFailure: async ({ visitorId, reason }) => {
      await deps.analytics.recordBatch('ai-covers', {
        page: visitorId ? { uid: visitorId } : {},
        events: [{ event: 'login_failed', time: Date.now(), props: { reason } }],
      });
    },
  });
  // A password reset on the embedded provider signs the account out of our API everywhere too.
  embedded?.service.onPasswordReset((accountId) =>
    deps.sessions.revokeIdentity(EMBEDDED_ISSUER_NAME, accountId),
  );
  return defineFeature({
    service,
    routes: [authRoutes(service, { secureCookies: origin.startsWith('https:') })],
  });
}
