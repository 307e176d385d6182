import type { FastifyBaseLogger } from 'fastify';
import type { Engine } from '@ai-covers/engine';
import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import type { Queue } from '../../platform/queue/queue';
import type { FilesService } from '../storage/files.service';
import { createRenderEnqueuer } from './covers.enqueue';
import { startCoversJobs } from './covers.jobs';
import { createCoversRepo } from './covers.repo';
import { coversRoutes } from './covers.routes';
import { createCoversService, type CoversServiceDeps } from './covers.service';

/** AI Covers tasks: the /v1/vsas calls, the render job and its sweep. */
export function createCoversFeature(deps: {
  db: Db;
  queue: Queue;
  files: FilesService;
  paidTasks: CoversServiceDeps['paidTasks'];
  /** The cover engine the deployment chose (ENGINE): its voices and its renders. */
  engine: Engine;
  log: FastifyBaseLogger;
}) {
  const repo = createCoversRepo(deps.db);
  const enqueue = createRenderEnqueuer({ queue: deps.queue, repo, log: deps.log });
  const service = createCoversService({
    repo,
    files: deps.files,
    paidTasks: deps.paidTasks,
    enqueue,
    voices: () => deps.engine.listVoices(),
  });
  return defineFeature({
    service,
    routes: [coversRoutes(service)],
    startJobs: (queue, log) =>
      startCoversJobs({ queue, repo, enqueue, files: deps.files, engine: deps.engine, log }),
  });
}
export type CoversFeature = ReturnType<typeof createCoversFeature>;
