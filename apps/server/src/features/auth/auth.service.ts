import { Code, type LoginData, type LoginMode, type UserInfo } from '@ai-covers/contracts';
import { reloginRequired } from '../../platform/auth/identity';
import { AppError } from '../../platform/http/app-error';
import type { ReadStamp } from '../users/read-stamps';
import type { SessionsService } from '../users/sessions.service';
import type { User as UserRow, UsersService } from '../users/users.service';
import type { OidcClient } from './auth.oidc';
import { newNonce, pkceVerifier, safeGoto, signState, verifyState } from './auth.state';
import { AuthMsg } from '@ai-covers/contracts';
import { calculatePKCECodeChallenge } from 'openid-client';
import { createUserInfoReadModel, USER_INFO_MAX_AGE_MS } from './user-info.read-model';

/**
 * Adds fields to a user's §3 info (credits fills credit/vip/subscribe, …); later ones win. A
 * contributor whose fields change with time alone (an expiry, a window) tells `validUntil` each
 * instant they would: the answer is kept in memory (user-info.read-model.ts) no longer than that.
 */
export type UserInfoContributor = (input: {
  userId: number;
  kind: string | undefined;
  validUntil?: (at: Date) => void;
}) => Promise<Partial<UserInfo>>;

/** Moves what a visitor made before signing in to the account; returns how many items moved. */
export type VisitorWorkClaimer = (visitorId: string, userId: number) => Promise<number>;

/** Records a sign-in failure event for analytics (§4). */
export type FailureRecorder = (input: { visitorId: string | null; reason: string }) => Promise<void>;

/** §9: the spec's authorize parameters that identify our product to the account service. */
export const AUTHORIZE_DEFAULTS = { register_mode: '4', mode: '1', app_key: 'ai-covers' } as const;
/** §7's scope 'user normal', asked of the embedded provider, which defines both (decision 040). */
const SPEC_SCOPE = 'openid user normal';
/**
 * The same request in standard names for an external issuer (OIDC_ISSUER): 'user' and 'normal'
 * are not standard, and a strict issuer refuses a scope it does not know (invalid_scope).
 */
const OIDC_SCOPE = 'openid email profile';

/** The §3 user info of an account before any other feature contributes (honest zero values). */
export function baseUserInfo(user: UserRow, token: string, accountUrl: string | null = null): UserInfo {
  return {
    account_url: accountUrl,
    ws_id: user.id,
    token,
    uid: user.uid,
    email: user.email,
    first_invited: user.firstInvited,
    // Filled by the credits feature (wallet, §3 credits account): balance, gifted/expiry data.
    credit: 0,
    integral: 0,
    integral_free: 0,
    integral_all: 0,
    integral_expired_time: 0,
    integral_is_expired: 0,
    // Filled by the memberships feature (§6): subscription state and monthly allowances.
    vip: 0,
    pro: 0,
    subscribe: 0,
    subscribeList: [],
    expire_time: 0,
    duration: 0,
    duration_free: 0,
    tt_free: 0,
    itr_free: 0,
    free_left: 0,
    free_total: 0,
    vst_free_left: 0,
    tcm_free_left: 0,
    crc_dl_left: 0,
    restyle_free_left: 0,
    pds_active_now: 0,
    pds_active: 0,
    // Filled by the paid-check/verify feature (§7 GET /v1/verify): verify level and usage.
    verify: 0,
    verify_used: 0,
    verify_level: 0,
    verify_expired_time: 0,
  };
}

