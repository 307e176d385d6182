import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type Provider from 'oidc-provider';
import type { AccountsService } from './accounts.service';
import { pageText, pickLang, throttledText, type PageLang } from './accounts.i18n';
import { html, langQuery, minutes, ownPageOf, type AccountsRouteDeps } from './accounts.http';
import { ASSETS, cookieCheckPage, messagePage, overviewPage } from './accounts.pages';

/**
 * The signed-in account outside a sign-in: the overview page (`/accounts/account`) with its
 * "send the link again", the e-mail verification link, the cookie-check frame and the pages' scripts.
 */
export function accountRoutes(
  deps: Pick<AccountsRouteDeps, 'provider' | 'service' | 'issuer' | 'home'>,
): FastifyPluginAsyncZod {
  const { provider, service, home } = deps;
  const ownPage = ownPageOf(deps.issuer);

  /** The page's language: the address's `lang`, else the account's, else the browser's. */
  const langOf = (request: FastifyRequest<{ Querystring: { lang?: string } }>, account?: Account) =>
    pickLang(request.query.lang ?? account?.lang ?? request.headers['accept-language']);

  /** The account page: who is signed in (or that nobody is) and whether the e-mail is verified. */
  const overview = (reply: FastifyReply, lang: PageLang, account?: Account, notice?: string, status = 200) =>
    html(
      reply,
      overviewPage({
        lang,
        home,
        email: account?.email ?? null,
        verified: Boolean(account?.emailVerifiedAt),
        ...(notice ? { notice } : {}),
      }),
      status,
    );

  return async (app) => {
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
        return overview(reply, langOf(request, account), account);
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
        const lang = langOf(request, account);
        // Without a language in the address the mail goes out in the account's own.
        const mailLang = request.query.lang ? lang : undefined;
        const sent = account ? await service.resendVerification(account.id, mailLang) : undefined;
        if (!sent || sent.ok) return overview(reply, lang, account, pageText(lang)('resent'));
        reply.header('retry-after', String(sent.retryAfterSeconds));
        return overview(reply, lang, account, throttledText(lang, minutes(sent.retryAfterSeconds)), 429);
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
  };
}

type Account = Awaited<ReturnType<typeof signedInAccount>>;

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
