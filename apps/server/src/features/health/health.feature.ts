import type { Database } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import type { Queue } from '../../platform/queue/queue';
import { healthRoutes } from './health.routes';

/** `GET /v1/health`: the database, the queue and the free space of the data folder's disk. */
export function createHealthFeature(deps: {
  database: Database;
  queue: Queue;
  disk: { dir: string; minFreeBytes: number };
}) {
  return defineFeature({ routes: [healthRoutes(deps)] });
}
