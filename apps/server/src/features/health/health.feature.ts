import type { Database } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import type { Queue } from '../../platform/queue/queue';
import { createHealthProbe, type HealthProbeOptions } from './health.probe';
import { healthRoutes } from './health.routes';

/** `GET /v1/health`: the database and the queue, as a background probe last saw them. */
export function createHealthFeature(deps: { database: Database; queue: Queue; probe?: HealthProbeOptions }) {
  const probe = createHealthProbe(deps, deps.probe);
  return defineFeature({ probe, routes: [healthRoutes(probe)], close: () => probe.close() });
}