export interface AuthServiceDeps {
  oidc: OidcClient;
  /** Issuer name stored with accounts: stable across PUBLIC_URL changes for the embedded provider. */
  identityIssuer: string;
  stateKey: Uint8Array;
  publicOrigin: string;
  callbackUrl: string;
  logoutCallbackUrl: string;
  cookieCheckUrl: string | null;
  /** The provider's account overview page (§7), or null when the issuer's is not known. */
  accountUrl: string | null;
  sessions: SessionsService;
  users: UsersService;
  recordFailure: FailureRecorder;
  /** The features that own user-info fields (credits, promotion), merged in this order. */
  userInfo: UserInfoContributor[];
  /** The features whose visitor work becomes the account's at sign-in (storage, covers). */
  visitorClaims: VisitorWorkClaimer[];
  /** An account's read version and its session's liveness: what kept user info is checked against. */
  readStamp: (userId: number, sessionId: string) => Promise<ReadStamp>;
  now?: () => number;
}

const badRequest = (msg: string) => new AppError(Code.error, msg, 400);

/** The sign-in flow of §4/§7: authorize URL, code exchange into our own token, logout, user info. */
export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? Date.now;
  const contributors = deps.userInfo;
  const claimers = deps.visitorClaims;

  async function fail(visitorId: string | null, reason: string, msg: string): Promise<never> {
    await deps.recordFailure({ visitorId, reason }).catch(() => undefined);
    throw badRequest(msg);
  }

  /** The contributors read their own tables independently: asked at once (on Postgres their round trips overlap). */
  const contributions = (userId: number, kind?: string, validUntil?: (at: Date) => void) =>
    Promise.all(
      contributors.map((contribute) => contribute({ userId, kind, ...(validUntil && { validUntil }) })),
    );

  /** The base fields of the row, then the contributions merged in the order they were given. */
  const merged = (user: UserRow, token: string, parts: Partial<UserInfo>[]) =>
    parts.reduce<UserInfo>(
      (info, part) => ({ ...info, ...part }),
      baseUserInfo(user, token, deps.accountUrl),
    );

  async function userInfo(user: UserRow, token: string, kind?: string): Promise<UserInfo> {
    return merged(user, token, await contributions(user.id, kind));
  }

  /** Every page load's read, kept ready per account and invalidated by the writes that change it. */
  const readModel = createUserInfoReadModel({
    stamp: deps.readStamp,
    now,
    async make(userId, kind) {
      const madeAt = now();
      let validUntil = madeAt + USER_INFO_MAX_AGE_MS;
      const until = (at: Date) => {
        validUntil = Math.min(validUntil, at.getTime());
      };
      // The row and the contributions at once. The row decides: an account gone answers 401
      // whatever its contributions did.
      const found = deps.users.findById(userId);
      const parts = contributions(userId, kind, until);
      // Their failure is still thrown below when the row is found; this only keeps it handled.
      parts.catch(() => undefined);
      const user = await found;
      if (!user) return null;
      // The token is the request's: the kept answer has an empty one, set per request.
      return { info: merged(user, '', await parts), validUntil };
    },
  });

  return {
    /**
     * Builds the provider's authorize URL (§7) with signed state and PKCE. The route keeps the
     * state in an httpOnly cookie: it is the attempt that `login` finishes.
     */
    async authorizeUrl(input: {
      goto: string;
      mode: LoginMode;
      lang: string;
      source?: string | undefined;
      pid?: number | undefined;
      brand?: string | undefined;
      env?: string | undefined;
    }) {
      const goto = safeGoto(input.goto, deps.publicOrigin);
      if (!goto) throw badRequest(AuthMsg.badGoto);
      const nonce = newNonce();
      const pid = input.pid ?? 15162;
      const state = signState(
        {
          env: input.env ?? 'prod',
          goto,
          brand: input.brand ?? 'ai-covers',
          pid,
          mode: input.mode,
          nonce,
          iat: now(),
        },
        deps.stateKey,
      );
      const params = {
        ...AUTHORIZE_DEFAULTS,
        product_id: String(pid),
        source: input.source ?? 'ai-covers',
        scope: deps.oidc.embedded ? SPEC_SCOPE : OIDC_SCOPE,
        lang: input.lang,
        ui_locales: input.lang,
        response_type: 'code',
        goto,
        state,
        redirect_uri: deps.callbackUrl,
        code_challenge: await calculatePKCECodeChallenge(pkceVerifier(nonce, deps.stateKey)),
        code_challenge_method: 'S256',
      };
      let url: string;
      try {
        url = await deps.oidc.authorizationUrl(params);
      } catch {
        throw new AppError(Code.error, AuthMsg.providerDown, 502);
      }
      return { url, state, frameable: deps.oidc.embedded, cookie_check_url: deps.cookieCheckUrl };
    },

    /**
     * `POST /v1/login`: reads the attempt this browser started (cookie: signature, age), checks a
     * `state` sent with it, exchanges the code with the attempt's PKCE verifier, finds or creates
     * the account, claims visitor work and returns our own token. A code issued to another
     * attempt cannot pass: its challenge belongs to a verifier this browser does not hold.
     */
    async login(input: {
      authCode: string;
      state?: string | undefined;
      iss?: string | undefined;
      /** The signed state kept in this browser's httpOnly cookie since the authorize URL. */
      attempt: string | undefined;
      invitedCode?: string | undefined;
      visitorId: string | null;
    }): Promise<LoginData> {
      if (!input.attempt) return fail(input.visitorId, 'attempt', AuthMsg.noAttempt);
      const state = verifyState(input.attempt, deps.stateKey, now());
      if (!state) return fail(input.visitorId, 'attempt', AuthMsg.badState);
      if (input.state !== undefined && input.state !== input.attempt)
        return fail(input.visitorId, 'state', AuthMsg.badState);
      let identity;
      try {
        identity = await deps.oidc.exchangeCode({
          code: input.authCode,
          state: input.attempt,
          iss: input.iss,
          verifier: pkceVerifier(state.nonce, deps.stateKey),
          redirectUri: deps.callbackUrl,
        });
      } catch {
        return fail(input.visitorId, 'code', AuthMsg.badCode);
      }
      const { user, created } = await deps.users.upsertByIdentity({
        issuer: deps.identityIssuer,
        subject: identity.subject,
        email: identity.email,
        name: identity.name,
      });
      // §4: a new account that arrives with an invite code keeps it and is marked first-invited.
      const account =
        created && input.invitedCode ? await deps.users.markInvited(user.id, input.invitedCode) : user;
      let claimed = 0;
      if (input.visitorId) {
        // A failing claimer must not block sign-in; its items stay with the visitor for the next one.
        for (const claim of claimers) claimed += await claim(input.visitorId, user.id).catch(() => 0);
      }
      const { token, expiresAt } = await deps.sessions.issueToken(user.id);
      return {
        token,
        vapi_token: token,
        expires_at: expiresAt.toISOString(),
        user: await userInfo(account, token),
        created,
        claimed,
      };
    },

    /** Ends our session (the token stops working) and names the provider's logout page. */
    async logout(
      sessionId: string | null,
      gotoInput: string | undefined,
    ): Promise<{ logout_url: string | null }> {
      if (sessionId) await deps.sessions.revoke(sessionId);
      const goto = (gotoInput && safeGoto(gotoInput, deps.publicOrigin)) || `${deps.publicOrigin}/`;
      try {
        const url = await deps.oidc.endSessionUrl({
          post_logout_redirect_uri: deps.logoutCallbackUrl,
          state: goto,
        });
        return { logout_url: url };
      } catch {
        return { logout_url: null };
      }
    },

    /**
     * `GET /v1/user/info`: every §3 field, from our tables and the contributing features, kept
     * ready in memory while the account's read version and the answer's validity hold.
     */
    async userInfo(userId: number, sessionId: string, token: string, kind?: string): Promise<UserInfo> {
      const kept = await readModel.read(userId, sessionId, kind);
      // Signed out in another process since this process last checked the session: as a dead token.
      if (kept === 'signed-out') throw reloginRequired();
      if (kept === 'gone') throw new AppError(Code.notAuthorized, 'Not logged in, please log in first', 401);
      // A copy with the request's token in the kept answer's own key order (the same bytes).
      const info = { ...kept };
      info.token = token;
      return info;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
