import type { FastifyBaseLogger } from 'fastify';
import { COVER_LIMITS, CoverMsg } from '@ai-covers/contracts';
import type { Engine } from '@ai-covers/engine';
import type { Queue } from '../../platform/queue/queue';
import type { FilesService } from '../storage/files.service';
import { RENDER_JOB, type RenderEnqueuer } from './covers.enqueue';
import type { CoversRepo } from './covers.repo';
import { renderCoverTask, type RenderDeps } from './covers.render';

export const SWEEP_JOB = 'covers.sweep';
/** Every minute: a job that was never sent waits at most about a minute longer. */
export const SWEEP_CRON = '* * * * *';
/** A run's own timer stops it at the timeout; the sweep only catches runs whose worker died. */
const SWEEP_GRACE_MS = 60_000;
/** A waiting task with no job id this old was never sent (the API died or the queue refused). */
const UNSENT_AFTER_MS = 60_000;

/**
 * Keeps tasks from getting stuck: runs of dead workers become timed out (6), waiting tasks without
 * a job (or whose job vanished) get one. Returns what it changed.
 */
export async function sweepCoverTasks(deps: {
  repo: CoversRepo;
  enqueue: RenderEnqueuer;
  now?: () => number;
  timeoutMs?: number;
}): Promise<{ timedOut: number; resent: number }> {
  const now = deps.now?.() ?? Date.now();
  const timeoutMs = deps.timeoutMs ?? COVER_LIMITS.timeoutSeconds * 1000;
  const timedOut = await deps.repo.timeOutStale(
    new Date(now - timeoutMs - SWEEP_GRACE_MS),
    CoverMsg.timedOut,
  );
  const stranded = await deps.repo.strandedWaiting(
    new Date(now - UNSENT_AFTER_MS),
    new Date(now - 2 * timeoutMs),
    100,
  );
  let resent = 0;
  for (const id of stranded) if (await deps.enqueue(id)) resent++;
  return { timedOut: timedOut.length, resent };
}

/** Registers the render handler and the sweep (every minute, and once at start-up); `stop` at shutdown. */
export async function startCoversJobs(deps: {
  queue: Queue;
  repo: CoversRepo;
  enqueue: RenderEnqueuer;
  files: FilesService;
  log: FastifyBaseLogger;
  /** The engine the deployment chose (ENGINE). */
  engine: Engine;
  /** Where a render records its other formats and stems. */
  assets?: RenderDeps['assets'];
}): Promise<{ stop: () => void }> {
  const { repo, enqueue } = deps;
  const { engine } = deps;
  const shutdown = new AbortController();
  const renderDeps = {
    repo,
    files: deps.files,
    createCover: engine.createCover,
    voiceName: (id: string) => engine.getVoice(id)?.name ?? id,
    log: deps.log,
    shutdown: shutdown.signal,
    ...(deps.assets ? { assets: deps.assets } : {}),
  };
  await deps.queue.work(RENDER_JOB, async (payload, job) => {
    const outcome = await renderCoverTask(renderDeps, payload.task_id, job.id);
    deps.log.info({ taskId: payload.task_id, outcome }, 'cover job finished');
    return { outcome };
  });
  const sweep = async () => {
    const result = await sweepCoverTasks({ repo, enqueue });
    if (result.timedOut + result.resent > 0) deps.log.info(result, 'swept cover tasks');
    return result;
  };
  await deps.queue.work(SWEEP_JOB, sweep);
  await deps.queue.boss.schedule(SWEEP_JOB, SWEEP_CRON, {}, { tz: 'UTC' });
  await sweep().catch((error: unknown) => deps.log.warn({ err: error }, 'start-up cover sweep failed'));
  // On shutdown a render in progress stops and hands its task back; the next start sends it again.
  return { stop: () => shutdown.abort() };
}
