import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, healthData, type HealthData } from '@ai-covers/contracts';
import type { HealthProbe } from './health.probe';

/** `GET /v1/health`: database, queue and free disk space, probed in the background (at most a second old). */
export function healthRoutes(probe: Pick<HealthProbe, 'current'>): FastifyPluginAsyncZod {
  // The envelope of the last state, serialised once: most calls answer with the same bytes.
  let last: { data: HealthData; body: string } | null = null;
  const bodyOf = (data: HealthData) => {
    if (last?.data !== data) {
      const ok = data.status === 'ok';
      last = { data, body: JSON.stringify({ code: ok ? 0 : 1, msg: ok ? 'ok' : 'degraded', data }) };
    }
    return last.body;
  };
  return async (app) => {
    app.get(
      '/v1/health',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['system'],
          summary:
            'Liveness of database and queue, and free disk space (probed in the background, at most 1 s old)',
          response: { 200: envelopeOf(healthData), 503: envelopeOf(healthData) },
        },
      },
      async (_request, reply) => {
        const data = await probe.current();
        // The bytes are already the envelope the schema describes: sent as they are.
        return (reply as FastifyReply)
          .code(data.status === 'ok' ? 200 : 503)
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(bodyOf(data));
      },
    );
  };
}
