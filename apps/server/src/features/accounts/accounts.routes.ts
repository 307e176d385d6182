import { isOutOfSpace } from '../../platform/disk/space';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import type { AccountsService } from './accounts.service';
import { ACCOUNTS_PATH } from './accounts.provider';
import { pageText, pickLang, throttledText, type PageLang, type PageText } from './accounts.i18n';
import {
  ASSETS,
  cookieCheckPage,
  loginPage,
  messagePage,
  overviewPage,
  registerPage,
} from './accounts.pages';

/** Header marking our own in-process calls to the provider (see injectFetch). */
export const INTERNAL_HEADER = 'x-ai-covers-internal';

const uidParams = z.object({
  uid: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'uid is invalid'),
});
const credentialsBody = z.object({
  email: z.string().max(1024).default(''),
  password: z.string().max(1024).default(''),
});
const langQuery = z.object({ lang: z.string().max(16).optional(), token: z.string().max(256).optional() });

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const REGISTER_ERRORS: Record<string, keyof PageText> = {
  email_invalid: 'errEmailInvalid',
  password_short: 'errPasswordShort',
  password_long: 'errPasswordLong',
  email_taken: 'errEmailTaken',
};

/**
 * The embedded account provider under /accounts: our own pages (sign in, create account, account
 * overview, e-mail verification, cookie check) plus oidc-provider's endpoints for everything else.
 */
