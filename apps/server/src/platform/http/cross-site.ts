import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '@ai-covers/contracts';
import { AppError } from './app-error';
import { ownOrigins } from './site-origin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * True for routes other sites or servers call by design (payment webhooks, the object
     * store's signed uploads and callbacks, the account provider's protocol endpoints). They
     * authenticate every call themselves and never act on cookies alone. A function decides per
     * request, for one route that serves several endpoints.
     */
    crossSite?: boolean | ((request: FastifyRequest) => boolean);
  }
}

/** Methods a browser sends cross-site without asking first are POSTs; every non-GET is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused';

/** Where a browser says a request comes from: our own site, another one, or it does not say. */
export type RequestSite = 'own' | 'foreign' | 'unknown';

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Reads Origin, else Referer, else Sec-Fetch-Site. `Origin: null` (a sandboxed frame, a page
 * that sends no referrer) counts as foreign unless Sec-Fetch-Site says same-origin. No header at
 * all is not a browser's cross-site request (curl, servers, in-process calls): unknown.
 */
export function requestSite(
  headers: FastifyRequest['headers'],
  isOwn: (origin: string) => boolean,
): RequestSite {
  const one = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const origin = one('origin');
  if (origin && origin !== 'null') {
    const o = originOf(origin);
    return o && isOwn(o) ? 'own' : 'foreign';
  }
  const referer = one('referer');
  if (referer) {
    const o = originOf(referer);
    return o && isOwn(o) ? 'own' : 'foreign';
  }
  const fetchSite = one('sec-fetch-site');
  if (fetchSite === 'same-origin') return 'own';
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return 'foreign';
  return origin === 'null' ? 'foreign' : 'unknown';
}

/**
 * Refuses state-changing requests that another site's page made a browser send (a form post
 * carrying the visitor cookie). Our own site is PUBLIC_URL's origin (every loopback name at its
 * port when it is a loopback URL); without PUBLIC_URL, also the address the request was sent to.
 */
export function installCrossSiteCheck(
  app: FastifyInstance,
  opts: { publicUrl: string | undefined; origin: string },
) {
  const own = ownOrigins(opts.origin);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const open = request.routeOptions.config?.crossSite;
    if (open === true || (typeof open === 'function' && open(request))) return;
    const isOwn = (origin: string) =>
      own.has(origin) || (!opts.publicUrl && new URL(origin).host === request.host);
    if (requestSite(request.headers, isOwn) === 'foreign')
      throw new AppError(Code.error, CROSS_SITE_MESSAGE, 403);
  });
}
