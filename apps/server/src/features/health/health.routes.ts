import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, healthData, PRODUCT } from '@ai-covers/contracts';
import { pingDatabase, type Database } from '../../platform/db/client';
import type { Queue } from '../../platform/queue/queue';
import { freeBytes } from '../../platform/disk/space';

const MB = 1024 * 1024;

/** `GET /v1/health`: database round trip, queue state, free disk space. */
export function healthRoutes(deps: {
  database: Database;
  queue: Queue;
  disk: { dir: string; minFreeBytes: number; free?: (dir: string) => Promise<number | null> };
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/health',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['system'],
          summary: 'Liveness of database and queue, and free disk space',
          response: { 200: envelopeOf(healthData), 503: envelopeOf(healthData) },
        },
      },
      async (_request, reply) => {
        const database = await pingDatabase(deps.database).then(
          (latencyMs) => ({ ok: true, driver: deps.database.driver, latencyMs }),
          () => ({ ok: false, driver: deps.database.driver, latencyMs: -1 }),
        );
        const queue = await deps.queue.healthy();
        const free = await (deps.disk.free ?? freeBytes)(deps.disk.dir);
        // Unknown free space (a platform without statfs) is not reported as a fault.
        const disk =
          free === null ? undefined : { ok: free >= deps.disk.minFreeBytes, freeMb: Math.floor(free / MB) };
        const ok = database.ok && queue.ok && (disk?.ok ?? true);
        reply.code(ok ? 200 : 503);
        return {
          code: ok ? 0 : 1,
          msg: ok ? 'ok' : 'degraded',
          data: {
            status: ok ? ('ok' as const) : ('degraded' as const),
            version: PRODUCT.appVersion,
            database,
            queue,
            ...(disk ? { disk } : {}),
          },
        };
      },
    );
  };
}
