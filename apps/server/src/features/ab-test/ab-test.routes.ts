import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { abReportData, abReportQuery, abTestData, abTestQuery, Code, envelopeOf } from '@ai-covers/contracts';
import { AppError } from '../../platform/http/app-error';
import type { AbTestService } from './ab-test.service';
import { ok } from '../../platform/http/envelope';

/** Header that carries AB_REPORT_TOKEN to the plan report. */
export const REPORT_TOKEN_HEADER = 'x-report-token';

function sameToken(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `GET /vapi/v1/common/ab-test` (§7) and the plan report. */
export function abTestRoutes(
  service: AbTestService,
  opts: { reportToken: string | undefined },
): FastifyPluginAsyncZod {
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
        return ok({ test_code: query.test_code, plan });
      },
    );

    app.get(
      '/v1/ab-test/report',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['ab-test'],
          summary: 'Conversions per plan of an A/B test, from the plans analytics events carried',
          description: `Off (40004) unless the server runs with AB_REPORT_TOKEN; then the ${REPORT_TOKEN_HEADER} header must carry it (40001 otherwise). The default conversion event is the test's own (login_success, banner_click, ad_click, purchase, app_install_click).`,
          headers: z.object({ [REPORT_TOKEN_HEADER]: z.string().max(256).optional() }),
          querystring: abReportQuery,
          response: { 200: envelopeOf(abReportData) },
        },
      },
      async (request) => {
        if (!opts.reportToken) throw new AppError(Code.resourceError, 'The A/B report is turned off', 404);
        if (!sameToken(request.headers[REPORT_TOKEN_HEADER], opts.reportToken))
          throw new AppError(
            Code.notAuthorized,
            `The A/B report needs its token (${REPORT_TOKEN_HEADER})`,
            401,
          );
        const { test_code, event, project, days } = request.query;
        return ok(await service.report({ testCode: test_code, event, project, days }));
      },
    );
  };
}
