import {
  COVER_ART_LIMITS,
  Code,
  CoverArtMsg,
  TaskStatus,
  type ArtShare,
  type ShareView,
} from '@ai-covers/contracts';
import { AppError } from '../../platform/http/app-error';
import type { CoversService } from '../covers/covers.service';
import { shareImage } from './art-render';
import type { CoverArtRepo } from './cover-art.repo';
import type { ShareRow } from './cover-art.schema';
import { storeFor, type ArtFiles, type CoverArtService } from './cover-art.service';
import { newArtId, shareVideoName, toArtShare } from './cover-art.view';
import { readStored } from './stored-bytes';

/** A revoked, unknown or broken share: all read the same, so an id reveals nothing. */
export const shareGone = () => new AppError(Code.resourceError, CoverArtMsg.shareGone, 404);

/** What the page head of a share needs (Open Graph and Twitter card tags). */
export interface ShareMeta {
  id: string;
  title: string;
  voiceName: string;
  imagePath: string;
  imageWidth: number;
  imageHeight: number;
  videoPath: string | null;
}

/**
 * Public shares of a cover's art: the owner creates and revokes them; anyone with the link sees the
 * artwork and hears the watermarked preview, and nothing else of the owner.
 */
export function createSharesService(deps: {
  repo: CoverArtRepo;
  covers: Pick<CoversService, 'finishedCover'>;
  art: Pick<CoverArtService, 'ownedCover' | 'exportMissing'>;
  files: ArtFiles;
}) {
  const { repo, files } = deps;

  /** A live share with everything it shows still in place, or null. */
  async function live(shareId: string) {
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(shareId)) return null;
    const share = await repo.findShare(shareId);
    if (!share || share.revokedAt || share.imageFileId === null) return null;
    const cover = await deps.covers.finishedCover(share.taskId);
    if (!cover?.preview) return null;
    const video = share.videoId ? await repo.findVideo(share.videoId) : null;
    const playable =
      video && video.status === TaskStatus.done && video.fileId !== null && video.fileKey ? video : null;
    return { share, cover: { ...cover, preview: cover.preview }, video: playable };
  }

  const artworkPath = (share: ShareRow) => `/v1/share/${share.id}/artwork.jpg`;

  return {
    /** Shares the export (and a finished video of it) under a new public id. Signed-in owners only. */
    async create(
      userId: number,
      taskId: string,
      body: { export_id: string; video_id?: string | undefined },
    ): Promise<ArtShare> {
      const owner = { userId, visitorId: null };
      const cover = await deps.art.ownedCover(owner, taskId);
      if (!cover.preview) throw new AppError(Code.error, CoverArtMsg.noPreview, 409);
      const exported = await repo.findExport(taskId, body.export_id);
      if (!exported) throw deps.art.exportMissing();
      let videoId: string | null = null;
      if (body.video_id) {
        const video = await repo.findVideo(body.video_id);
        if (!video || video.taskId !== taskId || video.status !== TaskStatus.done)
          throw new AppError(Code.resourceError, CoverArtMsg.videoMissing, 404);
        videoId = video.id;
      }
      if ((await repo.countLiveShares(taskId)) >= COVER_ART_LIMITS.maxSharesPerCover)
        throw new AppError(Code.error, CoverArtMsg.tooMany, 409);
      const { jpeg, size } = await shareImage(await readStored(files, exported.imageKey));
      const image = await storeFor(files, cover)(jpeg, 'shared cover art.jpg', 'art-share');
      try {
        const row = await repo.insertShare({
          id: newArtId(),
          taskId,
          userId,
          exportId: exported.id,
          videoId,
          title: exported.title,
          voiceName: cover.voiceName,
          imageFileId: image.id,
          imageKey: image.storage_key,
          imageWidth: size.width,
          imageHeight: size.height,
        });
        return toArtShare(row);
      } catch (error) {
        await files.deleteOwnedFiles(cover.owner, [image.id]).catch(() => 0);
        throw error;
      }
    },

    /** Revokes one of the user's shares: its page says it is gone from now on. */
    async revoke(userId: number, shareId: string): Promise<{ share_id: string; revoked: true }> {
      const row = await repo.revokeShare(userId, shareId);
      if (!row) throw shareGone();
      return { share_id: row.id, revoked: true };
    },

    /** What a signed-out visitor sees: the artwork, the watermarked preview, a finished video. */
    async view(shareId: string): Promise<ShareView> {
      const found = await live(shareId);
      if (!found) throw shareGone();
      const { share, cover, video } = found;
      const audio = await files.readUrl(cover.preview);
      const videoUrl = video
        ? (await files.readUrl({ storageKey: video.fileKey!, name: shareVideoName(share.title) })).url
        : null;
      return {
        id: share.id,
        title: share.title,
        voice_name: share.voiceName,
        artwork_url: artworkPath(share),
        artwork_width: share.imageWidth,
        artwork_height: share.imageHeight,
        audio_url: audio.url,
        video_url: videoUrl,
        video_width: video?.width ?? null,
        video_height: video?.height ?? null,
      };
    },

    /** A fresh signed URL of a live share's artwork (the stable artwork address redirects to it). */
    async artworkUrl(shareId: string): Promise<string> {
      const found = await live(shareId);
      if (!found) throw shareGone();
      return (await files.readUrl({ storageKey: found.share.imageKey, name: 'cover-art.jpg' })).url;
    },

    /** The head tags' facts of a live share, or null (the page then says it is gone). */
    async meta(shareId: string): Promise<ShareMeta | null> {
      const found = await live(shareId);
      if (!found) return null;
      const { share, video } = found;
      return {
        id: share.id,
        title: share.title,
        voiceName: share.voiceName,
        imagePath: artworkPath(share),
        imageWidth: share.imageWidth,
        imageHeight: share.imageHeight,
        videoPath: video ? `/v1/share/${share.id}/video.mp4` : null,
      };
    },

    /** A fresh signed URL of a live share's video, or gone. */
    async videoUrl(shareId: string): Promise<string> {
      const found = await live(shareId);
      if (!found?.video) throw shareGone();
      return (
        await files.readUrl({ storageKey: found.video.fileKey!, name: shareVideoName(found.share.title) })
      ).url;
    },
  };
}
export type SharesService = ReturnType<typeof createSharesService>;
