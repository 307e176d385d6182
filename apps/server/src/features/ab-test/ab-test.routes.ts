import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abTestData, abTestQuery, envelopeOf } from '@ai-covers/contracts';
import type { AbTestService } from './ab-test.service';

/** `GET /vapi/v1/common/ab-test` (§7). */
export function abTestRoutes(service: AbTestService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/vapi/v1/common/ab-test',
      {
        schema: {
          tags: ['ab-test'],
          summary: 'Sticky A/B plan of a user for one test (plan 2 = on)',
          querystring: abTestQuery,
          response: { 200: envelopeOf(abTestData) },
        },
      },
      async ({ query }) => {
        const plan = await service.planFor(query.test_code, query.user_id, query.quantity);
        return { code: 0, data: { test_code: query.test_code, plan }, msg: 'ok' };
      },
    );
  };
}
