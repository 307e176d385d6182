import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cacheBust, envelopeOf } from '@ai-covers/contracts';
import { requireUser } from '../../platform/auth/identity';
import { CSRF_COOKIE, type PromotionService } from './promotion.service';
import { PROMOTION_SCRIPT, promotionLang, renderPromotionPage } from './promotion-page';
import { ok } from '../../platform/http/envelope';

/** §7: clients of the event service send the business header 'editor'; any other value is refused. */
const business = z.enum(['editor'], { error: "must be 'editor'" }).optional();
const exchangeHeaders = z.object({
  'x-plugin-id': z.string().trim().min(1, 'is required').max(64),
  'x-activity-id': z.string().trim().min(1, 'is required').max(64),
  'x-csrf-token': z.string().trim().max(256).optional(),
  business,
});
const exchangeData = z.object({
  activity_id: z.string(),
  granted: z.boolean(),
  credits: z.number().int(),
  balance: z.number().int(),
});

/** The event service of §7 (market): CSRF token and present exchange. */
export function promotionRoutes(promotion: PromotionService, basePath = ''): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${basePath}/promotion.html`,
      {
        schema: {
          tags: ['promotion'],
          summary: 'The promotion page (HTML)',
          querystring: z.object({ lang: z.string().max(8).optional() }),
        },
      },
      async (request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(
            renderPromotionPage(
              promotionLang(request.query.lang, request.headers['accept-language']),
              basePath,
            ),
          ),
    );
    app.get('/api/v3/market/promotion.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(PROMOTION_SCRIPT),
    );

    app.get(
      '/api/v3/market/csrf-token',
      {
        schema: {
          tags: ['promotion'],
          summary: 'A CSRF token for the event service; sets its cookie (call with credentials)',
          headers: z.object({ business }),
          querystring: z.object({ ...cacheBust }),
          response: { 200: envelopeOf(z.object({ csrf_token: z.string() })) },
        },
      },
      async (request, reply) => {
        const { cookie, token } = promotion.issueCsrf();
        reply.setCookie(CSRF_COOKIE, cookie, {
          path: '/api/v3/market',
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: 2 * 60 * 60,
        });
        return ok({ csrf_token: token });
      },
    );

    app.post(
      '/api/v3/market/present/exchange',
      {
        schema: {
          tags: ['promotion'],
          summary: 'Claim an activity present (once per account per activity)',
          description:
            "Headers: x-plugin-id, x-activity-id, x-csrf-token (from csrf-token, with its cookie), business 'editor'.",
          security: [{ bearer: [] }],
          headers: exchangeHeaders,
          body: z.object({}).passthrough().optional(),
          response: { 200: envelopeOf(exchangeData) },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        const data = await promotion.exchange(userId, {
          pluginId: request.headers['x-plugin-id'],
          activityId: request.headers['x-activity-id'],
          csrfCookie: request.cookies[CSRF_COOKIE],
          csrfToken: request.headers['x-csrf-token'],
        });
        return ok(data, data.granted ? 'ok' : 'already claimed');
      },
    );
  };
}
