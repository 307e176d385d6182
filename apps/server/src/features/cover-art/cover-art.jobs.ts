import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { COVER_ART_LIMITS } from '@ai-covers/contracts';
import type { Queue } from '../../platform/queue/queue';
import { defineJob } from '../../platform/queue/registry';
import type { CoverArtRepo } from './cover-art.repo';
import type { VideoEnqueuer } from './share-videos.service';
import { VIDEO_JOB, renderShareVideo, type VideoJobDeps } from './share-video.job';

/** The cover art jobs, by name (the app root puts every feature's together). */
export const coverArtJobs = {
  // One share video per job; expiry beyond the run's own timeout, one retry for a worker that
  // died (or shut down) mid-run.
  [VIDEO_JOB]: defineJob({
    payload: z.object({ video_id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 10,
    expireInSeconds: COVER_ART_LIMITS.videoTimeoutSeconds + 120,
  }),
};
export type CoverArtQueue = Queue<typeof coverArtJobs>;

/** Sends a video its job and records the job on the row. */
export function createVideoEnqueuer(deps: {
  queue: Pick<CoverArtQueue, 'send'>;
  repo: Pick<CoverArtRepo, 'recordVideoJob'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): VideoEnqueuer {
  return async (videoId) => {
    try {
      const jobId = await deps.queue.send(VIDEO_JOB, { video_id: videoId });
      if (!jobId) return false;
      await deps.repo.recordVideoJob(videoId, jobId);
      return true;
    } catch (error) {
      deps.log?.warn({ err: error, videoId }, 'could not send a share video job');
      return false;
    }
  };
}

/** Registers the share video handler; `stop` at shutdown hands runs in progress back to the queue. */
export async function startCoverArtJobs(
  deps: Omit<VideoJobDeps, 'shutdown' | 'log'> & { queue: CoverArtQueue; log: FastifyBaseLogger },
): Promise<{ stop: () => void }> {
  const shutdown = new AbortController();
  await deps.queue.work(VIDEO_JOB, async (payload, job) => {
    const outcome = await renderShareVideo({ ...deps, shutdown: shutdown.signal }, payload.video_id, job.id);
    deps.log.info({ videoId: payload.video_id, outcome }, 'share video job finished');
    return { outcome };
  });
  return { stop: () => shutdown.abort() };
}
