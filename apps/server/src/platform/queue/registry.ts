import { z } from 'zod';
import { COVER_ART_LIMITS, COVER_LIMITS, MY_VOICE_LIMITS } from '@ai-covers/contracts';

/** One job definition: its payload schema and queue policy (retries, expiry). */
export interface JobDefinition<S extends z.ZodType> {
  payload: S;
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
}

function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

/**
 * Every queue of the product, by name. Features add their jobs here, so producers and workers share
 * one typed payload per name and nothing is discovered by scanning folders.
 */
export const jobs = {
  // Credits (issue 6): the scheduled sweep that writes off expired credit lots.
  'credits.expire-lots': defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  }),
  // Storage (issue 4): retention of anonymous uploads (files and bytes).
  'storage.expire-uploads': defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
  }),
  // Storage: daily removal of bytes no file row points to (crash leftovers).
  'storage.sweep-orphans': defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 1,
    retryDelaySeconds: 300,
    expireInSeconds: 3600,
  }),
  // Covers: one cover render per job; expiry beyond the render timeout, so a live run is never
  // taken over, and one retry for a worker that died mid-run.
  'covers.render': defineJob({
    payload: z.object({ task_id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: COVER_LIMITS.timeoutSeconds + 120,
  }),
  // Covers: timed-out runs of dead workers, and waiting tasks whose job was never sent.
  'covers.sweep': defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  }),
  // Cover art: one share video per job; expiry beyond the run's own timeout, one retry for a
  // worker that died (or shut down) mid-run.
  'cover-art.video': defineJob({
    payload: z.object({ video_id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 10,
    expireInSeconds: COVER_ART_LIMITS.videoTimeoutSeconds + 120,
  }),
  // Headshots: one photo check per job (seconds; a retry for a worker that died).
  'headshots.check': defineJob({
    payload: z.object({ id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 5,
    expireInSeconds: 300,
  }),
  // Headshots: one pack per job. A Pro pack takes minutes on two cores; the expiry leaves room
  // for a loaded machine, and one retry covers a worker that died mid-run.
  'headshots.generate': defineJob({
    payload: z.object({ id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 3 * 3600,
  }),
  // Headshots: hourly deletion of packs and photos past their 30 days (bytes too).
  'headshots.expire': defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 1800,
  }),
  // Headshots: packs waiting without a job get one.
  'headshots.sweep': defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  }),
  // My voices: one training run per job; expiry beyond the run's timeout, one retry for a worker
  // that died mid-run.
  'voices.train': defineJob({
    payload: z.object({ voice_id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 10,
    expireInSeconds: MY_VOICE_LIMITS.timeoutSeconds + 120,
  }),
  // My voices: voices waiting without a job, or training on a worker that died, get one again.
  'voices.sweep': defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  }),
} as const;

export type JobName = keyof typeof jobs;
export type JobPayload<N extends JobName> = z.infer<(typeof jobs)[N]['payload']>;
