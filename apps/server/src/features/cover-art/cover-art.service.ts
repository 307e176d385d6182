import { Readable } from 'node:stream';
import {
  COVER_ART_LIMITS,
  avatarRect,
  Code,
  CoverArtMsg,
  CoverMsg,
  cropProblem,
  outputSize,
  presetRatio,
  titleProblem,
  type ArtExport,
  type ArtExportBody,
  type ArtStyle,
  type CoverArt,
} from '@ai-covers/contracts';
import type { Owner } from '../../platform/auth/identity';
import { AppError, badRequest } from '../../platform/http/app-error';
import { formatDate } from '../../platform/format/format-date';
import type { CoversService, FinishedCover } from '../covers/covers.service';
import type { FilesService } from '../storage/files/files.service';
import { generateLayers, normaliseUpload, readTitleLayer, renderExport, tagPicture } from './art-render';
import type { CoverArtRepo } from './cover-art.repo';
import type { ArtExportRow, CoverArtRow } from './cover-art.schema';
import { fileSafe, newArtId, shareVideoName, toArtShare, toArtVideo } from './cover-art.view';
import { readStored } from './stored-bytes';

export type ArtFiles = Pick<
  FilesService,
  'storeOutput' | 'readUrl' | 'deleteOwnedFiles' | 'ownedFileByKey' | 'localFile'
>;

export interface CoverArtServiceDeps {
  repo: CoverArtRepo;
  covers: Pick<CoversService, 'finishedCover'>;
  files: ArtFiles;
  /** The voice's avatar (SVG), for generated artwork. */
  avatarSvg: (voiceId: string) => string | undefined;
  now?: () => number;
}

const DEFAULT_STYLE: ArtStyle = 'aurora';
export const noCover = () => new AppError(Code.noTask, CoverMsg.noTask, 404);
const exportMissing = () => new AppError(Code.resourceError, CoverArtMsg.exportMissing, 404);
const tooMany = () => new AppError(Code.error, CoverArtMsg.tooMany, 409);

/** Stores server-made bytes as an internal file of the cover's owner. */
export function storeFor(files: ArtFiles, cover: FinishedCover) {
  return async (bytes: Buffer, fileName: string, action: string) =>
    files.storeOutput(cover.owner, { body: Readable.from([bytes]), fileName, kind: 'ai-covers', action });
}

/**
 * The art of a finished cover: generated in a style (or an uploaded image), and its exports as an
 * image plus a layered PSD. Only the cover's owner reaches any of it.
 */
