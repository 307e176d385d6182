import type { FastifyBaseLogger } from 'fastify';
import type { Feature } from './platform/feature';
import type { AppQueue } from './jobs';

/**
 * The composition root of the worker: every feature with queue handlers starts them here. The
 * features are the ones `buildApp` built, in the API process (RUN_WORKER=true) or in a process of
 * its own (`npm run worker`), so nothing is built twice.
 */
export async function startWorker(deps: {
  queue: AppQueue;
  log: FastifyBaseLogger;
  features: Record<string, Feature | null>;
}): Promise<{ stop: () => void }> {
  const stops: Array<() => void> = [];
  for (const feature of Object.values(deps.features)) {
    const started = await feature?.startJobs?.(deps.queue, deps.log);
    if (started?.stop) stops.push(started.stop);
  }
  /** Called first at shutdown: long jobs hand their work back instead of being cut off. */
  return { stop: () => stops.forEach((stop) => stop()) };
}
