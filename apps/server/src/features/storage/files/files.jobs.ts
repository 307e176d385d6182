import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Queue } from '../../../platform/queue/queue';
import { defineJob } from '../../../platform/queue/registry';
import type { ObjectStore } from '../../../platform/storage/object-store';
import { besideBase } from './beside';
import type { FilesRepo } from './files.repo';

export const EXPIRE_UPLOADS_JOB = 'storage.expire-uploads';
/** Every 15 minutes: an anonymous upload lives its retention period plus at most a quarter hour. */
export const EXPIRE_UPLOADS_CRON = '*/15 * * * *';

/**
 * Retention: deletes expired anonymous uploads, rows first (so nothing can hand out a URL to them),
 * then their bytes, in batches. Returns how many files went.
 */
export async function expireUploads(
  deps: { repo: FilesRepo; store: ObjectStore; now?: () => Date; log?: FastifyBaseLogger },
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

export const SWEEP_ORPHANS_JOB = 'storage.sweep-orphans';
/** Daily, at a quiet hour. */
export const SWEEP_ORPHANS_CRON = '17 4 * * *';
/**
 * How old an object without a file row must be before it counts as an orphan. Every write is
 * followed by its row within one request (uploads: the signed callback; outputs: storeOutput), so a
 * day leaves a wide margin for slow uploads and clock skew.
 */
export const ORPHAN_GRACE_MS = 24 * 3600 * 1000;

/**
 * Removes bytes that no file row points to: left behind when a process died between writing an
 * object and recording it, or when a row went and removing its bytes failed; and what was kept
 * beside a file whose row is gone (see beside.ts). Also clears temp files
 * of writes that never finished. Returns how many objects and temp files went.
 */
export async function sweepOrphans(
  deps: { repo: FilesRepo; store: ObjectStore; now?: () => Date; log?: FastifyBaseLogger },
  batch = 500,
): Promise<{ objects: number; parts: number }> {
  const before = new Date((deps.now?.() ?? new Date()).getTime() - ORPHAN_GRACE_MS);
  let objects = 0;
  let pending: string[] = [];
  const flush = async (): Promise<void> => {
    // What is kept beside a file lives as long as the file's row.
    const bases = pending.flatMap((key) => besideBase(key) ?? []);
    const recorded = await deps.repo.recordedKeys(deps.store.bucket, [...pending, ...bases]);
    for (const key of pending) {
      if (recorded.has(key)) continue;
      const base = besideBase(key);
      if (base !== null && recorded.has(base)) continue;
      await deps.store
        .remove(key)
        .then(() => objects++)
        .catch((error: unknown) => deps.log?.warn({ err: error, key }, 'could not remove orphaned bytes'));
    }
    pending = [];
  };
  for await (const o of deps.store.list()) {
    if (o.modified >= before) continue;
    pending.push(o.key);
    if (pending.length >= batch) await flush();
  }
  await flush();
  const parts = (await deps.store.removeStaleParts?.(before)) ?? 0;
  return { objects, parts };
}

/** The storage jobs, by name (the app root puts every feature's together). */
export const storageJobs = {
  // Retention of anonymous uploads (files and bytes).
  [EXPIRE_UPLOADS_JOB]: defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
  }),
  // Daily removal of bytes no file row points to (crash leftovers).
  [SWEEP_ORPHANS_JOB]: defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 1,
    retryDelaySeconds: 300,
    expireInSeconds: 3600,
  }),
};

/** Registers the retention handler and its schedule (pg-boss cron runs it on one worker). */
export async function startFilesJobs(deps: {
  queue: Queue<typeof storageJobs>;
  repo: FilesRepo;
  store: ObjectStore;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { repo, store } = deps;
  await deps.queue.work(EXPIRE_UPLOADS_JOB, async () => {
    const expired = await expireUploads({ repo, store, log: deps.log });
    if (expired > 0) deps.log.info({ expired }, 'expired anonymous uploads');
    return { expired };
  });
  await deps.queue.boss.schedule(EXPIRE_UPLOADS_JOB, EXPIRE_UPLOADS_CRON, {}, { tz: 'UTC' });
  await deps.queue.work(SWEEP_ORPHANS_JOB, async () => {
    const swept = await sweepOrphans({ repo, store, log: deps.log });
    if (swept.objects + swept.parts > 0) deps.log.info(swept, 'swept orphaned storage bytes');
    return swept;
  });
  await deps.queue.boss.schedule(SWEEP_ORPHANS_JOB, SWEEP_ORPHANS_CRON, {}, { tz: 'UTC' });
}
