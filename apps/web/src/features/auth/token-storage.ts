import { TIMING } from '@ai-covers/contracts';
import { readLocal, writeLocal } from '../../shared/storage/storage';

/** Cookie names shared with the family of tools on the same domain (§4). */
export const COOKIES = { token: 'token', old: 'ou', email: 'email', wsid: 'wsid', uid: 'uid' } as const;
/** Local-storage names (prefixed 'ai-covers.' by the storage helpers). */
export const LOCAL = {
  token: 'token',
  vapiToken: 'vapi_token',
  loginCode: 'login_code',
  inviteCode: 'invite_code',
  firstInvited: 'first_invited',
  secondWayLogin: 'second_way_login',
  accountUrl: 'account_url',
} as const;

/** Local-storage name of the from-ai-photo flag (§3): set by a landing from the AI photo tool. */
export const FROM_AI_PHOTO = 'from_ai_photo';

/** An extension/redirect auth code is only used if it is this fresh. */
const LOGIN_CODE_MAX_AGE_MS = 10 * 60_000;

/**
 * The registrable domain to share the auth cookie on ('.example.com' for 'app.example.com'), or
 * null for hosts that take only host cookies (localhost, IP addresses, single labels).
 */
export function cookieDomain(hostname: string): string | null {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return null;
  return '.' + hostname.split('.').slice(-2).join('.');
}

function setCookie(name: string, value: string, maxAgeSeconds: number, domain: string | null): void {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'path=/',
    `max-age=${maxAgeSeconds}`,
    'SameSite=Lax',
  ];
  if (domain) parts.push(`domain=${domain}`);
  if (location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

/** Reads a cookie by exact name. */
export function readCookieValue(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Writes a cookie on the shared domain; when the browser refuses that domain (a public suffix
 * such as co.uk) it falls back to a host cookie.
 */
function writeSharedCookie(name: string, value: string, days: number): void {
  const domain = cookieDomain(location.hostname);
  setCookie(name, value, days * 86_400, domain);
  if (domain && readCookieValue(name) !== value) setCookie(name, value, days * 86_400, null);
}

function removeCookie(name: string): void {
  setCookie(name, '', 0, null);
  const domain = cookieDomain(location.hostname);
  if (domain) setCookie(name, '', 0, domain);
}

/** Keeps a new token: local storage, the 2-day domain cookie and the old-style cookie 'ou' (§4). */
export function saveToken(token: string, vapiToken: string = token): void {
  writeLocal(LOCAL.token, token);
  writeLocal(LOCAL.vapiToken, vapiToken);
  writeSharedCookie(COOKIES.token, token, TIMING.authCookieDays);
  writeSharedCookie(COOKIES.old, token, TIMING.authCookieDays);
}

/** Removes every copy of the token plus the email, wsid and uid cookies (§4). */
export function clearToken(): void {
  writeLocal(LOCAL.token, null);
  writeLocal(LOCAL.vapiToken, null);
  writeLocal(LOCAL.accountUrl, null);
  for (const name of Object.values(COOKIES)) removeCookie(name);
}

/**
 * The provider's account overview address the last user info named (§7), kept with the token: the
 * account page draws its link at once instead of after the user info arrives (it is the page's
 * largest text, decision 240), and the user info then confirms or replaces it. Only an http(s)
 * address is taken back.
 */
export function rememberAccountUrl(url: string | null): void {
  writeLocal(LOCAL.accountUrl, url);
}
export function lastAccountUrl(): string | null {
  const url = readLocal(LOCAL.accountUrl);
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** Remembers who is signed in for sibling tools (cleared with the token). */
export function saveIdentityCookies(user: { email?: string | null; ws_id: number; uid: string }): void {
  if (user.email) writeSharedCookie(COOKIES.email, user.email, TIMING.authCookieDays);
  writeSharedCookie(COOKIES.wsid, String(user.ws_id), TIMING.authCookieDays);
  writeSharedCookie(COOKIES.uid, user.uid, TIMING.authCookieDays);
}

/**
 * At start: a cookie token (set here or by a sibling tool) is copied to local storage; without
 * one the local copy is cleared, so the cookie's 2-day life bounds the session (§4).
 */
export function syncTokenOnStart(): string | null {
  const token = readCookieValue(COOKIES.token) ?? readCookieValue(COOKIES.old);
  if (token) {
    writeLocal(LOCAL.token, token);
    if (!readLocal(LOCAL.vapiToken)) writeLocal(LOCAL.vapiToken, token);
  } else {
    writeLocal(LOCAL.token, null);
    writeLocal(LOCAL.vapiToken, null);
  }
  return token;
}

export interface PendingLogin {
  code: string;
  state: string;
  iss: string | null;
}

/** True when the callback page left an auth code for the app to finish the login with. */
export function hasPendingLogin(): boolean {
  return readLocal(LOCAL.loginCode) !== null;
}

/**
 * The auth code the callback page (redirect or extension login) left for the app: read once and
 * removed at once, so a reload cannot replay it; stale or failed ones are dropped.
 */
export function takePendingLogin(now: number = Date.now()): PendingLogin | null {
  const raw = readLocal(LOCAL.loginCode);
  if (raw === null) return null;
  writeLocal(LOCAL.loginCode, null);
  try {
    const value = JSON.parse(raw) as Partial<PendingLogin> & { time?: number; error?: string | null };
    if (!value.code || !value.state || value.error || !value.time || now - value.time > LOGIN_CODE_MAX_AGE_MS)
      return null;
    return { code: value.code, state: value.state, iss: value.iss ?? null };
  } catch {
    return null;
  }
}

/** True when a second-way (redirect) login was chosen less than an hour ago (§5, §9). */
export function secondWayLoginActive(now: number = Date.now()): boolean {
  const stamp = Number(readLocal(LOCAL.secondWayLogin));
  return Number.isFinite(stamp) && stamp > 0 && now - stamp < TIMING.secondWayLoginWindowMs;
}

/** Records that this browser signs in by redirect (popup blocked or declined). */
export function markSecondWayLogin(now: number = Date.now()): void {
  writeLocal(LOCAL.secondWayLogin, String(now));
}
