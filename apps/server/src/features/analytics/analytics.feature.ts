import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import { createAnalyticsRepo } from './analytics.repo';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';

/** The analytics beacon endpoint (§7): events stored per project. */
export function createAnalyticsFeature(deps: { db: Db }) {
  const service = createAnalyticsService({ repo: createAnalyticsRepo(deps.db) });
  return defineFeature({ service, routes: [analyticsRoutes(service)] });
}
