import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import { isOutOfSpace } from '../../platform/disk/space';
import { pageText, pickLang, throttledText, type PageLang } from './accounts.i18n';
import {
  html,
  minutes,
  ownPageOf,
  REGISTER_ERRORS,
  uidParams,
  type AccountsRouteDeps,
} from './accounts.http';
import { loginPage, messagePage, registerPage, verifyPendingPage } from './accounts.pages';
import { readPending, signPending } from './accounts.pending';

const credentialsBody = z.object({
  email: z.string().max(1024).default(''),
  password: z.string().max(1024).default(''),
});
const pendingBody = z.object({ pending: z.string().max(256).default('') });
/** The pending field of a sign-up whose address had an account: it names that account, marked. */
const TAKEN = 'taken-';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * One sign-in of the provider (an OIDC interaction, `/accounts/interaction/:uid`): the sign-in and
 * create-account forms, and the page a sign-in waits on until the e-mail is confirmed.
 */
export function interactionRoutes(
  deps: Pick<AccountsRouteDeps, 'provider' | 'service' | 'issuer' | 'pendingKey'>,
): FastifyPluginAsyncZod {
  const { provider, service } = deps;
  const ownPage = ownPageOf(deps.issuer);

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

  /**
   * REQUIRE_EMAIL_VERIFICATION: the sign-in waits on a page that can continue it or resend the link.
   * A sign-up with an address that has an account gets the same page (`taken`): it never continues,
   * and its "resend" mails the owner again; nothing on it tells the two apart.
   */
  async function pending(
    reply: FastifyReply,
    details: Interaction,
    lang: PageLang,
    accountId: string,
    extra: { notice?: string; error?: string; status?: number; taken?: boolean } = {},
  ) {
    const account = await service.findAccount(accountId);
    const signed = extra.taken ? `${TAKEN}${accountId}` : accountId;
    const page = verifyPendingPage({
      uid: details.uid,
      lang,
      email: account?.email ?? '',
      pending: signPending(deps.pendingKey, details.uid, signed),
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
    const signed = readPending(deps.pendingKey, details.uid, request.body.pending);
    const taken = signed?.startsWith(TAKEN) === true;
    const accountId = taken ? signed!.slice(TAKEN.length) : signed;
    const account = accountId ? await service.findAccount(accountId) : undefined;
    return account ? { details, account, taken } : null;
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
        // The form again, with what was typed and why it failed.
        const refused = (error: string, status: number) =>
          html(
            reply,
            loginPage({ uid: details.uid, lang, email, goto: ownPage(details.params.goto), error }),
            status,
          );
        if (result.error !== 'throttled') return refused(t('errInvalid'), 401);
        reply.header('retry-after', String(result.retryAfterSeconds));
        return refused(throttledText(lang, minutes(result.retryAfterSeconds)), 429);
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
        const verifying = service.mustVerify({ verified: false });
        if (result.ok && verifying) return pending(reply, details, lang, result.accountId);
        if (result.ok) return finishLogin(request, reply, result.accountId);
        // Where e-mail is verified, a taken address reads exactly like a new one; the mail to its
        // owner says what happened. Without verification a new account is signed in at once, so
        // no answer could read the same: the form says the address is taken.
        if (result.error === 'email_taken' && verifying)
          return pending(reply, details, lang, result.accountId, { taken: true });
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
        const { details, account, taken } = found;
        if (!taken && !service.mustVerify(account)) return finishLogin(request, reply, account.id);
        const lang = langOfInteraction(details);
        return pending(reply, details, lang, account.id, {
          error: pageText(lang)('notVerifiedYet'),
          status: 403,
          taken,
        });
      },
    );

    app.post(
      '/accounts/interaction/:uid/resend',
      { schema: { params: uidParams, body: pendingBody, hide: true } },
      async (request, reply) => {
        const found = await pendingAccount(request, reply);
        if (!found) return expired(request, reply);
        const { details, account, taken } = found;
        const lang = langOfInteraction(details);
        const t = pageText(lang);
        const sent = taken
          ? await service.resendTakenNotice(account.id, lang)
          : await service.resendVerification(account.id, lang, ownPage(details.params.goto));
        if (sent.ok) return pending(reply, details, lang, account.id, { notice: t('resent'), taken });
        reply.header('retry-after', String(sent.retryAfterSeconds));
        return pending(reply, details, lang, account.id, {
          error: throttledText(lang, minutes(sent.retryAfterSeconds)),
          status: 429,
          taken,
        });
      },
    );
  };
}
