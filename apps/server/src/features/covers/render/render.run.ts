import fs from 'node:fs';
import path from 'node:path';
import { COVER_LIMITS, CoverMsg, Msg, TaskStatus, type CoverBacking } from '@ai-covers/contracts';
import { EngineError, type CoverOptions, type CoverRenderStage, type CoverResult } from '@ai-covers/engine';
import type { Owner } from '../../../platform/auth/identity';
import { freeBytes, isOutOfSpace } from '../../../platform/disk/space';
import {
  LEASE_RENEW_MS,
  LEASE_TTL_MS,
  makeScratch,
  newLeaseOwner,
  scratchRoot,
  type LeaseSettings,
} from './render.lease';
import type { FilesService } from '../../storage/files/files.service';
import type { CoversRepo } from '../covers.repo';
import type { CoverTaskRow } from '../covers.schema';
import { keepRenderAssets, ownVocalsFile, renderAssetOutputs } from './render.assets';
import type { CoverAssetsRepo } from '../covers.assets.repo';
import { coverFileName, coverTitle } from '../covers.view';
import { SONG_FAULTS } from '../covers.faults';
import { earlyPreview, type EarlyPreview, type StoredPreview } from './render.preview';

/** Why a run was stopped from outside the engine. */
const TIMEOUT = 'timeout';
const CLOSED = 'closed';
const SHUTDOWN = 'shutdown';

export interface RenderDeps {
  repo: CoversRepo;
  files: Pick<FilesService, 'localFile' | 'storeOutput' | 'deleteOwnedFiles'>;
  createCover: (options: CoverOptions) => Promise<CoverResult>;
  voiceName: (task: Pick<CoverTaskRow, 'voiceId' | 'voiceName'>) => string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Stop a run after this long (default COVER_LIMITS.timeoutSeconds). */
  timeoutMs?: number;
  /** At most one progress write per interval (default 1 s). */
  progressIntervalMs?: number;
  /** Where run scratch folders go (default: the renders' folder in the OS temp folder). */
  tmpRoot?: string;
  /** Aborted when the process shuts down: a run in progress hands its task back to the queue. */
  shutdown?: AbortSignal;
  /** The run's lease: who holds it, for how long, how often it is renewed (decision 044). */
  lease?: LeaseSettings;
  /**
   * Where the other download formats and the stems are recorded; without it a run stores the MP3
   * and the preview only.
   */
  assets?: Pick<CoverAssetsRepo, 'keep' | 'listFor'>;
}

/** Below this much free space on the scratch disk, a failed render is put down to the disk. */
const NEARLY_FULL_BYTES = 64 * 1024 * 1024;

const defaultLease = (): LeaseSettings => ({
  owner: newLeaseOwner(),
  ttlMs: LEASE_TTL_MS,
  renewMs: LEASE_RENEW_MS,
});

export type RenderOutcome = 'skipped' | 'done' | 'failed' | 'timeout' | 'discarded' | 'released';

/**
 * Throttles progress to one database write per interval, only upward, never overlapping writes.
 * `write` answers false when the run is no longer ours (task deleted, closed or timed out).
 */
