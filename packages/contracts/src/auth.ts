import { z } from 'zod';
import { cacheBust } from './api';

/** Sign-in modes carried in `state` (§4): the web app reloads, or the browser extension takes the code. */
export const LOGIN_MODES = ['fetch-reload', 'chrome-login'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

/** The relogin code (§8) and the messages of the sign-in flow. */
export const AuthMsg = {
  badState: 'Sign-in link is invalid or expired, please sign in again',
  noAttempt: 'Sign-in must finish in the browser that started it, please sign in again',
  badGoto: 'goto must be a page of this site',
  badCode: 'Sign-in failed: the authorization code is invalid, used or expired',
  providerDown: 'The account provider is not reachable, please try again',
  badVapiHeaders: 'headers version and source are required',
} as const;

/** `GET /v1/login/authorize-url`: builds the provider's authorize URL of §7 with state and PKCE. */
export const authorizeUrlQuery = z.object({
  goto: z.string().min(1).max(2048),
  mode: z.enum(LOGIN_MODES).default('fetch-reload'),
  lang: z
    .string()
    .max(8)
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'lang must look like en or pt-BR')
    .default('en'),
  source: z.string().max(64).optional(),
  pid: z.coerce.number().int().positive().optional(),
  brand: z.string().max(64).optional(),
  env: z.string().max(32).optional(),
  ...cacheBust,
});
export const authorizeUrlData = z.object({
  url: z.string(),
  state: z.string(),
  /** True when the provider page may be shown in our frame (same origin); else use the popup. */
  frameable: z.boolean(),
  /** The provider's third-party-cookie check page, when it has one. */
  cookie_check_url: z.string().nullable(),
});
export type AuthorizeUrlData = z.infer<typeof authorizeUrlData>;

/**
 * `POST /v1/login` query: the §7 parameters. The attempt travels in an httpOnly cookie; `state`
 * and `iss` from the callback may be sent as well (then `state` must be that attempt's).
 */
export const loginQuery = z.object({
  auth_code: z.string().min(1).max(2048),
  pid: z.coerce.number().int().positive().optional(),
  invited_code: z.string().max(64).optional(),
  module: z.string().max(2048).optional(),
  state: z.string().min(1).max(4096).optional(),
  iss: z.string().max(512).optional(),
});

/** User info of §3. Fields owned by later features read zero/empty until they register. */
export const userInfo = z.object({
  ws_id: z.number().int(),
  token: z.string(),
  uid: z.string(),
  email: z.string().nullable(),
  vip: z.number().int(),
  credit: z.number(),
  integral: z.number(),
  integral_free: z.number(),
  duration: z.number(),
  duration_free: z.number(),
  expire_time: z.number().int(),
  tt_free: z.number(),
  itr_free: z.number(),
  pro: z.number().int(),
  free_left: z.number(),
  free_total: z.number(),
  verify: z.number().int(),
  verify_used: z.number(),
  verify_level: z.number().int(),
  verify_expired_time: z.number().int(),
  integral_all: z.number(),
  integral_expired_time: z.number().int(),
  integral_is_expired: z.number().int(),
  subscribe: z.number().int(),
  subscribeList: z.array(z.record(z.string(), z.unknown())),
  vst_free_left: z.number(),
  tcm_free_left: z.number(),
  crc_dl_left: z.number(),
  restyle_free_left: z.number(),
  pds_active_now: z.number().int(),
  pds_active: z.number().int(),
  first_invited: z.boolean(),
  /** The account provider's account overview page (§7), linked from the account page; null when unknown. */
  account_url: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const userInfoQuery = z.object({ kind: z.string().max(64).optional(), ...cacheBust });

export const loginData = z.object({
  token: z.string(),
  /** The session token for the account service (vapi, §7): the same revocable session. */
  vapi_token: z.string(),
  expires_at: z.string(),
  user: userInfo,
  /** True when this login created the account. */
  created: z.boolean(),
  /** Number of visitor items (tasks, uploads) the account claimed. */
  claimed: z.number().int(),
});
export type LoginData = z.infer<typeof loginData>;

export const logoutData = z.object({
  /** Where the browser goes next: the provider's logout page, or null when it has none. */
  logout_url: z.string().nullable(),
});
export type LogoutData = z.infer<typeof logoutData>;

/** `POST /vapi/v1/user`: the account-service view (§7: verify, integral, subscribe). */
export const vapiUserData = z.object({
  wsid: z.number().int(),
  uid: z.string(),
  verify: z.number().int(),
  verify_level: z.number().int(),
  integral: z.number(),
  integral_all: z.number(),
  subscribe: z.number().int(),
  subscribeList: z.array(z.record(z.string(), z.unknown())),
});
