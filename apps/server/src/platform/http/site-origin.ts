import type { Settings } from '../../config';

/** Our public origin: PUBLIC_URL's, else http://localhost:PORT. Absolute URLs start here. */
export function publicOrigin(settings: Pick<Settings, 'PUBLIC_URL' | 'PORT'>): string {
  return new URL(settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).origin;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins that are this product: the public origin, and when that is a loopback address,
 * every loopback name at the same scheme and port (a browser on the machine may use any of them).
 */
export function ownOrigins(origin: string): Set<string> {
  const url = new URL(origin);
  const own = new Set([url.origin]);
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS)
      own.add(new URL(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`).origin);
  }
  return own;
}
