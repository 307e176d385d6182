import type { FastifyBaseLogger } from 'fastify';
import type { Queue } from '../../platform/queue/queue';
import type { CoversRepo } from './covers.repo';

export const RENDER_JOB = 'covers.render';

/** Sends a waiting task its render job; false when the queue refused (the sweep sends it later). */
export type RenderEnqueuer = (taskId: string) => Promise<boolean>;

/**
 * The task row is written first and the job sent after it, so a job never points at nothing.
 * If the send fails (or the process dies in between) the task stays waiting with no job id, and
 * the worker's sweep sends the job within a minute: a task is never left without one.
 */
export function createRenderEnqueuer(deps: {
  queue: Pick<Queue, 'send'>;
  repo: Pick<CoversRepo, 'recordJob'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): RenderEnqueuer {
  return async (taskId) => {
    try {
      const jobId = await deps.queue.send(RENDER_JOB, { task_id: taskId });
      if (!jobId) return false;
      await deps.repo.recordJob(taskId, jobId);
      return true;
    } catch (error) {
      deps.log?.warn({ err: error, taskId }, 'could not send a cover job; the sweep will send it');
      return false;
    }
  };
}
