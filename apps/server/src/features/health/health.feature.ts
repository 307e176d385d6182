import type { Database } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import type { Queue } from '../../platform/queue/queue';
import { healthRoutes } from './health.routes';

/** `GET /v1/health`: the database and the queue. */
export function createHealthFeature(deps: { database: Database; queue: Queue }) {
  return defineFeature({ routes: [healthRoutes(deps)] });
}
