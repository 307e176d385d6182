import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { COVER_LIMITS } from '@ai-covers/contracts';
import type { Queue } from '../../../platform/queue/queue';
import { defineJob } from '../../../platform/queue/registry';
import type { CoversRepo } from '../covers.repo';

export const RENDER_JOB = 'covers.render';
export const SWEEP_JOB = 'covers.sweep';

/** The covers jobs, by name (the app root puts every feature's together). */
export const coversJobs = {
  // One cover render per job; expiry beyond the render timeout, so a live run is never taken
  // over, and one retry for a worker that died mid-run.
  [RENDER_JOB]: defineJob({
    payload: z.object({ task_id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: COVER_LIMITS.timeoutSeconds + 120,
  }),
  // Timed-out runs of dead workers, and waiting tasks whose job was never sent.
  [SWEEP_JOB]: defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  }),
};
export type CoversQueue = Queue<typeof coversJobs>;

/** Sends a waiting task its render job; false when the queue refused (the sweep sends it later). */
export type RenderEnqueuer = (taskId: string) => Promise<boolean>;

/**
 * The task row is written first and the job sent after it, so a job never points at nothing.
 * If the send fails (or the process dies in between) the task stays waiting with no job id, and
 * the worker's sweep sends the job within a minute: a task is never left without one.
 */
export function createRenderEnqueuer(deps: {
  queue: Pick<CoversQueue, 'send'>;
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