export function accountsRoutes(deps: {
  provider: Provider;
  service: AccountsService;
  /** Requests carrying this value in INTERNAL_HEADER come from our own client (in-process). */
  internalToken: string;
  /** The issuer URL (PUBLIC_URL + /accounts): the provider's own addresses are built from it. */
  issuer: string;
}): FastifyPluginAsyncZod {
  const { provider, service } = deps;

  /** The live interaction of this browser, or null when it expired or belongs to another browser. */
  async function interaction(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
  ): Promise<Interaction | null> {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === uid ? details : null;
    } catch (error) {
      if (error instanceof oidcErrors.SessionNotFound || error instanceof oidcErrors.InvalidRequest)
        return null;
      throw error;
    }
  }
  const langOfInteraction = (details: Interaction): PageLang =>
    pickLang(details.params.ui_locales ?? details.params.lang);
  // Without a live interaction the page language comes from the browser.
  const expired = (request: FastifyRequest, reply: FastifyReply) => {
    const lang = pickLang(request.headers['accept-language']);
    return html(reply, messagePage(lang, 'errorTitle', pageText(lang).expired), 400);
  };

  /** Ends the interaction as signed in and sends the browser back to the provider to finish. */
  async function finishLogin(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  }

  return async (app) => {
    app.get(
      '/accounts/interaction/:uid',
      { schema: { params: uidParams, hide: true } },
      async (request, reply) => {
        const details = await interaction(request, reply, request.params.uid);
        if (!details) return expired(request, reply);
        const lang = langOfInteraction(details);
        if (details.prompt.name === 'login') return html(reply, loginPage({ uid: details.uid, lang }));
        // Any other prompt (consent) is settled by loadExistingGrant for our own client.
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          {},
          { mergeWithLastSubmission: true },
        );
        return reply.redirect(returnTo, 303);
      },
    );

    app.get(
      '/accounts/interaction/:uid/register',
      { schema: { params: uidParams, hide: true } },
      async (request, reply) => {
        const details = await interaction(request, reply, request.params.uid);
        if (!details) return expired(request, reply);
        return html(reply, registerPage({ uid: details.uid, lang: langOfInteraction(details) }));
      },
    );

    app.post(
      '/accounts/interaction/:uid/login',
      { schema: { params: uidParams, body: credentialsBody, hide: true } },
      async (request, reply) => {
        const details = await interaction(request, reply, request.params.uid);
        if (!details) return expired(request, reply);
        const lang = langOfInteraction(details);
        const t = pageText(lang);
        const { email, password } = request.body;
        const result = await service.authenticate({ email, password, ip: request.ip });
        if (result.ok) return finishLogin(request, reply, result.accountId);
        if (result.error === 'throttled') {
          const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
          reply.header('retry-after', String(result.retryAfterSeconds));
          return html(
            reply,
            loginPage({ uid: details.uid, lang, email, error: throttledText(lang, minutes) }),
            429,
          );
        }
        return html(reply, loginPage({ uid: details.uid, lang, email, error: t.errInvalid }), 401);
      },
    );

    app.post(
      '/accounts/interaction/:uid/register',
      { schema: { params: uidParams, body: credentialsBody, hide: true } },
      async (request, reply) => {
        const details = await interaction(request, reply, request.params.uid);
        if (!details) return expired(request, reply);
        const lang = langOfInteraction(details);
        const { email, password } = request.body;
        let result;
        try {
          result = await service.register({ email, password, lang });
        } catch (error) {
          if (!isOutOfSpace(error)) throw error;
          const full = pageText(lang).errOutOfSpace;
          return html(reply, registerPage({ uid: details.uid, lang, email, error: full }), 503);
        }
        if (result.ok) return finishLogin(request, reply, result.accountId);
        const error = pageText(lang)[REGISTER_ERRORS[result.error]!];
        return html(
          reply,
          registerPage({ uid: details.uid, lang, email, error }),
          result.error === 'email_taken' ? 409 : 400,
        );
      },
    );

    app.get(
      '/accounts/verify',
      { schema: { querystring: langQuery, hide: true } },
      async (request, reply) => {
        const lang = pickLang(request.query.lang);
        const ok = await service.verifyEmail(request.query.token ?? '');
        const t = pageText(lang);
        return html(
          reply,
          messagePage(lang, ok ? 'verified' : 'errorTitle', ok ? t.verifyOk : t.verifyBad),
          ok ? 200 : 400,
        );
      },
    );

    app.get(
      '/accounts/account',
      { schema: { querystring: langQuery, hide: true } },
      async (request, reply) => {
        const lang = pickLang(request.query.lang);
        const account = await signedInAccount(provider, service, request.raw, reply);
        return html(
          reply,
          overviewPage({ lang, email: account?.email ?? null, verified: Boolean(account?.emailVerifiedAt) }),
        );
      },
    );

    app.post(
      '/accounts/account/resend',
      { schema: { querystring: langQuery, hide: true } },
      async (request, reply) => {
        const lang = pickLang(request.query.lang);
        // A cross-site form must not trigger mail: the browser's Origin has to be our own host.
        const origin = request.headers.origin;
        if (origin && new URL(origin).host !== request.host)
          return html(reply, messagePage(lang, 'errorTitle', pageText(lang).forbidden), 403);
        const account = await signedInAccount(provider, service, request.raw, reply);
        if (account) await service.resendVerification(account.id, lang);
        return html(
          reply,
          overviewPage({
            lang,
            email: account?.email ?? null,
            verified: Boolean(account?.emailVerifiedAt),
            notice: pageText(lang).resent,
          }),
        );
      },
    );

    app.get('/accounts', { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect('/accounts/account'),
    );

    app.get('/accounts/cookie-check', { schema: { hide: true } }, async (_request, reply) =>
      html(reply, cookieCheckPage()),
    );

    app.get(
      '/accounts/assets/:name',
      { schema: { params: z.object({ name: z.string().max(64) }), hide: true } },
      async (request, reply) => {
        const body = ASSETS[request.params.name];
        if (!body) return reply.code(404).send({ code: 40004, data: null, msg: 'Not found' });
        return reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(body);
      },
    );

    await app.register(providerMount(provider, deps.internalToken, deps.issuer));
  };
}

/** The account signed in to the provider in this browser, if any. */
async function signedInAccount(
  provider: Provider,
  service: AccountsService,
  req: IncomingMessage,
  reply: FastifyReply,
) {
  const ctx = provider.app.createContext(req, reply.raw);
  const session = await provider.Session.get(ctx as never);
  return session.accountId ? service.findAccount(session.accountId) : undefined;
}

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
function providerMount(provider: Provider, internalToken: string, issuer: string) {
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
