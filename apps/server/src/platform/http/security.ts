import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { installSecurityHeaders } from './security-headers';
import { Code } from '@ai-covers/contracts';

/** The CSP the built web app runs under: no inline script, no third-party origins. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/** Helmet's options: its defaults, our CSP, and no Cross-Origin-Embedder-Policy. */
export const SECURITY_HEADER_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  crossOriginEmbedderPolicy: false,
  // Nothing leaves for other sites (as with no-referrer), but our own form posts carry our
  // Origin, which the cross-site check reads (with no-referrer a browser sends Origin: null).
  referrerPolicy: { policy: 'same-origin' },
} as const;

export async function installSecurity(app: FastifyInstance, opts: { ratePerMinute: number }): Promise<void> {
  installSecurityHeaders(app, SECURITY_HEADER_OPTIONS);
  // A request whose connection closed before its hooks ran has no client address left, which the
  // rate limiter cannot count (it would throw: a 500). Its answer goes nowhere: end it here.
  app.addHook('onRequest', async (request, reply) => {
    if (request.ip === undefined)
      return reply.code(400).send({ code: Code.error, data: null, msg: 'The connection was closed' });
  });
  await app.register(rateLimit, {
    global: true,
    max: opts.ratePerMinute,
    timeWindow: '1 minute',
    // Only the API counts: the app's own static files (a page load fetches a dozen) never do.
    allowList: (request) => !/^\/(v1|vapi|api|accounts|storage)\//.test(request.url),
    // The error handler turns this into the envelope with HTTP 429.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, retry in ${context.after}`,
    }),
  });
}
