import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, feedbackAnswer, feedbackBody, feedbackData, feedbackQuery } from '@ai-covers/contracts';
import { requireOwner } from '../../platform/auth/identity';
import type { FeedbackService } from './feedback.service';
import { ok } from '../../platform/http/envelope';

const tags = ['feedback'];
const owner =
  'The caller is the signed-in user (Bearer) or the visitor (x-visitor-id header or ai-covers.uuid cookie).';

/** The feedback dialog's calls (§2): send feedback on a result, read one's own. */
export function feedbackRoutes(service: FeedbackService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/feedback',
      {
        bodyLimit: 16 * 1024,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Rate a result: stars 1–5, improvement options, a suggestion (replaces an earlier one)',
          description: `${owner} kind ai-covers: subject_id is a finished task of the caller; 490618 otherwise.`,
          body: feedbackBody,
          response: { 200: envelopeOf(feedbackData) },
        },
      },
      async (request) => ok(await service.submit(requireOwner(request), request.body)),
    );

    app.get(
      '/v1/feedback',
      {
        schema: {
          tags,
          summary: "The caller's feedback on a result, or null",
          description: owner,
          querystring: feedbackQuery,
          response: { 200: envelopeOf(feedbackAnswer) },
        },
      },
      async (request) =>
        ok({
          feedback: await service.find(requireOwner(request), request.query.kind, request.query.subject_id),
        }),
    );
  };
}
