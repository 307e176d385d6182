import type { FastifyBaseLogger } from 'fastify';
import type { Queue } from './platform/queue/queue';

/** The composition root of the worker: every queue handler is registered here, by name. */
export async function startWorker(deps: { queue: Queue; log: FastifyBaseLogger }): Promise<void> {
  await deps.queue.work('system.echo', async (payload) => {
    deps.log.debug({ payload }, 'echo job');
    return { echoed: payload.message };
  });
}
