import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageText, pickLang, throttledText, type PageLang } from './accounts.i18n';
import {
  html,
  langQuery,
  minutes,
  ownPageOf,
  REGISTER_ERRORS,
  type AccountsRouteDeps,
} from './accounts.http';
import { forgotPage, messagePage, resetPage } from './accounts.pages';

const emailBody = z.object({ email: z.string().max(1024).default('') });
const resetBody = z.object({
  token: z.string().max(256).default(''),
  password: z.string().max(1024).default(''),
});

/** A forgotten password: ask for a reset link (`/accounts/forgot`), then choose a new one (`/accounts/reset`). */
export function passwordRoutes(
  deps: Pick<AccountsRouteDeps, 'service' | 'issuer' | 'home'>,
): FastifyPluginAsyncZod {
  const { service, home } = deps;
  const ownPage = ownPageOf(deps.issuer);

  return async (app) => {
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
  };
}
