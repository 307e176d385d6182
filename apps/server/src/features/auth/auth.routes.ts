import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthMsg,
  Code,
  authorizeUrlData,
  authorizeUrlQuery,
  envelopeOf,
  loginData,
  loginQuery,
  logoutData,
  userInfo,
  userInfoQuery,
  vapiUserData,
} from '@ai-covers/contracts';
import { AppError, badRequest } from '../../platform/http/app-error';
import { bearerToken, requireUser } from '../../platform/auth/identity';
import type { AuthService } from './auth.service';
import { CALLBACK_FILES, LAB_PLUGINS_PATH } from './auth.pages';

/**
 * The login attempt (its signed state) in an httpOnly cookie, set with the authorize URL: it binds
 * the code exchange to the browser that started it (PKCE verifier, login-CSRF guard) without the
 * client sending `state` to `POST /v1/login` (§7 names only auth_code, pid, invited_code, module).
 */
export const ATTEMPT_COOKIE = 'ai-covers.login_attempt';
const ATTEMPT_PATH = '/v1/login';

/** Sign-in API of §7: authorize URL, login, logout, user info, the vapi user, the callback pages. */
export function authRoutes(service: AuthService, opts: { secureCookies: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/login/authorize-url',
      {
        schema: {
          tags: ['auth'],
          summary: "The account provider's authorize URL (§7 parameters, signed state, PKCE)",
          querystring: authorizeUrlQuery,
          response: { 200: envelopeOf(authorizeUrlData) },
        },
      },
      async (request, reply) => {
        const data = await service.authorizeUrl(request.query);
        reply.setCookie(ATTEMPT_COOKIE, data.state, {
          path: ATTEMPT_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: opts.secureCookies,
          maxAge: 3600,
        });
        return { code: Code.ok, data, msg: 'ok' };
      },
    );

    app.post(
      '/v1/login',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with an authorization code: returns our own token (§4, §7)',
          description:
            "The §7 query (auth_code, pid, invited_code, module) is all a client sends: the attempt is read from the httpOnly cookie that GET /v1/login/authorize-url set in the same browser. A `state` that is sent must be that attempt's. Refused (code 1, HTTP 400) without the cookie, with a used, expired or foreign code, or with another attempt's state.",
          querystring: loginQuery,
          response: { 200: envelopeOf(loginData) },
        },
      },
      async (request, reply) => {
        const data = await service.login({
          authCode: request.query.auth_code,
          state: request.query.state,
          iss: request.query.iss,
          attempt: request.cookies[ATTEMPT_COOKIE],
          invitedCode: request.query.invited_code,
          visitorId: request.identity.visitorId,
        });
        reply.clearCookie(ATTEMPT_COOKIE, { path: ATTEMPT_PATH });
        return { code: Code.ok, data, msg: 'ok' };
      },
    );

    app.get(
      '/v1/logout',
      {
        schema: {
          tags: ['auth'],
          summary: "End the session server-side; answers the provider's logout page",
          querystring: z.object({ goto: z.string().max(2048).optional(), _t: z.coerce.number().optional() }),
          response: { 200: envelopeOf(logoutData) },
        },
      },
      async (request) => {
        // Signed out already (or a dead token): still answer the provider's logout page.
        const data = await service.logout(request.identity.sessionId, request.query.goto);
        return { code: Code.ok, data, msg: 'ok' };
      },
    );

    app.get(
      '/v1/user/info',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user with every §3 field',
          querystring: userInfoQuery,
          response: { 200: envelopeOf(userInfo) },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        const data = await service.userInfo(
          userId,
          request.identity.sessionId!,
          bearerToken(request)!,
          request.query.kind,
        );
        return { code: Code.ok, data, msg: 'ok' };
      },
    );

    app.post(
      '/vapi/v1/user',
      {
        schema: {
          tags: ['auth'],
          summary: 'Account-service view of the user (verify, integral, subscribe), vapi headers',
          response: { 200: envelopeOf(vapiUserData) },
        },
      },
      async (request) => {
        const { version, source } = request.headers;
        if (typeof version !== 'string' || !version || typeof source !== 'string' || !source)
          throw badRequest(AuthMsg.badVapiHeaders);
        const userId = requireUser(request);
        const info = await service.userInfo(userId, request.identity.sessionId!, bearerToken(request)!);
        const data = {
          wsid: info.ws_id,
          uid: info.uid,
          verify: info.verify,
          verify_level: info.verify_level,
          integral: info.integral,
          integral_all: info.integral_all,
          subscribe: info.subscribe,
          subscribeList: info.subscribeList,
        };
        return { code: Code.ok, data, msg: 'ok' };
      },
    );

    app.get(
      `${LAB_PLUGINS_PATH}/:file`,
      { schema: { hide: true, params: z.object({ file: z.string().max(64) }) } },
      async (request, reply) => {
        const file = CALLBACK_FILES[request.params.file];
        if (!file) throw new AppError(Code.resourceError, `No such page: ${request.params.file}`, 404);
        return reply.type(file.type).header('cache-control', 'no-cache').send(file.body);
      },
    );
  };
}
