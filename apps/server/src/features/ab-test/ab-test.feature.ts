import type { Db } from '../../platform/db/client';
import type { AnalyticsService } from '../analytics/analytics.service';
import { defineFeature } from '../../platform/feature';
import { createAbTestRepo } from './ab-test.repo';
import { abTestRoutes } from './ab-test.routes';
import { createAbTestService, parseOverrides } from './ab-test.service';

/**
 * Sticky A/B plans per visitor (§7 ab-test, §9 tests); AB_OVERRIDES forces plans. The plan report
 * reads the plans the analytics events carried, through the analytics service; it answers only
 * when AB_REPORT_TOKEN is set, to callers that send it.
 */
export function createAbTestFeature(deps: {
  db: Db;
  overrides: string;
  analytics: Pick<AnalyticsService, 'planReport'>;
  reportToken: string | undefined;
}) {
  const service = createAbTestService({
    repo: createAbTestRepo(deps.db),
    overrides: parseOverrides(deps.overrides),
    analytics: deps.analytics,
  });
  return defineFeature({ service, routes: [abTestRoutes(service, { reportToken: deps.reportToken })] });
}
