import type { FastifyBaseLogger } from 'fastify';
import type { Queue } from '../../platform/queue/queue';
import type { CoverArtRepo } from './cover-art.repo';
import type { VideoEnqueuer } from './share-videos.service';
import { VIDEO_JOB, renderShareVideo, type VideoJobDeps } from './share-video.job';

/** Sends a video its job and records the job on the row. */
export function createVideoEnqueuer(deps: {
  queue: Pick<Queue, 'send'>;
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
  deps: Omit<VideoJobDeps, 'shutdown' | 'log'> & { queue: Queue; log: FastifyBaseLogger },
): Promise<{ stop: () => void }> {
  const shutdown = new AbortController();
  await deps.queue.work(VIDEO_JOB, async (payload, job) => {
    const outcome = await renderShareVideo({ ...deps, shutdown: shutdown.signal }, payload.video_id, job.id);
    deps.log.info({ videoId: payload.video_id, outcome }, 'share video job finished');
    return { outcome };
  });
  return { stop: () => shutdown.abort() };
}
