import type { FastifyPluginAsync } from 'fastify';
import { envelopeOf } from '@ai-covers/contracts';
import { z } from 'zod';
import type { BillingService } from './billing.service';
import { ok } from '../../platform/http/envelope';

const webhookData = z.object({ received: z.boolean(), applied: z.boolean(), duplicate: z.boolean() });

/**
 * `POST /v1/billing/webhooks/{provider}`: the provider's signed events. Signatures cover the exact
 * bytes, so this plugin keeps the body as a string instead of parsing JSON.
 */
export function webhookRoutes(billing: BillingService, providerName: string): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post<{ Params: { provider: string } }>(
      '/v1/billing/webhooks/:provider',
      {
        // The payment provider posts from its own servers; the signature is the authority.
        config: { crossSite: true },
        schema: {
          tags: ['billing'],
          summary: 'Payment provider webhook (sandbox: x-sandbox-signature; stripe: stripe-signature)',
          params: z.object({ provider: z.enum(['sandbox', 'stripe']) }),
          response: { 200: envelopeOf(webhookData) },
        },
      },
      async (request, reply) => {
        if (request.params.provider !== providerName) {
          return reply
            .code(404)
            .send({ code: 40004, data: null, msg: `provider: ${request.params.provider} is not enabled` });
        }
        const body = typeof request.body === 'string' ? request.body : '';
        return ok(await billing.handleWebhook(body, request.headers));
      },
    );
  };
}
