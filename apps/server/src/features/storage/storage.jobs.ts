import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../../config';
import type { Database } from '../../platform/db/client';
import type { Queue } from '../../platform/queue/queue';
import type { ObjectStore } from './object-store';
import { createStorageRepo, type StorageRepo } from './storage.repo';
import { createObjectStore } from './storage.factory';

export const EXPIRE_UPLOADS_JOB = 'storage.expire-uploads';
/** Every 15 minutes: an anonymous upload lives its retention period plus at most a quarter hour. */
export const EXPIRE_UPLOADS_CRON = '*/15 * * * *';

/**
 * Retention: deletes expired anonymous uploads, rows first (so nothing can hand out a URL to them),
 * then their bytes, in batches. Returns how many files went.
 */
export async function expireUploads(
  deps: { repo: StorageRepo; store: ObjectStore; now?: () => Date; log?: FastifyBaseLogger },
  batch = 200,
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await deps.repo.deleteExpired(deps.now?.() ?? new Date(), batch);
    for (const row of rows) {
      await deps.store.remove(row.storageKey).catch((error: unknown) => {
        deps.log?.warn({ err: error, key: row.storageKey }, 'could not remove expired object bytes');
      });
    }
    total += rows.length;
    if (rows.length < batch) return total;
  }
}

/** Registers the retention handler and its schedule (pg-boss cron runs it on one worker). */
export async function startStorageJobs(deps: {
  queue: Queue;
  database: Database;
  settings: Settings;
  log: FastifyBaseLogger;
}): Promise<void> {
  const repo = createStorageRepo(deps.database.db);
  const store = createObjectStore(deps.settings);
  await deps.queue.work(EXPIRE_UPLOADS_JOB, async () => {
    const expired = await expireUploads({ repo, store, log: deps.log });
    if (expired > 0) deps.log.info({ expired }, 'expired anonymous uploads');
    return { expired };
  });
  await deps.queue.boss.schedule(EXPIRE_UPLOADS_JOB, EXPIRE_UPLOADS_CRON, {}, { tz: 'UTC' });
}
