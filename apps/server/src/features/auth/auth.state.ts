import { createHmac, timingSafeEqual, randomBytes } from 'node:crypto';
import { LOGIN_MODES, type LoginMode } from '@ai-covers/contracts';

/** What the `state` parameter carries through the provider and back (§4). */
export interface LoginState {
  env: string;
  /** Absolute URL of the page to return to; always on our own origin. */
  goto: string;
  brand: string;
  pid: number;
  mode: LoginMode;
  /** Random per attempt: binds the state to the browser (cookie) and derives the PKCE verifier. */
  nonce: string;
  /** Issued at, epoch milliseconds. */
  iat: number;
}

/** A login attempt may take this long between the authorize URL and the code exchange. */
export const STATE_MAX_AGE_MS = 60 * 60 * 1000;

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const mac = (key: Uint8Array, purpose: string, value: string) =>
  createHmac('sha256', key).update(`${purpose}:${value}`).digest();

/** A fresh random nonce for one login attempt. */
export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

/** Encodes and signs the state: `<payload>.<hmac>`, both base64url; readable but tamper-evident. */
export function signState(state: LoginState, key: Uint8Array): string {
  const payload = b64(JSON.stringify(state));
  return `${payload}.${b64(mac(key, 'state', payload))}`;
}

/** The state if its signature is ours, its shape right and its age under the limit; else null. */
export function verifyState(token: string, key: Uint8Array, now: number): LoginState | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(key, 'state', payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: Partial<LoginState>;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<LoginState>;
  } catch {
    return null;
  }
  if (
    typeof parsed.goto !== 'string' ||
    typeof parsed.nonce !== 'string' ||
    typeof parsed.iat !== 'number' ||
    !LOGIN_MODES.includes(parsed.mode as LoginMode)
  )
    return null;
  if (now - parsed.iat > STATE_MAX_AGE_MS || parsed.iat - now > 60_000) return null;
  return parsed as LoginState;
}

/** The PKCE verifier of an attempt, derived from its nonce so no server-side storage is needed. */
export function pkceVerifier(nonce: string, key: Uint8Array): string {
  return b64(mac(key, 'pkce', nonce)); // 43 characters, inside RFC 7636's 43..128
}

/**
 * Resolves `goto` against our public origin and returns it only when it stays on that origin (no
 * open redirect): relative paths are fine; other hosts, protocol-relative and script URLs are not.
 */
export function safeGoto(goto: string, publicOrigin: string): string | null {
  // Backslashes and control characters are read differently by browsers and URL parsers.
  if ([...goto].some((c) => c === '\\' || c.charCodeAt(0) < 0x20)) return null;
  let url: URL;
  try {
    url = new URL(goto, publicOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicOrigin).origin) return null;
  url.hash = '';
  return url.href;
}
