import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code, CoverMsg, Msg, TaskStatus, type CoverDownloadFormat } from '@ai-covers/contracts';
import type { Owner } from '../../../platform/auth/identity';
import { AppError } from '../../../platform/http/app-error';
import { writeStoredZip } from '../../../platform/format/zip';
import type { FilesService } from '../../storage/files/files.service';
import type { CoverAssetsRepo } from '../covers.assets.repo';
import { STEMS, type PaidTasks } from '../covers.formats';
import type { CoversRepo } from '../covers.repo';
import type { CoverTaskRow } from '../covers.schema';
import { coverFileName, coverTitle } from '../covers.view';

/** The file name a format is saved as. */
export function downloadName(title: string, voiceName: string, format: CoverDownloadFormat): string {
  if (format === 'stems') return `${coverFileName(title, voiceName, ' stems').slice(0, -4)}.zip`;
  if (format === 'wav') return `${coverFileName(title, voiceName).slice(0, -4)}.wav`;
  return coverFileName(title, voiceName, format === 'mp3_low' ? ' 128k' : '');
}

/**
 * The paid downloads of a finished cover: one charge (GET /v1/deduct) unlocks every format of the
 * task, and each format is then free to fetch again. The stems zip is made on its first download
 * and kept.
 */
export function createCoverDownloads(deps: {
  repo: Pick<CoversRepo, 'findOwned'>;
  assets: Pick<CoverAssetsRepo, 'listFor' | 'keepIfAbsent'>;
  files: Pick<FilesService, 'readUrl' | 'localFile' | 'storeOutput' | 'deleteOwnedFiles'>;
  paidTasks: PaidTasks;
  voiceName: (task: Pick<CoverTaskRow, 'voiceId' | 'voiceName'>) => string;
}) {
  const notAvailable = () => new AppError(Code.notAvailable, CoverMsg.formatMissing, 404);

  /** Makes the stems zip from the three stems and keeps it (the first of two racing downloads wins). */
  async function makeStemsZip(owner: Owner, task: CoverTaskRow, keys: Map<string, string>) {
    const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'stems-'));
    try {
      const title = coverTitle(task).slice(0, 60);
      const entries = [];
      for (const stem of STEMS) {
        const storageKey = keys.get(stem.role);
        if (!storageKey) throw notAvailable();
        const local = await deps.files.localFile({ storageKey }, tmp);
        // localFile may hand back the same name for each copy: move each aside before the next.
        const own = path.join(tmp, `${stem.role}.wav`);
        if (local.startsWith(tmp)) await fs.promises.rename(local, own);
        entries.push({ name: `${title} - ${stem.label}.wav`, path: local.startsWith(tmp) ? own : local });
      }
      const zipPath = path.join(tmp, 'stems.zip');
      await writeStoredZip(entries, zipPath);
      const stored = await deps.files.storeOutput(owner, {
        body: fs.createReadStream(zipPath),
        fileName: downloadName(coverTitle(task), deps.voiceName(task), 'stems'),
        kind: 'ai-covers',
        action: 'cover',
        // Three WAV stems of a long song exceed a single upload's limit; the product made them.
        maxBytes: Number.MAX_SAFE_INTEGER,
      });
      const file = { id: stored.id, storageKey: stored.storage_key };
      if (await deps.assets.keepIfAbsent(task.id, 'stems_zip', file)) return file.storageKey;
      await deps.files.deleteOwnedFiles(owner, [file.id]);
      const again = (await deps.assets.listFor([task.id])).find((a) => a.role === 'stems_zip');
      if (!again) throw notAvailable();
      return again.storageKey;
    } finally {
      await fs.promises.rm(tmp, { recursive: true, force: true });
    }
  }

  return {
    /**
     * A signed attachment URL of one format, once this account has paid for the task's download.
     * Unpaid, it says so (490026 with the real reason), whatever the balance.
     */
    async download(userId: number, taskId: string, format: CoverDownloadFormat) {
      const owner: Owner = { userId, visitorId: null };
      const task = await deps.repo.findOwned(owner, taskId);
      if (!task) throw new AppError(Code.noTask, CoverMsg.noTask, 404);
      if (task.status !== TaskStatus.done) throw new AppError(Code.error, CoverMsg.notDone, 409);
      if (!(await deps.paidTasks(userId, [taskId])).has(taskId))
        throw new AppError(Code.notAvailable, CoverMsg.downloadLocked, 403);
      const kept = await deps.assets.listFor([taskId]);
      const keys = new Map(kept.map((a) => [a.role, a.storageKey]));
      let storageKey: string | undefined;
      if (format === 'mp3') {
        if (task.resultFileId === null || !task.resultKey)
          throw new AppError(Code.resourceError, Msg.fileMissing, 404);
        storageKey = task.resultKey;
      } else if (format === 'stems') {
        storageKey = keys.get('stems_zip') ?? (await makeStemsZip(owner, task, keys));
      } else {
        storageKey = keys.get(format);
      }
      if (!storageKey) throw notAvailable();
      const name = downloadName(coverTitle(task), deps.voiceName(task), format);
      const { url, expire } = await deps.files.readUrl({ storageKey, name }, { download: true });
      return { url, name, expire };
    },
  };
}
export type CoverDownloads = ReturnType<typeof createCoverDownloads>;
