import { isOutOfSpace } from '../../platform/disk/space';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import type { AccountsService } from './accounts.service';
import { ACCOUNTS_PATH } from './accounts.provider';
import { pageText, pickLang, throttledText, type PageKey, type PageLang } from './accounts.i18n';
import {
  ASSETS,
  cookieCheckPage,
  forgotPage,
  loginPage,
  messagePage,
  overviewPage,
  registerPage,
  resetPage,
  verifyPendingPage,
} from './accounts.pages';
import { readPending, signPending } from './accounts.pending';

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
const langQuery = z.object({
  lang: z.string().max(16).optional(),
  token: z.string().max(256).optional(),
  /** The product page to go back to (only our own origin is ever linked). */
  goto: z.string().max(2048).optional(),
  /** The sign-in a "forgot password" page came from. */
  uid: uidParams.shape.uid.optional(),
});
const emailBody = z.object({ email: z.string().max(1024).default('') });
const resetBody = z.object({
  token: z.string().max(256).default(''),
  password: z.string().max(1024).default(''),
});
const pendingBody = z.object({ pending: z.string().max(256).default('') });

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const REGISTER_ERRORS: Record<string, PageKey> = {
  email_invalid: 'errEmailInvalid',
  password_short: 'errPasswordShort',
  password_long: 'errPasswordLong',
  email_taken: 'errEmailTaken',
};

