import fs from 'node:fs';
import { TaskStatus } from '@ai-covers/contracts';
import type { Owner } from '../../../platform/auth/identity';
import type { CoverTaskRow } from '../covers.schema';
import { coverFileName, coverTitle } from '../covers.view';
import type { RenderDeps } from './render.run';

/** The preview's file as stored for the task's owner. */
export interface StoredPreview {
  id: number;
  storage_key: string;
}

type Deps = Pick<RenderDeps, 'repo' | 'files' | 'voiceName' | 'log'>;

const ownerOf = (row: Pick<CoverTaskRow, 'userId' | 'visitorId'>): Owner => ({
  userId: row.userId,
  visitorId: row.visitorId,
});

/**
 * The preview a run stores as soon as the engine has it (the engine renders the preview's window
 * first), so the task page plays it while the rest of the song renders. The engine calls `keep`;
 * the run's end uses `stored` instead of storing the preview again, or `discard`s it when the run
 * did not finish: a failed, stopped or deleted cover keeps no preview.
 */
export function earlyPreview(deps: Deps, task: CoverTaskRow, jobId: string) {
  let pending: Promise<StoredPreview | null> | null = null;

  async function store(file: string): Promise<StoredPreview | null> {
    // Whoever owns the task now: a visitor may have signed in since the run started.
    const current = await deps.repo.findById(task.id);
    if (!current || current.status !== TaskStatus.running || current.jobId !== jobId) return null;
    const owner = ownerOf(current);
    const out = await deps.files.storeOutput(owner, {
      body: fs.createReadStream(file),
      fileName: coverFileName(coverTitle(task), deps.voiceName(task), ' preview'),
      kind: 'ai-covers',
      action: 'cover',
    });
    const kept = await deps.repo.keepPreview(task.id, jobId, {
      previewFileId: out.id,
      previewKey: out.storage_key,
    });
    if (!kept) {
      // Closed or taken over while the file was stored: it belongs to nothing.
      await deps.files.deleteOwnedFiles(owner, [out.id]);
      return null;
    }
    if (kept.previous !== null && kept.previous !== out.id)
      await deps.files.deleteOwnedFiles(owner, [kept.previous]);
    return { id: out.id, storage_key: out.storage_key };
  }

  return {
    /** The engine's callback: the preview file is written and stays until the run's scratch goes. */
    keep(file: string): void {
      pending ??= store(file).catch((error: unknown) => {
        // The run goes on: its end stores the preview as it would without this step.
        deps.log.error({ err: error, taskId: task.id }, 'early cover preview not stored');
        return null;
      });
    },
    /** The stored preview, once its storing has ended; null when there was none. */
    async stored(): Promise<StoredPreview | null> {
      return pending ? await pending : null;
    },
    /** A run that did not finish: its stored preview is deleted (the task's column turns null). */
    async discard(): Promise<void> {
      const preview = await this.stored();
      if (!preview) return;
      try {
        const row = await deps.repo.ownerOf(task.id);
        if (row) await deps.files.deleteOwnedFiles(row, [preview.id]);
      } catch (error) {
        // Left on the task, whose deletion (or next run) deletes it.
        deps.log.error({ err: error, taskId: task.id }, 'early cover preview not deleted');
      }
    },
  };
}
export type EarlyPreview = ReturnType<typeof earlyPreview>;
