import { PRODUCT, TIMING } from '@ai-covers/contracts';

/** Prefixes a key with 'ai-covers.' so the app never collides with a sibling tool on the same origin (§3). */
export function storageKey(name: string): string {
  return PRODUCT.storagePrefix + name;
}

/** Reads a prefixed local-storage value; null when absent or when storage is blocked. */
export function readLocal(name: string): string | null {
  try {
    return localStorage.getItem(storageKey(name));
  } catch {
    return null;
  }
}

/** Writes (or with null removes) a prefixed local-storage value; silently ignores blocked storage. */
export function writeLocal(name: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(storageKey(name));
    else localStorage.setItem(storageKey(name), value);
  } catch {
    // Private mode or disabled storage: the app keeps working without persistence.
  }
}

/** Reads a prefixed session-storage value. */
export function readSession(name: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(name));
  } catch {
    return null;
  }
}

/** Writes (or with null removes) a prefixed session-storage value. */
export function writeSession(name: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(storageKey(name));
    else sessionStorage.setItem(storageKey(name), value);
  } catch {
    // See writeLocal.
  }
}

/** Sets a cookie on the current path root that lives `days` days. */
export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

/** Reads a cookie by name, or null. */
export function readCookie(name: string): string | null {
  const wanted = encodeURIComponent(name) + '=';
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(wanted)) return decodeURIComponent(item.slice(wanted.length));
  }
  return null;
}

/**
 * Returns the visitor uuid, creating it when missing (§4). It lives in local storage and in a
 * 14-day cookie, and either copy restores the other.
 */
export function ensureVisitorId(): string {
  const key = storageKey('uuid');
  const existing = readLocal('uuid') ?? readCookie(key);
  const id = existing ?? crypto.randomUUID();
  writeLocal('uuid', id);
  writeCookie(key, id, TIMING.uuidCookieDays);
  return id;
}

/**
 * The session id (§3: session storage): one per tab session, created on first use and gone when
 * the tab closes. Analytics sends it with every batch, so events can be read per visit.
 */
export function ensureSessionId(): string {
  const existing = readSession('session_id');
  if (existing) return existing;
  const id = crypto.randomUUID();
  writeSession('session_id', id);
  return id;
}
