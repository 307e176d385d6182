import type { FastifyInstance } from 'fastify';

/** Other names of this machine's loopback that a browser may be given instead of `localhost`. */
const LOOPBACK_ALIASES = new Set(['127.0.0.1', '[::1]']);

/** The address the app is opened at when PUBLIC_URL is not set. */
export function defaultPublicUrl(port: number): string {
  return `http://localhost:${port}`;
}

/**
 * Where a page request should go instead, or null to serve it. Sign-in only works on the public
 * origin (its cookies and return addresses live there), so with the default PUBLIC_URL a page
 * opened at 127.0.0.1 or [::1] on our own port is sent to the same page at localhost. The target
 * is always the fixed default origin: the Host header only decides whether to redirect.
 */
export function canonicalRedirect(
  host: string | undefined,
  url: string,
  opts: { port: number; apiPrefix: string },
): string | null {
  if (!host) return null;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  if (!match) return null;
  const [, name, port] = match;
  if (!LOOPBACK_ALIASES.has(name!) || Number(port ?? 80) !== opts.port) return null;
  // API calls keep their answers (a redirect would drop a POST's body); only pages move.
  if (url === opts.apiPrefix || url.startsWith(`${opts.apiPrefix}/`)) return null;
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  return defaultPublicUrl(opts.port) + url;
}

/** Installs the redirect of page requests to the canonical loopback name (default PUBLIC_URL only). */
export function installCanonicalHost(app: FastifyInstance, opts: { port: number; basePath: string }): void {
  const apiPrefix = `${opts.basePath}/v1`;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const target = canonicalRedirect(request.headers.host, request.url, { port: opts.port, apiPrefix });
    if (target) return reply.redirect(target, 308);
  });
}

/** What `npm start` prints: the address to open, and the setting that changes it. */
export function startBanner(settings: {
  PUBLIC_URL?: string | undefined;
  PORT: number;
  BASE_PATH: string;
}): string {
  const base = (settings.PUBLIC_URL ?? defaultPublicUrl(settings.PORT)).replace(/\/+$/, '');
  const open = `${base}${settings.BASE_PATH}/`;
  if (settings.PUBLIC_URL) return `AI Covers is running. Open ${open} (set by PUBLIC_URL).`;
  return [
    `AI Covers is running. Open ${open}`,
    'To serve it at another address (a domain, or this machine on your network), set PUBLIC_URL,',
    'for example: PUBLIC_URL=https://covers.example.com npm start',
  ].join('\n');
}
