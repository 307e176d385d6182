import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { MY_VOICE_LIMITS } from '@ai-covers/contracts';
import type { Queue } from '../../platform/queue/queue';
import { defineJob } from '../../platform/queue/registry';
import type { FilesService } from '../storage/files/files.service';
import type { UserVoicesRepo } from './voices.user.repo';
import type { TrainingEnqueuer } from './voices.user.service';
import { HEARTBEAT_MS, trainUserVoiceTask } from './voices.training';
import type { VoiceTrainer } from './voices.trainer';

export const TRAIN_JOB = 'voices.train';
const SWEEP_JOB = 'voices.sweep';

/** The "My voices" jobs, by name (the app root puts every feature's together). */
export const voicesJobs = {
  // One training run per job; expiry beyond the run's timeout, one retry for a worker that died
  // mid-run.
  [TRAIN_JOB]: defineJob({
    payload: z.object({ voice_id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 10,
    expireInSeconds: MY_VOICE_LIMITS.timeoutSeconds + 120,
  }),
  // Voices waiting without a job, or training on a worker that died, get one again.
  [SWEEP_JOB]: defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  }),
};
export type VoicesQueue = Queue<typeof voicesJobs>;
/** A training row untouched this long lost its worker (or never got its job). */
const STALE_MS = 6 * HEARTBEAT_MS;

/**
 * The voice row is written first and the job sent after it, so a job never points at nothing. A
 * failed send leaves the voice waiting with no job, and the sweep sends it.
 */
export function createTrainingEnqueuer(deps: {
  queue: Pick<VoicesQueue, 'send'>;
  repo: Pick<UserVoicesRepo, 'recordJob'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): TrainingEnqueuer {
  return async (voiceId) => {
    try {
      const jobId = await deps.queue.send(TRAIN_JOB, { voice_id: voiceId });
      if (!jobId) return false;
      await deps.repo.recordJob(voiceId, jobId);
      return true;
    } catch (error) {
      deps.log?.warn({ err: error, voiceId }, 'could not send a training job; the sweep will send it');
      return false;
    }
  };
}

/** Voices whose job was never sent, or whose worker died, go back to the queue. */
export async function sweepVoices(deps: {
  repo: Pick<UserVoicesRepo, 'takeStranded'>;
  enqueue: TrainingEnqueuer;
  staleMs?: number;
}): Promise<{ resent: number }> {
  const ids = await deps.repo.takeStranded(new Date(Date.now() - (deps.staleMs ?? STALE_MS)));
  for (const id of ids) await deps.enqueue(id);
  return { resent: ids.length };
}

/** The worker's side of "My voices": the training job and the sweep, every minute and at start. */
export async function startVoicesJobs(deps: {
  queue: VoicesQueue;
  repo: UserVoicesRepo;
  enqueue: TrainingEnqueuer;
  files: FilesService;
  train: VoiceTrainer;
  log: FastifyBaseLogger;
}): Promise<{ stop: () => void }> {
  const shutdown = new AbortController();
  const trainingDeps = {
    repo: deps.repo,
    files: deps.files,
    train: deps.train,
    log: deps.log,
    shutdown: shutdown.signal,
  };
  await deps.queue.work(TRAIN_JOB, async (payload, job) => {
    const outcome = await trainUserVoiceTask(trainingDeps, payload.voice_id, job.id);
    deps.log.info({ voiceId: payload.voice_id, outcome }, 'voice training finished');
    return { outcome };
  });
  const sweep = async () => {
    const result = await sweepVoices({ repo: deps.repo, enqueue: deps.enqueue });
    if (result.resent > 0) deps.log.info(result, 'sent training jobs of stranded voices again');
    return result;
  };
  await deps.queue.work(SWEEP_JOB, sweep);
  await deps.queue.boss.schedule(SWEEP_JOB, '* * * * *', {}, { tz: 'UTC' });
  await sweep().catch((error: unknown) => deps.log.warn({ err: error }, 'start-up voice sweep failed'));
  return { stop: () => shutdown.abort() };
}
