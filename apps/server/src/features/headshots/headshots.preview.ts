import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { Code, HeadshotMsg, Msg } from '@ai-covers/contracts';
import { HeadshotsError, type Headshots } from '@ai-covers/headshots';
import { AppError, badRequest } from '../../platform/http/app-error';
import type { FilesService } from '../storage/files/files.service';
import type { HeadshotsRepo } from './headshots.repo';
import { makeScratch } from './headshots.lease';

/** Previews kept in memory (about 20 KB each), the oldest dropped first. */
const CACHE_ENTRIES = 200;
/** Previews waiting for the one in the making; more are refused as busy, not queued for minutes. */
const MAX_WAITING = 3;
/** A preview that takes longer than this is given up (a loaded machine), with the busy message. */
const PREVIEW_TIMEOUT_MS = 180_000;
/** The preview's width: the backdrop stage shows it at most this wide. */
const PREVIEW_WIDTH = 480;

export interface BackdropPreview {
  style: string;
  /** The rendered result as a WebP data URL (no stored file, no link to sign). */
  image: string;
  width: number;
  height: number;
  /** True when this exact photo and style were rendered before and kept. */
  cached: boolean;
  ms: number;
}

/**
 * The backdrop preview (decision 133): one of the owner's approved photos rendered by the pipeline
 * in one style, as its first result would be, before any payment. One render at a time per process
 * (the pipeline's workers are shared with the packs), a few waiting, the rest told to try again;
 * results are kept by photo, its bytes and the style, so choosing a tile again is instant.
 */
export function createBackdropPreviews(deps: {
  repo: HeadshotsRepo;
  files: FilesService;
  pipeline: () => Headshots;
  styleIds: () => string[];
  now?: () => number;
}) {
  const now = deps.now ?? (() => Date.now());
  const cache = new Map<string, Omit<BackdropPreview, 'cached' | 'ms'>>();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const busy = () => new AppError(Code.error, HeadshotMsg.previewBusy, 503);

  async function render(storageKey: string, style: string): Promise<Omit<BackdropPreview, 'cached' | 'ms'>> {
    const dir = await makeScratch('preview');
    try {
      const input = await deps.files.localFile({ storageKey }, dir);
      const made = await deps.pipeline().makePack({
        photos: [input],
        styles: [style],
        count: 1,
        outDir: path.join(dir, 'out'),
        signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS),
      });
      const first = made.files[0];
      if (!first) throw badRequest(HeadshotMsg.photoNotApproved);
      const { data, info } = await sharp(await readFile(first.path))
        .resize({ width: PREVIEW_WIDTH })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      return {
        style,
        image: `data:image/webp;base64,${data.toString('base64')}`,
        width: info.width,
        height: info.height,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    async preview(userId: number, photoId: string, style: string): Promise<BackdropPreview> {
      const started = now();
      if (!deps.styleIds().includes(style)) throw badRequest(`style: unknown style ${style}`);
      const photo = await deps.repo.findPhoto(userId, photoId);
      if (!photo) throw new AppError(Code.resourceError, Msg.fileMissing, 404);
      if (photo.status !== 'approved') throw badRequest(HeadshotMsg.photoNotApproved);
      const key = `${photo.id}:${photo.storageKey}:${style}`;
      const kept = cache.get(key);
      if (kept) return { ...kept, cached: true, ms: Math.round(now() - started) };
      if (waiting >= MAX_WAITING) throw busy();
      waiting++;
      const turn = queue.then(() => render(photo.storageKey, style));
      queue = turn.catch(() => undefined);
      try {
        const made = await turn;
        cache.delete(key);
        cache.set(key, made);
        while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        return { ...made, cached: false, ms: now() - started };
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The pipeline's own check declined the photo on a second look.
        if (error instanceof HeadshotsError && error.code === 'NO_USABLE_PHOTOS')
          throw badRequest(HeadshotMsg.photoNotApproved);
        throw busy();
      } finally {
        waiting--;
      }
    },
  };
}
export type BackdropPreviews = ReturnType<typeof createBackdropPreviews>;
