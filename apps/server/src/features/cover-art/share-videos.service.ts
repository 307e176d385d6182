import {
  COVER_ART_LIMITS,
  Code,
  CoverArtMsg,
  TaskStatus,
  VIDEO_FORMATS,
  type ArtVideo,
  type VideoFormat,
} from '@ai-covers/contracts';
import type { Owner } from '../../platform/auth/identity';
import { AppError } from '../../platform/http/app-error';
import type { CoverArtRepo } from './cover-art.repo';
import type { ArtVideoRow } from './cover-art.schema';
import type { ArtFiles, CoverArtService } from './cover-art.service';
import { newArtId, shareVideoName, toArtVideo } from './cover-art.view';

/** Sends a waiting video its job; false when the queue refused. */
export type VideoEnqueuer = (videoId: string) => Promise<boolean>;

const videoMissing = () => new AppError(Code.resourceError, CoverArtMsg.videoMissing, 404);

/** Share videos: made by the worker from an export and the free preview, followed by their owner. */
export function createShareVideosService(deps: {
  repo: CoverArtRepo;
  art: Pick<CoverArtService, 'ownedCover' | 'exportMissing'>;
  files: Pick<ArtFiles, 'readUrl' | 'deleteOwnedFiles'>;
  enqueue: VideoEnqueuer;
  now?: () => number;
}) {
  const { repo, files } = deps;
  const now = deps.now ?? (() => Date.now());
  const timeoutMs = COVER_ART_LIMITS.videoTimeoutSeconds * 1000;

  async function view(row: ArtVideoRow, title: string): Promise<ArtVideo> {
    const url =
      row.fileKey && row.fileId !== null
        ? (await files.readUrl({ storageKey: row.fileKey, name: shareVideoName(title) }, { download: true }))
            .url
        : null;
    return toArtVideo(row, url, now(), timeoutMs);
  }

  return {
    /** Starts a share video of one of the cover's exports (one at a time per cover). */
    async create(
      owner: Owner,
      taskId: string,
      body: { export_id: string; format: VideoFormat },
    ): Promise<ArtVideo> {
      const cover = await deps.art.ownedCover(owner, taskId);
      if (!cover.preview) throw new AppError(Code.error, CoverArtMsg.noPreview, 409);
      const exported = await repo.findExport(taskId, body.export_id);
      if (!exported) throw deps.art.exportMissing();
      await repo.timeOutStaleVideos(new Date(now() - timeoutMs), CoverArtMsg.videoTimedOut);
      if ((await repo.countVideos(taskId, true)) > 0)
        throw new AppError(Code.error, CoverArtMsg.videoBusy, 429);
      if ((await repo.countVideos(taskId)) >= COVER_ART_LIMITS.maxVideosPerCover) {
        const freed = await repo.removeOldestUnsharedVideo(taskId);
        if (!freed) throw new AppError(Code.error, CoverArtMsg.tooMany, 409);
        if (freed.length) await files.deleteOwnedFiles(cover.owner, freed);
      }
      const size = VIDEO_FORMATS[body.format];
      const row = await repo.insertVideo({
        id: newArtId(),
        taskId,
        exportId: exported.id,
        format: body.format,
        width: size.width,
        height: size.height,
      });
      if (!(await deps.enqueue(row.id))) {
        await repo.failVideo(row.id, null, TaskStatus.failed, CoverArtMsg.videoFailed);
        return view((await repo.findVideo(row.id))!, exported.title);
      }
      return view((await repo.findVideo(row.id))!, exported.title);
    },

    /** One of the caller's share videos, with its progress (another owner's reads as missing). */
    async get(owner: Owner, videoId: string): Promise<ArtVideo> {
      const row = await repo.findVideo(videoId);
      if (!row) throw videoMissing();
      try {
        await deps.art.ownedCover(owner, row.taskId);
      } catch {
        throw videoMissing();
      }
      const exported = await repo.findExport(row.taskId, row.exportId);
      return view(row, exported?.title ?? 'Cover');
    },
  };
}
export type ShareVideosService = ReturnType<typeof createShareVideosService>;
