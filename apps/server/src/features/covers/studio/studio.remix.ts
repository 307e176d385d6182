import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code, COVER_LIMITS, CoverMsg, TaskStatus, type CoverMix } from '@ai-covers/contracts';
import type { RemixOptions, RemixResult } from '@ai-covers/engine';
import type { Owner } from '../../../platform/auth/identity';
import { AppError } from '../../../platform/http/app-error';
import type { FilesService } from '../../storage/files/files.service';
import type { CoverAssetsRepo, KeptFile } from '../covers.assets.repo';
import type { CoversRepo } from '../covers.repo';
import { coverFileName, coverTitle } from '../covers.view';
import type { CoverTaskRow } from '../covers.schema';

/** Remixes one process runs at once: each is seconds of CPU in the API process. */
const MAX_PARALLEL_REMIXES = 2;
/** A remix is mixing and encoding only; past this something is wrong. */
const REMIX_TIMEOUT_MS = 120_000;

/**
 * Remix: a finished task mixed again from the stems its render kept (vocal level, instrumental
 * level, reverb). Seconds, not a new render; the new mix becomes the task's result (decision 045),
 * so a paid download stays paid and the share link plays the new mix. The MP3 128k of the old mix
 * goes; its next download encodes it from the new WAV (decision 255).
 */
export function createCoverRemixer(deps: {
  repo: Pick<CoversRepo, 'findOwned'>;
  assets: Pick<CoverAssetsRepo, 'listFor' | 'swapMix'>;
  files: Pick<FilesService, 'localFile' | 'storeOutput' | 'deleteOwnedFiles'>;
  remixStems: (o: RemixOptions) => Promise<RemixResult>;
  voiceName: (task: Pick<CoverTaskRow, 'voiceId' | 'voiceName'>) => string;
}) {
  let running = 0;
  const busyTasks = new Set<string>();

  return {
    /** Mixes the task again; answers once the new result is in place. */
    async remix(owner: Owner, taskId: string, mix: CoverMix): Promise<void> {
      const task = await deps.repo.findOwned(owner, taskId);
      if (!task) throw new AppError(Code.noTask, CoverMsg.noTask, 404);
      if (task.status !== TaskStatus.done) throw new AppError(Code.error, CoverMsg.notDone, 409);
      const kept = new Map((await deps.assets.listFor([taskId])).map((a) => [a.role, a.storageKey]));
      const vocals = kept.get('vocals');
      const instrumental = kept.get('instrumental');
      if (!vocals || !instrumental) throw new AppError(Code.error, CoverMsg.remixUnavailable, 409);
      if (running >= MAX_PARALLEL_REMIXES || busyTasks.has(taskId))
        throw new AppError(Code.error, CoverMsg.remixBusy, 429);
      running++;
      busyTasks.add(taskId);
      const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'remix-'));
      const stored: number[] = [];
      try {
        const localVocals = await deps.files.localFile({ storageKey: vocals }, tmp);
        const ownVocals = path.join(tmp, 'vocals.wav');
        if (localVocals.startsWith(tmp)) await fs.promises.rename(localVocals, ownVocals);
        const localInst = await deps.files.localFile({ storageKey: instrumental }, tmp);
        const out = (name: string) => path.join(tmp, name);
        await deps.remixStems({
          vocals: localVocals.startsWith(tmp) ? ownVocals : localVocals,
          instrumental: localInst,
          levels: { vocal: mix.vocal, instrumental: mix.instrumental },
          reverb: mix.reverb,
          outputs: [{ path: out('full.mp3'), bitrateKbps: 320 }, { path: out('full.wav') }],
          preview: { path: out('preview.mp3'), seconds: COVER_LIMITS.previewSeconds },
          maxSeconds: COVER_LIMITS.maxSongSeconds + 5,
          signal: AbortSignal.timeout(REMIX_TIMEOUT_MS),
        });
        const voice = deps.voiceName(task);
        const store = async (file: string, suffix: string): Promise<KeptFile> => {
          const made = await deps.files.storeOutput(owner, {
            body: fs.createReadStream(out(file)),
            fileName: coverFileName(coverTitle(task), voice, suffix).replace(/\.mp3$/, path.extname(file)),
            kind: 'ai-covers',
            action: 'cover',
            maxBytes: Number.MAX_SAFE_INTEGER,
          });
          stored.push(made.id);
          return { id: made.id, storageKey: made.storage_key };
        };
        const made = {
          result: await store('full.mp3', ''),
          preview: await store('preview.mp3', ' preview'),
          wav: await store('full.wav', ''),
        };
        const replaced = await deps.assets.swapMix(taskId, made, mix);
        if (!replaced) throw new AppError(Code.noTask, CoverMsg.noTask, 404);
        stored.length = 0;
        if (replaced.length > 0) await deps.files.deleteOwnedFiles(owner, replaced);
      } finally {
        // Files of a remix that did not land belong to nothing.
        if (stored.length > 0) await deps.files.deleteOwnedFiles(owner, stored).catch(() => 0);
        running--;
        busyTasks.delete(taskId);
        await fs.promises.rm(tmp, { recursive: true, force: true });
      }
    },
  };
}
export type CoverRemixer = ReturnType<typeof createCoverRemixer>;
