import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { ACCOUNTS_PATH } from './accounts.provider';

/** Header marking our own in-process calls to the provider (see injectFetch). */
export const INTERNAL_HEADER = 'x-ai-covers-internal';

/**
 * The provider's protocol endpoints that relying parties reach from their own site or server: the
 * authorization and logout endpoints take form posts from another site's page (OpenID Connect
 * allows it), the others authenticate the client or the token themselves.
 */
const PROTOCOL_ENDPOINTS = ['/auth', '/session/end', '/token', '/token/revocation', '/me'];

/**
 * Hands every other /accounts request to the provider's Koa app. The scope drops Fastify's body
 * parsers so the provider reads the raw request stream itself, and strips the mount prefix the way
 * Express does (originalUrl keeps it, so the provider builds its own URLs with /accounts).
 */
export function providerMount(provider: Provider, internalToken: string, issuer: string) {
  const callback = provider.callback();
  const publicUrl = new URL(issuer);
  return async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(ACCOUNTS_PATH.length) || '/';
      // The provider trusts X-Forwarded-* for the addresses it writes (redirects, discovery):
      // they are set from the issuer here, so a request's Host never chooses them.
      raw.headers['x-forwarded-host'] = publicUrl.host;
      raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
      raw.headers['x-forwarded-for'] = request.ip;
      await callback(raw, reply.raw);
    };
    // Our own code exchanges arrive in-process from 127.0.0.1; they must not use up the global
    // per-IP budget that protects the provider from browsers.
    const rateLimit = {
      allowList: (request: FastifyRequest) => request.headers[INTERNAL_HEADER] === internalToken,
    };
    // One route, so every provider endpoint shares one per-IP budget.
    const crossSite = (request: FastifyRequest) =>
      PROTOCOL_ENDPOINTS.includes(request.url.split('?')[0]!.slice(ACCOUNTS_PATH.length));
    scope.all(`${ACCOUNTS_PATH}/*`, { schema: { hide: true }, config: { rateLimit, crossSite } }, handler);
  };
}
