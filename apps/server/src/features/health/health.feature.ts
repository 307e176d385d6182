import type { Database } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import type { Queue } from '../../platform/queue/queue';
import { createHealthProbe, type HealthDisk, type HealthProbeOptions } from './health.probe';
import { healthRoutes } from './health.routes';

/** `GET /v1/health`: the database, the queue and the data folder's free space, as a background probe last saw them. */
export function createHealthFeature(deps: {
  database: Database;
  queue: Queue;
  disk: HealthDisk;
  probe?: HealthProbeOptions;
}) {
  const probe = createHealthProbe(deps, deps.probe);
  return defineFeature({ probe, routes: [healthRoutes(probe)], close: () => probe.close() });
}
