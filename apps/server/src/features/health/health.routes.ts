import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, healthData, PRODUCT } from '@ai-covers/contracts';
import { pingDatabase, type Database } from '../../platform/db/client';
import type { Queue } from '../../platform/queue/queue';

/** `GET /v1/health`: database round trip and queue state. */
export function healthRoutes(deps: { database: Database; queue: Queue }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/health',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['system'],
          summary: 'Liveness of database and queue',
          response: { 200: envelopeOf(healthData), 503: envelopeOf(healthData) },
        },
      },
      async (_request, reply) => {
        const database = await pingDatabase(deps.database).then(
          (latencyMs) => ({ ok: true, driver: deps.database.driver, latencyMs }),
          () => ({ ok: false, driver: deps.database.driver, latencyMs: -1 }),
        );
        const queue = await deps.queue.healthy();
        const ok = database.ok && queue.ok;
        reply.code(ok ? 200 : 503);
        return {
          code: ok ? 0 : 1,
          msg: ok ? 'ok' : 'degraded',
          data: {
            status: ok ? ('ok' as const) : ('degraded' as const),
            version: PRODUCT.appVersion,
            database,
            queue,
          },
        };
      },
    );
  };
}
