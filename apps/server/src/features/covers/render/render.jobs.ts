import type { FastifyBaseLogger } from 'fastify';
import { COVER_LIMITS, CoverMsg } from '@ai-covers/contracts';
import type { Engine } from '@ai-covers/engine';
import type { FilesService } from '../../storage/files/files.service';
import { RENDER_JOB, SWEEP_JOB, type CoversQueue, type RenderEnqueuer } from './render.queue';
import type { CoversRepo } from '../covers.repo';
import {
  deadOwners,
  LEASE_CHECK_MS,
  LEASE_RENEW_MS,
  LEASE_TTL_MS,
  MAX_LAPSES,
  newLeaseOwner,
  scratchRoot,
  sweepScratch,
} from './render.lease';
import { renderCoverTask, type RenderDeps } from './render.run';
import { coverVoiceName } from '../covers.view';

/** Every minute: a job that was never sent waits at most about a minute longer. */
export const SWEEP_CRON = '* * * * *';
/** A run's own timer stops it at the timeout; the sweep only catches a run whose timer failed. */
const SWEEP_GRACE_MS = 60_000;
/** A waiting task with no job id this old was never sent (the API died or the queue refused). */
const UNSENT_AFTER_MS = 60_000;

/**
 * Runs of dead workers (their lease lapsed, or `owners` names them) go back to the queue with a
 * new job, saying the server stopped; after MAX_LAPSES such losses the task fails with a retry
 * offer instead. Never "took too long": the song did not take too long, its worker died.
 */
export async function reclaimDeadRuns(deps: {
  repo: CoversRepo;
  enqueue: RenderEnqueuer;
  owners?: string[];
}): Promise<{ requeued: number; failed: number }> {
  const { requeued, failed } = await deps.repo.reclaimDead({
    ...(deps.owners ? { owners: deps.owners } : {}),
    maxLapses: MAX_LAPSES,
    messages: { retrying: CoverMsg.serverStopped, failed: CoverMsg.serverStoppedAgain },
  });
  // A send that fails leaves the task waiting without a job: the minute sweep sends it.
  for (const id of requeued) await deps.enqueue(id);
  return { requeued: requeued.length, failed: failed.length };
}

/**
 * Keeps tasks from getting stuck: runs of dead workers go back to the queue (their lease lapsed),
 * runs past the timeout become timed out (6), waiting tasks without a job (or whose job vanished)
 * get one. Returns what it changed.
 */
export async function sweepCoverTasks(deps: {
  repo: CoversRepo;
  enqueue: RenderEnqueuer;
  now?: () => number;
  timeoutMs?: number;
}): Promise<{ reclaimed: number; timedOut: number; resent: number }> {
  const now = deps.now?.() ?? Date.now();
  const timeoutMs = deps.timeoutMs ?? COVER_LIMITS.timeoutSeconds * 1000;
  const reclaimed = await reclaimDeadRuns(deps);
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
  return { reclaimed: reclaimed.requeued + reclaimed.failed, timedOut: timedOut.length, resent };
}

/** Registers the render handler and the sweep (every minute, and once at start-up); `stop` at shutdown. */
export async function startCoversJobs(deps: {
  queue: CoversQueue;
  repo: CoversRepo;
  enqueue: RenderEnqueuer;
  files: FilesService;
  log: FastifyBaseLogger;
  /** The engine the deployment chose (ENGINE). */
  engine: Engine;
  /** Where run scratch folders go (default: the renders' folder in the OS temp folder). */
  tmpRoot?: string;
  leaseCheckMs?: number;
  /** Where a render records its other formats and stems. */
  assets?: RenderDeps['assets'];
}): Promise<{ stop: () => void }> {
  const { repo, enqueue } = deps;
  const { engine } = deps;
  const shutdown = new AbortController();
  const lease = { owner: newLeaseOwner(), ttlMs: LEASE_TTL_MS, renewMs: LEASE_RENEW_MS };
  const tmpRoot = deps.tmpRoot ?? scratchRoot();
  const renderDeps = {
    repo,
    files: deps.files,
    createCover: engine.createCover,
    voiceName: (task: Parameters<RenderDeps['voiceName']>[0]) =>
      coverVoiceName(task, (id) => engine.getVoice(id)?.name),
    log: deps.log,
    shutdown: shutdown.signal,
    lease,
    tmpRoot,
    ...(deps.assets ? { assets: deps.assets } : {}),
  };
  // Before this process renders: the scratch of dead renders goes, and runs of our own dead
  // predecessors on this machine (killed, crashed) go back to the queue at once, not at lapse.
  const swept = await sweepScratch(tmpRoot);
  if (swept > 0) deps.log.info({ swept }, 'removed scratch folders of stopped renders');
  const owners = deadOwners(await repo.runningLeaseOwners(), lease.owner);
  if (owners.length > 0) {
    const reclaimed = await reclaimDeadRuns({ repo, enqueue, owners });
    deps.log.info(reclaimed, 'renders of a stopped server went back to the queue');
  }
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
  // Lapsed leases are looked for more often than the minute cron allows: a dead worker's task
  // goes back to the queue within LEASE_TTL_MS + LEASE_CHECK_MS of its last renewal.
  const leaseCheck = setInterval(() => {
    reclaimDeadRuns({ repo, enqueue }).then(
      (result) => {
        if (result.requeued + result.failed > 0)
          deps.log.info(result, 'reclaimed renders of a stopped worker');
      },
      (error: unknown) => deps.log.warn({ err: error }, 'lease check failed'),
    );
  }, deps.leaseCheckMs ?? LEASE_CHECK_MS);
  leaseCheck.unref();
  // On shutdown a render in progress stops and hands its task back; the next start sends it again.
  return {
    stop: () => {
      clearInterval(leaseCheck);
      shutdown.abort();
    },
  };
}