export function createCoverArtService(deps: CoverArtServiceDeps) {
  const { repo, files } = deps;
  const now = deps.now ?? (() => Date.now());
  const timeoutMs = COVER_ART_LIMITS.videoTimeoutSeconds * 1000;

  async function ownedCover(owner: Owner, taskId: string): Promise<FinishedCover> {
    const cover = await deps.covers.finishedCover(taskId, owner);
    if (!cover) throw noCover();
    return cover;
  }

  /** Draws and stores the generated layers of a style; returns the art's layer fields. */
  async function generated(cover: FinishedCover, style: ArtStyle) {
    const svg = deps.avatarSvg(cover.voiceId);
    if (!svg) throw new AppError(Code.error, CoverMsg.unknownVoice, 400);
    const made = await generateLayers({ style, voiceId: cover.voiceId, seed: cover.taskId, avatarSvg: svg });
    const store = storeFor(files, cover);
    const background = await store(made.background, 'cover art background.png', 'art-background');
    try {
      const avatar = await store(made.avatar, 'cover art avatar.png', 'art-avatar');
      return {
        source: 'generated' as const,
        style,
        width: made.size,
        height: made.size,
        backgroundFileId: background.id,
        backgroundKey: background.storage_key,
        avatarFileId: avatar.id,
        avatarKey: avatar.storage_key,
      };
    } catch (error) {
      await files.deleteOwnedFiles(cover.owner, [background.id]).catch(() => 0);
      throw error;
    }
  }

  /** The cover's art, generated on first use; art whose layer file is gone is drawn again. */
  async function ensureArt(cover: FinishedCover): Promise<CoverArtRow> {
    const found = await repo.findArt(cover.taskId);
    if (
      found &&
      found.backgroundFileId !== null &&
      (found.source === 'upload' || found.avatarFileId !== null)
    )
      return found;
    const layers = await generated(cover, (found?.style as ArtStyle | undefined) ?? DEFAULT_STYLE);
    const stored = [layers.backgroundFileId, layers.avatarFileId];
    if (found) {
      const freed = await repo.replaceArt(cover.taskId, layers);
      if (freed?.length) await files.deleteOwnedFiles(cover.owner, freed);
      return (await repo.findArt(cover.taskId))!;
    }
    const { row, inserted } = await repo.insertArt({ taskId: cover.taskId, ...layers });
    // Another request drew it at the same moment: keep theirs, drop ours.
    if (!inserted) await files.deleteOwnedFiles(cover.owner, stored);
    return row;
  }

  async function exportView(row: ArtExportRow): Promise<ArtExport> {
    const image = await files.readUrl({ storageKey: row.imageKey, name: row.name }, { download: true });
    const psdName = row.name.replace(/\.(png|jpe?g)$/i, '.psd');
    const psd = await files.readUrl({ storageKey: row.psdKey, name: psdName }, { download: true });
    return {
      id: row.id,
      format: row.format as ArtExport['format'],
      resolution: row.resolution as ArtExport['resolution'],
      width: row.width,
      height: row.height,
      name: row.name,
      url: image.url,
      psd_url: psd.url,
      created_at: formatDate(row.createdAt),
    };
  }

  async function view(cover: FinishedCover, art: CoverArtRow): Promise<CoverArt> {
    const background = await files.readUrl({ storageKey: art.backgroundKey, name: 'background.png' });
    const avatar = art.avatarKey
      ? await files.readUrl({ storageKey: art.avatarKey, name: 'avatar.png' })
      : null;
    await repo.timeOutStaleVideos(new Date(now() - timeoutMs), CoverArtMsg.videoTimedOut);
    const [exports, videos, shares] = await Promise.all([
      repo.listExports(cover.taskId),
      repo.listVideos(cover.taskId),
      repo.listShares(cover.taskId),
    ]);
    return {
      task_id: cover.taskId,
      source: art.source as CoverArt['source'],
      style: art.style as ArtStyle,
      width: art.width,
      height: art.height,
      background_url: background.url,
      avatar_url: avatar?.url ?? null,
      // The cover's own title (the song's tags), as the cover page shows it.
      title: [...cover.title].slice(0, COVER_ART_LIMITS.maxTitleChars).join(''),
      subtitle: cover.voiceName,
      design: art.design ?? null,
      exports: await Promise.all(exports.map(exportView)),
      videos: await Promise.all(
        videos.map(async (v) => {
          const url =
            v.fileKey && v.fileId !== null
              ? // Saved under the cover's title: a link's own name is the storage id.
                (
                  await files.readUrl(
                    { storageKey: v.fileKey, name: shareVideoName(cover.title) },
                    { download: true },
                  )
                ).url
              : null;
          return toArtVideo(v, url, now(), timeoutMs);
        }),
      ),
      shares: shares.map(toArtShare),
    };
  }

  return {
    ownedCover,
    exportView,

    /** `GET /v1/cover-art/{task_id}`. */
    async art(owner: Owner, taskId: string): Promise<CoverArt> {
      const cover = await ownedCover(owner, taskId);
      return view(cover, await ensureArt(cover));
    },

    /** Generated artwork in another style (an uploaded image is replaced by it). */
    async setStyle(owner: Owner, taskId: string, style: ArtStyle): Promise<CoverArt> {
      const cover = await ownedCover(owner, taskId);
      await ensureArt(cover);
      const layers = await generated(cover, style);
      const freed = await repo.replaceArt(taskId, layers);
      if (freed?.length) await files.deleteOwnedFiles(cover.owner, freed);
      return view(cover, (await repo.findArt(taskId))!);
    },

    /** One of the caller's uploaded images as the artwork: checked, turned upright, kept as a copy. */
    async useUpload(owner: Owner, taskId: string, fileKey: string): Promise<CoverArt> {
      const cover = await ownedCover(owner, taskId);
      const file = await files.ownedFileByKey(owner, fileKey);
      if (file.fileSize === 0) throw badRequest(CoverArtMsg.emptyImage);
      if (file.fileType !== 'image') throw badRequest(CoverArtMsg.notImage);
      const { png, size } = await normaliseUpload(await readStored(files, file.storageKey));
      await ensureArt(cover);
      const background = await storeFor(files, cover)(png, 'cover art background.png', 'art-background');
      const freed = await repo.replaceArt(taskId, {
        source: 'upload',
        style: (await repo.findArt(taskId))?.style ?? DEFAULT_STYLE,
        width: size.width,
        height: size.height,
        backgroundFileId: background.id,
        backgroundKey: background.storage_key,
        avatarFileId: null,
        avatarKey: null,
      });
      if (freed?.length) await files.deleteOwnedFiles(cover.owner, freed);
      return view(cover, (await repo.findArt(taskId))!);
    },

    /** Renders the design as PNG or JPEG and a layered PSD, stores both and remembers the design. */
    async exportArt(owner: Owner, taskId: string, body: ArtExportBody): Promise<ArtExport> {
      const cover = await ownedCover(owner, taskId);
      const art = await ensureArt(cover);
      const origin = { width: art.width, height: art.height };
      const { design } = body;
      const problem =
        titleProblem(design.title) ??
        (design.subtitle ? titleProblem(design.subtitle) : null) ??
        cropProblem(design.crop, origin, presetRatio(design.preset));
      if (problem) throw badRequest(problem);
      const out = outputSize(design.crop, body.resolution);
      const titleLayer = await readTitleLayer(body.title_layer, out);
      if ((await repo.countExports(taskId)) >= COVER_ART_LIMITS.maxExportsPerCover) {
        const freed = await repo.removeOldestUnsharedExport(taskId);
        if (!freed) throw tooMany();
        await files.deleteOwnedFiles(cover.owner, freed);
      }
      const background = await readStored(files, art.backgroundKey);
      const avatar = art.avatarKey ? await readStored(files, art.avatarKey) : null;
      const rendered = await renderExport({
        background,
        avatar,
        origin,
        design,
        out,
        titleLayer,
        format: body.format,
      });
      const name = `${fileSafe(design.title)} (cover art).${body.format === 'png' ? 'png' : 'jpg'}`;
      const store = storeFor(files, cover);
      const stored: number[] = [];
      try {
        const image = await store(rendered.image, name, 'art-export');
        stored.push(image.id);
        const psd = await store(rendered.psd, name.replace(/\.\w+$/, '.psd'), 'art-psd');
        stored.push(psd.id);
        const row = await repo.insertExport({
          id: newArtId(),
          taskId,
          format: body.format,
          resolution: body.resolution,
          width: out.width,
          height: out.height,
          name,
          title: design.title,
          imageFileId: image.id,
          imageKey: image.storage_key,
          psdFileId: psd.id,
          psdKey: psd.storage_key,
        });
        await repo.saveDesign(taskId, design);
        return await exportView(row);
      } catch (error) {
        // Nothing half-made stays behind: the stored files go with the failed export.
        if (stored.length > 0) await files.deleteOwnedFiles(cover.owner, stored).catch(() => 0);
        throw error;
      }
    },

    /**
     * Hook for covers: the picture its downloads carry (a square JPEG): the latest export, else the
     * generated artwork (drawn now when the cover never had any). Null when the cover is not done.
     */
    async artworkPicture(taskId: string): Promise<Buffer | null> {
      const cover = await deps.covers.finishedCover(taskId);
      if (!cover) return null;
      const [latest] = await repo.listExports(taskId);
      if (latest) return tagPicture(await readStored(files, latest.imageKey));
      const art = await ensureArt(cover);
      const background = await readStored(files, art.backgroundKey);
      if (!art.avatarKey) return tagPicture(background);
      const rect = avatarRect(art.width);
      const avatar = await readStored(files, art.avatarKey);
      return tagPicture(background, [{ input: avatar, left: rect.x, top: rect.y }]);
    },

    /** Hook for covers: a cover being deleted takes its art's files along (the rows go with the cover). */
    async removeCoverArt(owner: Owner, taskId: string): Promise<void> {
      const ids = await repo.filesOfCover(taskId);
      if (ids.length > 0) await files.deleteOwnedFiles(owner, ids);
    },

    exportMissing,
  };
}
export type CoverArtService = ReturnType<typeof createCoverArtService>;
