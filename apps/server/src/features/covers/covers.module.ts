import type { FastifyBaseLogger } from 'fastify';
import { listVoices } from '@ai-covers/engine';
import type { Db } from '../../platform/db/client';
import type { Queue } from '../../platform/queue/queue';
import type { StorageService } from '../storage/storage.service';
import { createRenderEnqueuer } from './covers.enqueue';
import { createCoversRepo } from './covers.repo';
import { createCoversService } from './covers.service';

/** The covers service of the API process, built from what app.ts already has. */
export function createCoversFeature(deps: {
  db: Db;
  queue: Queue;
  storage: StorageService;
  log: FastifyBaseLogger;
}) {
  const repo = createCoversRepo(deps.db);
  return createCoversService({
    repo,
    storage: deps.storage,
    enqueue: createRenderEnqueuer({ queue: deps.queue, repo, log: deps.log }),
    voices: listVoices,
  });
}