export function createProgressReporter(options: {
  intervalMs: number;
  write: (progress: number, stage?: CoverRenderStage) => Promise<boolean>;
  onLost: () => void;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let written = 0;
  let lastAt = -Infinity;
  let inflight: Promise<void> | null = null;
  return {
    report(progress: number, stage?: CoverRenderStage): void {
      // Below 1 while running: only the finished task is complete.
      const p = Math.min(progress, 0.99);
      if (p <= written || inflight || now() - lastAt < options.intervalMs) return;
      written = p;
      lastAt = now();
      inflight = options
        .write(p, stage)
        .then((ours) => {
          if (!ours) options.onLost();
        })
        // A failed progress write costs a progress tick, not the cover.
        .catch(() => undefined)
        .finally(() => {
          inflight = null;
        });
    },
    /** Waits for the write in flight, so nothing lands after the final status. */
    async settle(): Promise<void> {
      await inflight;
    },
  };
}

/**
 * One run of the `covers.render` job: claim the task, render with the engine, store the full MP3
 * and the preview for the task's owner, record the outcome. Never throws for a song's fault.
 */
export async function renderCoverTask(
  deps: RenderDeps,
  taskId: string,
  jobId: string,
): Promise<RenderOutcome> {
  const lease = deps.lease ?? defaultLease();
  const task = await deps.repo.claim(taskId, jobId, new Date(), lease);
  if (!task) return 'skipped';
  const stop = new AbortController();
  // The lease says this worker lives; losing it (another worker reclaimed the task) ends the run.
  const renewal = setInterval(() => {
    void deps.repo.renewLease(taskId, jobId, lease.ttlMs).then(
      (ours) => ours || stop.abort(CLOSED),
      // A failed renewal is retried at the next tick; the lease outlasts two of them.
      () => undefined,
    );
  }, lease.renewMs);
  let tmp: string;
  try {
    tmp = await makeScratch(deps.tmpRoot ?? scratchRoot());
  } catch (error) {
    clearInterval(renewal);
    await failUnexpected(deps, taskId, jobId, error);
    return 'failed';
  }
  const timer = setTimeout(() => stop.abort(TIMEOUT), deps.timeoutMs ?? COVER_LIMITS.timeoutSeconds * 1000);
  const onShutdown = () => stop.abort(SHUTDOWN);
  if (deps.shutdown?.aborted) onShutdown();
  else deps.shutdown?.addEventListener('abort', onShutdown, { once: true });
  const progress = createProgressReporter({
    intervalMs: deps.progressIntervalMs ?? 1000,
    write: (p, stage) => deps.repo.reportProgress(taskId, jobId, p, stage),
    onLost: () => stop.abort(CLOSED),
  });
  const early = earlyPreview(deps, task, jobId);
  let outcome: RenderOutcome = 'failed';
  try {
    outcome = await renderClaimed({ deps, task, jobId, tmp, stop: stop.signal, progress, early });
    return outcome;
  } finally {
    clearTimeout(timer);
    clearInterval(renewal);
    deps.shutdown?.removeEventListener('abort', onShutdown);
    // The preview may still be on its way to storage, reading from the scratch folder.
    if (outcome !== 'done') await early.discard();
    else await early.stored();
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}

/** What one claimed run works with. */
interface ClaimedRun {
  deps: RenderDeps;
  task: CoverTaskRow;
  jobId: string;
  /** The run's scratch folder. */
  tmp: string;
  /** Aborted with the reason the run was stopped from outside the engine. */
  stop: AbortSignal;
  progress: ReturnType<typeof createProgressReporter>;
  early: EarlyPreview;
}

/** Renders a claimed task and keeps its outputs, or records why not; the outcome says which. */
async function renderClaimed(run: ClaimedRun): Promise<RenderOutcome> {
  const { deps, task, jobId, tmp, stop, progress, early } = run;
  const taskId = task.id;
  try {
    // The song's file row is gone (deleted from the library, or expired): nothing to render.
    if (task.sourceFileId === null) {
      await deps.repo.fail(taskId, jobId, TaskStatus.failed, Msg.fileMissing);
      return 'failed';
    }
    const input = await deps.files.localFile({ storageKey: task.sourceKey }, tmp);
    // A cover from the user's own stems: the song is the instrumental, the vocal comes beside it.
    const ownVocals = deps.assets ? await ownVocalsFile(deps.files, deps.assets, task.id, tmp) : undefined;
    const full = path.join(tmp, 'full.mp3');
    const preview = path.join(tmp, 'preview.mp3');
    const made = await deps.createCover({
      input,
      // The engine renders the preview's window first and says when it is written (not from own
      // stems, which it renders in one pass): the owner hears it while the rest renders.
      ...(ownVocals ? {} : { onPreview: ({ path: file }) => early.keep(file) }),
      ...(ownVocals ? { ownVocals } : {}),
      voice: task.voiceId,
      key: task.keyShift ?? 'auto',
      backing: task.backing as CoverBacking,
      outputs: [{ path: full, bitrateKbps: 320 }, ...(deps.assets ? renderAssetOutputs(tmp).outputs : [])],
      ...(deps.assets ? { stemsDir: renderAssetOutputs(tmp).stemsDir } : {}),
      preview: { path: preview, seconds: COVER_LIMITS.previewSeconds },
      maxSeconds: COVER_LIMITS.maxSongSeconds,
      scratchDir: tmp,
      signal: stop,
      onProgress: (p, stage) => progress.report(p, stage),
    });
    await progress.settle();
    return await keepOutputs(deps, task, jobId, made, { full, preview, dir: tmp }, early);
  } catch (error) {
    await progress.settle();
    if (stop.reason === CLOSED) return 'discarded';
    if (stop.reason === SHUTDOWN) {
      // A deploy or restart, not the song's fault: start over on the next worker, no retry needed.
      await deps.repo.release(taskId, jobId);
      return 'released';
    }
    if (stop.reason === TIMEOUT) {
      await deps.repo.fail(taskId, jobId, TaskStatus.timeout, CoverMsg.timedOut);
      return 'timeout';
    }
    await failUnexpected(deps, taskId, jobId, error);
    return 'failed';
  }
}

/**
 * Records a failed run with a sentence for the person: the song's fault, a full disk (checked first:
 * a decoder that cannot write looks like a broken song), or the engine's.
 */
async function failUnexpected(deps: RenderDeps, taskId: string, jobId: string, error: unknown) {
  // ffmpeg reports a failed write in its own words, not always naming the disk: an almost full
  // scratch disk is the likelier cause of any decode or engine failure.
  const free = await freeBytes(deps.tmpRoot ?? scratchRoot());
  if (isOutOfSpace(error) || (free !== null && free < NEARLY_FULL_BYTES)) {
    deps.log.error({ err: error, taskId }, 'cover render failed: out of space');
    await deps.repo.fail(taskId, jobId, TaskStatus.failed, Msg.outOfSpace);
    return;
  }
  const songFault = error instanceof EngineError ? SONG_FAULTS[error.code] : undefined;
  if (songFault) {
    await deps.repo.fail(taskId, jobId, TaskStatus.failed, songFault);
    return;
  }
  deps.log.error({ err: error, taskId }, 'cover render failed');
  await deps.repo.fail(taskId, jobId, TaskStatus.failed, CoverMsg.engineFailed);
}

/** Stores both files for whoever owns the task now (sign-in may have claimed it meanwhile). */
async function keepOutputs(
  deps: RenderDeps,
  task: CoverTaskRow,
  jobId: string,
  made: CoverResult,
  paths: { full: string; preview: string; dir: string },
  early: EarlyPreview,
): Promise<RenderOutcome> {
  const current = await deps.repo.findById(task.id);
  if (!current || current.status !== TaskStatus.running || current.jobId !== jobId) return 'discarded';
  const owner: Owner = { userId: current.userId, visitorId: current.visitorId };
  const voice = deps.voiceName(task);
  const stored: number[] = [];
  const store = async (file: string, suffix: string) => {
    const out = await deps.files.storeOutput(owner, {
      body: fs.createReadStream(file),
      fileName: coverFileName(coverTitle(task), voice, suffix),
      kind: 'ai-covers',
      action: 'cover',
    });
    stored.push(out.id);
    return out;
  };
  try {
    const result = await store(paths.full, '');
    // Stored while the song rendered, or now (an instrumental window, or its storing failed).
    const preview: StoredPreview = (await early.stored()) ?? (await store(paths.preview, ' preview'));
    if (deps.assets) await keepRenderAssets(deps.files, deps.assets, owner, task, voice, paths.dir, stored);
    const kept = await deps.repo.finish(task.id, jobId, {
      keyApplied: made.key.semitones,
      duration: Math.round(made.durationSec * 1000) / 1000,
      resultFileId: result.id,
      resultKey: result.storage_key,
      previewFileId: preview.id,
      previewKey: preview.storage_key,
    });
    if (kept) return 'done';
  } catch (error) {
    if (stored.length > 0) await deps.files.deleteOwnedFiles(owner, stored).catch(() => 0);
    throw error;
  }
  // Deleted or closed while the files were being stored: they belong to nothing.
  await deps.files.deleteOwnedFiles(owner, stored);
  return 'discarded';
}
