import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsAccepted, analyticsBatch, envelopeOf } from '@ai-covers/contracts';
import { badRequest } from '../../platform/http/app-error';
import { ANALYTICS_PROJECTS, type AnalyticsService } from './analytics.service';
import { ok } from '../../platform/http/envelope';

/** Beacon endpoint: `POST /v1/track/:project`. */
export function analyticsRoutes(service: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/track/:project',
      {
        bodyLimit: 64 * 1024,
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['analytics'],
          summary: 'Receive a batch of analytics events (beacon)',
          params: z.object({ project: z.string().max(32) }),
          body: analyticsBatch,
          response: { 200: envelopeOf(analyticsAccepted) },
        },
      },
      async (request) => {
        if (!ANALYTICS_PROJECTS.has(request.params.project)) {
          throw badRequest(`Unknown analytics project: ${request.params.project}`);
        }
        const accepted = await service.recordBatch(request.params.project, request.body);
        return ok({ accepted });
      },
    );
  };
}