/** Whole minutes to show in "try again in N minutes". */
const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

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
  /** The product's start page (BASE_PATH + '/'): the way back when no product page is known. */
  home: string;
  /** Signs the account of a sign-in that waits for e-mail verification. */
  pendingKey: string;
}): FastifyPluginAsyncZod {
  const { provider, service, home } = deps;
  const ownOrigin = new URL(deps.issuer).origin;
  /** A page of our own site to link back to, or undefined for anything else (no open redirect). */
  const ownPage = (value: unknown): string | undefined => {
    if (typeof value !== 'string' || value === '') return undefined;
    try {
      const url = new URL(value, ownOrigin);
      return url.origin === ownOrigin && /^https?:$/.test(url.protocol) ? url.href : undefined;
    } catch {
      return undefined;
    }
  };

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
    return html(reply, messagePage(lang, 'errorTitle', pageText(lang)('expired')), 400);
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

  /** REQUIRE_EMAIL_VERIFICATION: the sign-in waits on a page that can continue it or resend the link. */
  async function pending(
    reply: FastifyReply,
    details: Interaction,
    lang: PageLang,
    accountId: string,
    extra: { notice?: string; error?: string; status?: number } = {},
  ) {
    const account = await service.findAccount(accountId);
    const page = verifyPendingPage({
      uid: details.uid,
      lang,
      email: account?.email ?? '',
      pending: signPending(deps.pendingKey, details.uid, accountId),
      ...(extra.notice ? { notice: extra.notice } : {}),
      ...(extra.error ? { error: extra.error } : {}),
    });
    return html(reply, page, extra.status ?? 200);
  }

  /** The live interaction and the account its signed pending field names, or null. */
  async function pendingAccount(
    request: FastifyRequest<{ Params: { uid: string }; Body: { pending: string } }>,
    reply: FastifyReply,
  ) {
    const details = await interaction(request, reply, request.params.uid);
    if (!details) return null;
    const accountId = readPending(deps.pendingKey, details.uid, request.body.pending);
    const account = accountId ? await service.findAccount(accountId) : undefined;
    return account ? { details, account } : null;
  }

  return async (app) => {
    app.get(
      '/accounts/interaction/:uid',
      { schema: { params: uidParams, hide: true } },
      async (request, reply) => {
        const details = await interaction(request, reply, request.params.uid);
        if (!details) return expired(request, reply);
        const lang = langOfInteraction(details);
        if (details.prompt.name === 'login')
          return html(reply, loginPage({ uid: details.uid, lang, goto: ownPage(details.params.goto) }));
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
        if (result.ok && service.mustVerify(result)) return pending(reply, details, lang, result.accountId);
        if (result.ok) return finishLogin(request, reply, result.accountId);
        if (result.error === 'throttled') {
          reply.header('retry-after', String(result.retryAfterSeconds));
          return html(
            reply,
            loginPage({
              uid: details.uid,
              lang,
              email,
              goto: ownPage(details.params.goto),
              error: throttledText(lang, minutes(result.retryAfterSeconds)),
            }),
            429,
          );
        }
        return html(
          reply,
          loginPage({
            uid: details.uid,
            lang,
            email,
            goto: ownPage(details.params.goto),
            error: t('errInvalid'),
          }),
          401,
        );
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
          result = await service.register({ email, password, lang, goto: ownPage(details.params.goto) });
        } catch (error) {
          if (!isOutOfSpace(error)) throw error;
          const full = pageText(lang)('errOutOfSpace');
          return html(reply, registerPage({ uid: details.uid, lang, email, error: full }), 503);
        }
        if (result.ok && service.mustVerify({ verified: false }))
          return pending(reply, details, lang, result.accountId);
        if (result.ok) return finishLogin(request, reply, result.accountId);
        const error = pageText(lang)(REGISTER_ERRORS[result.error]!);
        return html(
          reply,
          registerPage({ uid: details.uid, lang, email, error }),
          result.error === 'email_taken' ? 409 : 400,
        );
      },
    );

    app.post(
      '/accounts/interaction/:uid/continue',
      { schema: { params: uidParams, body: pendingBody, hide: true } },
      async (request, reply) => {
        const found = await pendingAccount(request, reply);
        if (!found) return expired(request, reply);
        const { details, account } = found;
        if (!service.mustVerify(account)) return finishLogin(request, reply, account.id);
        const lang = langOfInteraction(details);
        return pending(reply, details, lang, account.id, {
          error: pageText(lang)('notVerifiedYet'),
          status: 403,
        });
      },
    );

    app.post(
      '/accounts/interaction/:uid/resend',
      { schema: { params: uidParams, body: pendingBody, hide: true } },
      async (request, reply) => {
        const found = await pendingAccount(request, reply);
        if (!found) return expired(request, reply);
        const { details, account } = found;
        const lang = langOfInteraction(details);
        const t = pageText(lang);
        const sent = await service.resendVerification(account.id, lang, ownPage(details.params.goto));
        if (sent.ok) return pending(reply, details, lang, account.id, { notice: t('resent') });
        reply.header('retry-after', String(sent.retryAfterSeconds));
        return pending(reply, details, lang, account.id, {
          error: throttledText(lang, minutes(sent.retryAfterSeconds)),
          status: 429,
        });
      },
    );

    app.get(
      '/accounts/forgot',
      { schema: { querystring: langQuery, hide: true } },
      async (request, reply) => {
        const lang = pickLang(request.query.lang ?? request.headers['accept-language']);
        return html(
          reply,
          forgotPage({ lang, uid: request.query.uid, goto: ownPage(request.query.goto), home }),
        );
      },
    );

    app.post(
      '/accounts/forgot',
      { schema: { querystring: langQuery, body: emailBody, hide: true } },
      async (request, reply) => {
        const lang = pickLang(request.query.lang ?? request.headers['accept-language']);
        const t = pageText(lang);
        const { uid } = request.query;
        const { email } = request.body;
        // The product page the sign-in started on: the reset link leads back to it.
        const goto = ownPage(request.query.goto);
        const result = await service.requestPasswordReset({ email, ip: request.ip, lang, goto });
        if (!result.ok && result.error === 'email_invalid')
          return html(reply, forgotPage({ lang, uid, goto, home, email, error: t('errEmailInvalid') }), 400);
        if (!result.ok) {
          reply.header('retry-after', String(result.retryAfterSeconds));
          const error = throttledText(lang, minutes(result.retryAfterSeconds));
          return html(reply, forgotPage({ lang, uid, goto, home, email, error }), 429);
        }
        // Sent after the answer, so its timing cannot tell whether the account exists.
        result.delivery.catch((error: unknown) => request.log.error({ err: error }, 'reset mail not sent'));
        return html(reply, forgotPage({ lang, uid, goto, home, email, sent: true }));
      },
    );

    /** A used, expired or unknown reset link: say so and offer to ask again. */
    const badResetLink = (reply: FastifyReply, lang: PageLang) => {
      const t = pageText(lang);
      return html(
        reply,
        messagePage(lang, 'errorTitle', t('resetBad'), undefined, [
          { href: `/accounts/forgot?lang=${lang}`, text: t('askAgain') },
          { href: home, text: t('backToProduct') },
        ]),
        400,
      );
    };

    app.get('/accounts/reset', { schema: { querystring: langQuery, hide: true } }, async (request, reply) => {
      const lang = pickLang(request.query.lang);
      const token = request.query.token ?? '';
      if (!(await service.resetTokenValid(token))) return badResetLink(reply, lang);
      return html(reply, resetPage({ lang, token, goto: ownPage(request.query.goto) }));
    });

    app.post(
      '/accounts/reset',
      { schema: { querystring: langQuery, body: resetBody, hide: true } },
      async (request, reply) => {
        const lang = pickLang(request.query.lang);
        const t = pageText(lang);
        const goto = ownPage(request.query.goto);
        const { token, password } = request.body;
        const result = await service.resetPassword({ token, password });
        if (!result.ok && result.error === 'token_bad') return badResetLink(reply, lang);
        if (!result.ok) {
          const error = t(REGISTER_ERRORS[result.error]!);
          return html(reply, resetPage({ lang, token, goto, error }), 400);
        }
        return html(
          reply,
          messagePage(lang, 'resetTitle', t('resetDone'), undefined, [
            { href: goto ?? home, text: t('backToProduct') },
          ]),
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
        // Always a way on: back to the product page the sign-up started from (else the start
        // page); after a bad link also the account page, where a new link can be sent.
        const back = { href: ownPage(request.query.goto) ?? home, text: t('backToProduct') };
        const actions = ok
          ? [back]
          : [back, { href: `/accounts/account?lang=${lang}`, text: t('overviewTitle') }];
        return html(
          reply,
          messagePage(
            lang,
            ok ? 'verified' : 'errorTitle',
            ok ? t('verifyOk') : t('verifyBad'),
            undefined,
            actions,
          ),
          ok ? 200 : 400,
        );
      },
    );

    app.get(
      '/accounts/account',
      { schema: { querystring: langQuery, hide: true } },
      async (request, reply) => {
        const account = await signedInAccount(provider, service, request.raw, reply);
        const lang = pickLang(request.query.lang ?? account?.lang ?? request.headers['accept-language']);
        return html(
          reply,
          overviewPage({
            lang,
            home,
            email: account?.email ?? null,
            verified: Boolean(account?.emailVerifiedAt),
          }),
        );
      },
    );

    app.post(
      '/accounts/account/resend',
      { schema: { querystring: langQuery, hide: true } },
      async (request, reply) => {
        // A cross-site form must not trigger mail: the browser's Origin has to be our own host.
        const origin = request.headers.origin;
        if (origin && new URL(origin).host !== request.host) {
          const lang = pickLang(request.query.lang ?? request.headers['accept-language']);
          return html(reply, messagePage(lang, 'errorTitle', pageText(lang)('forbidden')), 403);
        }
        const account = await signedInAccount(provider, service, request.raw, reply);
        const lang = pickLang(request.query.lang ?? account?.lang ?? request.headers['accept-language']);
        const t = pageText(lang);
        // Without a language in the address the mail goes out in the account's own.
        const mailLang = request.query.lang ? lang : undefined;
        const sent = account ? await service.resendVerification(account.id, mailLang) : undefined;
        if (sent && !sent.ok) reply.header('retry-after', String(sent.retryAfterSeconds));
        return html(
          reply,
          overviewPage({
            lang,
            home,
            email: account?.email ?? null,
            verified: Boolean(account?.emailVerifiedAt),
            notice: sent && !sent.ok ? throttledText(lang, minutes(sent.retryAfterSeconds)) : t('resent'),
          }),
          sent && !sent.ok ? 429 : 200,
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
