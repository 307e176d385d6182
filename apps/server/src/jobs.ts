import type { Queue } from './platform/queue/queue';
import { coverArtJobs } from './features/cover-art/cover-art.jobs';
import { coversJobs } from './features/covers/render/render.queue';
import { creditsJobs } from './features/credits/credits.jobs';
import { headshotsJobs } from './features/headshots/headshots.jobs';
import { storageJobs } from './features/storage/files/files.jobs';
import { voicesJobs } from './features/voices/voices.jobs';

/**
 * Every queue of the product, by name: each feature defines its own jobs (payload, retries,
 * expiry) beside their handlers, and the app root puts them together here. The queue creates them
 * all at start; a feature sees only its own (`Queue<typeof coversJobs>`).
 */
export const jobs = {
  ...creditsJobs,
  ...storageJobs,
  ...coversJobs,
  ...coverArtJobs,
  ...headshotsJobs,
  ...voicesJobs,
};

/** The queue of every job of the product. */
export type AppQueue = Queue<typeof jobs>;
