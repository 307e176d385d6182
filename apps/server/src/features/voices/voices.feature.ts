import type { FastifyBaseLogger } from 'fastify';
import type { Engine } from '@ai-covers/engine';
import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import type { FilesService } from '../storage/files/files.service';
import type { ReadStamp } from '../users/read-stamps';
import { voicesRoutes } from './voices.routes';
import { withUserVoices } from './voices.engine';
import { createTrainingEnqueuer, startVoicesJobs, type VoicesQueue } from './voices.jobs';
import { cliTrainer, type VoiceTrainer } from './voices.trainer';
import { createUserVoicesRepo } from './voices.user.repo';
import { userVoicesRoutes } from './voices.user.routes';
import { createUserVoicesService } from './voices.user.service';

/**
 * The voices of the cover engine, with their samples and avatars, and "My voices": the voices an
 * account trains from its own recordings (the engine's train-voice as a queued task).
 */
export function createVoicesFeature(deps: {
  engine: Engine;
  db: Db;
  queue: VoicesQueue;
  files: FilesService;
  log: FastifyBaseLogger;
  /** The account's voices read version and its session's liveness (My voices kept in memory). */
  readStamp?: (userId: number, sessionId: string) => Promise<ReadStamp>;
  /** The training run (default: the engine's train-voice command in a child process). */
  train?: VoiceTrainer;
}) {
  const repo = createUserVoicesRepo(deps.db);
  const enqueue = createTrainingEnqueuer({ queue: deps.queue, repo, log: deps.log });
  const userVoices = createUserVoicesService({
    repo,
    files: deps.files,
    enqueue,
    readStamp: deps.readStamp,
  });
  return defineFeature({
    userVoices,
    /** The engine covers render with: the deployment's, plus the accounts' own voices. */
    coverEngine: withUserVoices(deps.engine, userVoices),
    routes: [voicesRoutes(deps.engine), userVoicesRoutes(userVoices)],
    startJobs: (queue: VoicesQueue, log: FastifyBaseLogger) =>
      startVoicesJobs({ queue, repo, enqueue, files: deps.files, train: deps.train ?? cliTrainer, log }),
  });
}
