import type { FastifyBaseLogger } from 'fastify';
import type { Queue } from './platform/queue/queue';
import type { Database } from './platform/db/client';
import { startCreditsJobs } from './features/credits/credits.jobs';
import type { Settings } from './config';
import { startStorageJobs } from './features/storage/storage.jobs';
import { startCoversJobs } from './features/covers/covers.jobs';
import { createStorageFeature } from './features/storage/storage.factory';
import { loadSecret } from './platform/auth/secret';

/** The composition root of the worker: every queue handler is registered here, by name. */
export async function startWorker(deps: {
  queue: Queue;
  log: FastifyBaseLogger;
  database?: Database;
  settings?: Settings;
}): Promise<{ stop: () => void }> {
  const stops: Array<() => void> = [];
  await deps.queue.work('system.echo', async (payload) => {
    deps.log.debug({ payload }, 'echo job');
    return { echoed: payload.message };
  });
  // Credits (issue 6): the scheduled expiry sweep needs the database.
  if (deps.database) await startCreditsJobs({ queue: deps.queue, database: deps.database, log: deps.log });
  // Storage (issue 4): retention of anonymous uploads needs the database and the object store.
  if (deps.database && deps.settings)
    await startStorageJobs({
      queue: deps.queue,
      database: deps.database,
      settings: deps.settings,
      log: deps.log,
    });
  // Covers: renders and the sweep need the database and the object store (outputs are stored files).
  if (deps.database && deps.settings) {
    const storage = createStorageFeature({
      settings: deps.settings,
      db: deps.database.db,
      secret: loadSecret(deps.settings.AUTH_SECRET, deps.settings.dataDir),
    });
    const covers = await startCoversJobs({
      queue: deps.queue,
      database: deps.database,
      storage: storage.service,
      log: deps.log,
    });
    stops.push(covers.stop);
  }
  /** Called first at shutdown: long jobs hand their work back instead of being cut off. */
  return { stop: () => stops.forEach((stop) => stop()) };
}
