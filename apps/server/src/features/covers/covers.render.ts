import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COVER_LIMITS, CoverMsg, Msg, TaskStatus, type CoverBacking } from '@ai-covers/contracts';
import { EngineError, type CoverOptions, type CoverResult, type EngineErrorCode } from '@ai-covers/engine';
import type { Owner } from '../../platform/auth/identity';
import type { FilesService } from '../storage/files.service';
import type { CoversRepo } from './covers.repo';
import type { CoverTaskRow } from './covers.schema';
import { coverFileName } from './covers.view';

/** Engine failures caused by the song itself: their messages are written for the person who sent it. */
const SONG_FAULTS: ReadonlySet<EngineErrorCode> = new Set([
  'NOT_AUDIO',
  'CORRUPT',
  'EMPTY',
  'SILENT',
  'TOO_LONG',
  'TOO_SHORT',
  'NO_VOCAL',
]);

/** Why a run was stopped from outside the engine. */
const TIMEOUT = 'timeout';
const CLOSED = 'closed';
const SHUTDOWN = 'shutdown';

export interface RenderDeps {
  repo: CoversRepo;
  files: Pick<FilesService, 'localFile' | 'storeOutput' | 'deleteOwnedFiles'>;
  createCover: (options: CoverOptions) => Promise<CoverResult>;
  voiceName: (voiceId: string) => string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Stop a run after this long (default COVER_LIMITS.timeoutSeconds). */
  timeoutMs?: number;
  /** At most one progress write per interval (default 1 s). */
  progressIntervalMs?: number;
  tmpRoot?: string;
  /** Aborted when the process shuts down: a run in progress hands its task back to the queue. */
  shutdown?: AbortSignal;
}

export type RenderOutcome = 'skipped' | 'done' | 'failed' | 'timeout' | 'discarded' | 'released';

/**
 * Throttles progress to one database write per interval, only upward, never overlapping writes.
 * `write` answers false when the run is no longer ours (task deleted, closed or timed out).
 */
export function createProgressReporter(options: {
  intervalMs: number;
  write: (progress: number) => Promise<boolean>;
  onLost: () => void;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let written = 0;
  let lastAt = -Infinity;
  let inflight: Promise<void> | null = null;
  return {
    report(progress: number): void {
      // Below 1 while running: only the finished task is complete.
      const p = Math.min(progress, 0.99);
      if (p <= written || inflight || now() - lastAt < options.intervalMs) return;
      written = p;
      lastAt = now();
      inflight = options
        .write(p)
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
  const task = await deps.repo.claim(taskId, jobId, new Date());
  if (!task) return 'skipped';
  const tmp = await fs.promises.mkdtemp(path.join(deps.tmpRoot ?? os.tmpdir(), 'cover-'));
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(TIMEOUT), deps.timeoutMs ?? COVER_LIMITS.timeoutSeconds * 1000);
  const onShutdown = () => stop.abort(SHUTDOWN);
  if (deps.shutdown?.aborted) onShutdown();
  else deps.shutdown?.addEventListener('abort', onShutdown, { once: true });
  const progress = createProgressReporter({
    intervalMs: deps.progressIntervalMs ?? 1000,
    write: (p) => deps.repo.reportProgress(taskId, jobId, p),
    onLost: () => stop.abort(CLOSED),
  });
  try {
    // The song's file row is gone (deleted from the library, or expired): nothing to render.
    if (task.sourceFileId === null) {
      await deps.repo.fail(taskId, jobId, TaskStatus.failed, Msg.fileMissing);
      return 'failed';
    }
    const input = await deps.files.localFile({ storageKey: task.sourceKey }, tmp);
    const full = path.join(tmp, 'full.mp3');
    const preview = path.join(tmp, 'preview.mp3');
    const made = await deps.createCover({
      input,
      voice: task.voiceId,
      key: task.keyShift ?? 'auto',
      backing: task.backing as CoverBacking,
      outputs: [{ path: full, bitrateKbps: 320 }],
      preview: { path: preview, seconds: COVER_LIMITS.previewSeconds },
      maxSeconds: COVER_LIMITS.maxSongSeconds,
      signal: stop.signal,
      onProgress: (p) => progress.report(p),
    });
    await progress.settle();
    return await keepOutputs(deps, task, jobId, made, { full, preview });
  } catch (error) {
    await progress.settle();
    if (stop.signal.reason === CLOSED) return 'discarded';
    if (stop.signal.reason === SHUTDOWN) {
      // A deploy or restart, not the song's fault: start over on the next worker, no retry needed.
      await deps.repo.release(taskId, jobId);
      return 'released';
    }
    if (stop.signal.reason === TIMEOUT) {
      await deps.repo.fail(taskId, jobId, TaskStatus.timeout, CoverMsg.timedOut);
      return 'timeout';
    }
    if (error instanceof EngineError && SONG_FAULTS.has(error.code)) {
      // The product's own words (translated in the web) where it has them.
      const message = error.code === 'NO_VOCAL' ? CoverMsg.noVocal : error.message;
      await deps.repo.fail(taskId, jobId, TaskStatus.failed, message);
      return 'failed';
    }
    deps.log.error({ err: error, taskId }, 'cover render failed');
    await deps.repo.fail(taskId, jobId, TaskStatus.failed, CoverMsg.engineFailed);
    return 'failed';
  } finally {
    clearTimeout(timer);
    deps.shutdown?.removeEventListener('abort', onShutdown);
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}

/** Stores both files for whoever owns the task now (sign-in may have claimed it meanwhile). */
async function keepOutputs(
  deps: RenderDeps,
  task: CoverTaskRow,
  jobId: string,
  made: CoverResult,
  paths: { full: string; preview: string },
): Promise<RenderOutcome> {
  const current = await deps.repo.findById(task.id);
  if (!current || current.status !== TaskStatus.running || current.jobId !== jobId) return 'discarded';
  const owner: Owner = { userId: current.userId, visitorId: current.visitorId };
  const voice = deps.voiceName(task.voiceId);
  const stored: number[] = [];
  const store = async (file: string, suffix: string) => {
    const out = await deps.files.storeOutput(owner, {
      body: fs.createReadStream(file),
      fileName: coverFileName(task.songName, voice, suffix),
      kind: 'ai-covers',
      action: 'cover',
    });
    stored.push(out.id);
    return out;
  };
  try {
    const result = await store(paths.full, '');
    const preview = await store(paths.preview, ' preview');
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
