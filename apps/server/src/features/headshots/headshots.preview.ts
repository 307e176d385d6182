import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { Code, HeadshotMsg, Msg } from '@ai-covers/contracts';
import { HeadshotsError, type Headshots } from '@ai-covers/headshots';
import { AppError, badRequest } from '../../platform/http/app-error';
import type { HeadshotsRepo } from './headshots.repo';
import type { KeptPhoto, KeptPortraits } from './headshots.kept';
import { watermarkSvg } from './watermark';

/** Previews kept in memory (about 20 KB each), the oldest dropped first. */
const CACHE_ENTRIES = 200;
/** Previews waiting for the one in the making; more are refused as busy, not queued for minutes. */
const MAX_WAITING = 3;
/** How long one answer waits for its render: under the web's 30 s request timeout (§9). */
const ANSWER_WAIT_MS = 20_000;
/** A preview that takes longer than this is given up (a loaded machine), with the busy message. */
const PREVIEW_TIMEOUT_MS = 180_000;
/** The preview's width: the backdrop stage shows it at most this wide, so it is rendered at it. */
const PREVIEW_WIDTH = 480;

interface Rendered {
  style: string;
  /** The rendered result as a WebP data URL (no stored file, no link to sign). */
  image: string;
  width: number;
  height: number;
}

export interface BackdropPreview {
  style: string;
  ready: boolean;
  image: string | null;
  width: number | null;
  height: number | null;
  /** True when this exact photo and style were rendered before and kept. */
  cached: boolean;
  ms: number;
}

/**
 * The backdrop preview (decision 133): one of the owner's approved photos rendered by the pipeline
 * in one style, as its first result would be, before any payment. One render at a time per process
 * (the pipeline's workers are shared with the packs), a few waiting, the rest told to try again.
 * An answer waits at most `waitMs` (under the web's request timeout); a longer render goes on and
 * the caller asks again. Results are kept by photo, its bytes and the style, so choosing a tile
 * again is instant. The photo's portrait and matte, the costly part, are kept beside the photo
 * (they go with it), made in the background once it is approved or else by its first preview, so a
 * backdrop is one small render (decisions 215, 230).
 */
export function createBackdropPreviews(deps: {
  repo: Pick<HeadshotsRepo, 'findPhoto'>;
  kept: KeptPortraits;
  pipeline: () => Headshots;
  styleIds: () => string[];
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => number;
  waitMs?: number;
  /** How long a render may take before it is given up (PREVIEW_TIMEOUT_MS). */
  limitMs?: number;
}) {
  const now = deps.now ?? (() => Date.now());
  const waitMs = deps.waitMs ?? ANSWER_WAIT_MS;
  const limitMs = deps.limitMs ?? PREVIEW_TIMEOUT_MS;
  const cache = new Map<string, Rendered>();
  const making = new Map<string, Promise<Rendered>>();
  let queue: Promise<unknown> = Promise.resolve();
  const busy = () => new AppError(Code.error, HeadshotMsg.previewBusy, 503);

  async function render(photo: KeptPhoto, style: string): Promise<Rendered> {
    try {
      const signal = AbortSignal.timeout(limitMs);
      // Given up at the limit even if the pipeline does not stop (a job already on a worker runs
      // on): a render that never ends must not hold the queue, and every later preview, forever.
      const made = await untilAborted(
        deps.kept
          .portrait(photo, signal)
          .then((portrait) =>
            deps.pipeline().renderPreview(portrait, style, { width: PREVIEW_WIDTH, signal }),
          ),
        signal,
      );
      // Free before payment, so marked like every free result: a preview must not pass for a paid one.
      const data = await sharp(made.jpeg)
        .composite([{ input: watermarkSvg(made.width, made.height), top: 0, left: 0 }])
        .webp({ quality: 78 })
        .toBuffer();
      return {
        style,
        image: `data:image/webp;base64,${data.toString('base64')}`,
        width: made.width,
        height: made.height,
      };
    } catch (error) {
      throw answerFor(error, { storageKey: photo.storageKey, style });
    }
  }

  /**
   * What a failed render answers, logged with its cause: a photo the pipeline cannot use is the
   * caller's to change (400, said as it is); its own time limit or a worker that stopped is busy
   * (asking again may work); anything else is a failure of ours, never passed off as busy.
   */
  function answerFor(error: unknown, at: { storageKey: string; style: string }): AppError {
    if (error instanceof AppError) return error;
    const code = error instanceof HeadshotsError ? error.code : undefined;
    const cause = { err: error, code, ...at };
    // The pipeline's own check declined the photo on a second look.
    if (code === 'NO_USABLE_PHOTOS') {
      deps.log.warn(cause, 'backdrop preview: the photo was declined on a second look');
      return badRequest(HeadshotMsg.photoNotApproved);
    }
    if (code === 'NOT_ENOUGH_COMBINATIONS') {
      deps.log.warn(cause, 'backdrop preview: the photo gives no framing');
      return badRequest(HeadshotMsg.photoNoFraming);
    }
    if (code === 'CANCELLED' || code === 'WORKER_FAILED') {
      deps.log.warn(cause, 'backdrop preview: render given up');
      return busy();
    }
    deps.log.error(cause, 'backdrop preview failed');
    return new AppError(Code.error, Msg.generic, 503);
  }

  /** The render of this key: the one under way, or a new one in the queue. */
  function renderOf(key: string, photo: KeptPhoto, style: string): Promise<Rendered> {
    const under = making.get(key);
    if (under) return under;
    if (making.size > MAX_WAITING) throw busy();
    const job = queue.then(() => render(photo, style));
    queue = job.catch(() => undefined);
    making.set(key, job);
    job.then(
      (made) => {
        cache.delete(key);
        cache.set(key, made);
        while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      },
      () => undefined,
    );
    void job.catch(() => undefined).finally(() => making.delete(key));
    return job;
  }

  return {
    async preview(userId: number, photoId: string, style: string): Promise<BackdropPreview> {
      const started = now();
      if (!deps.styleIds().includes(style)) throw badRequest(`style: unknown style ${style}`);
      const photo = await deps.repo.findPhoto(userId, photoId);
      if (!photo) throw new AppError(Code.resourceError, Msg.fileMissing, 404);
      if (photo.status !== 'approved') throw badRequest(HeadshotMsg.photoNotApproved);
      // The check already knows this photo gives no framing: no render could show it.
      if (photo.capacity === 0) throw badRequest(HeadshotMsg.photoNoFraming);
      const key = `${photo.id}:${photo.storageKey}:${style}`;
      const kept = cache.get(key);
      if (kept) return { ...kept, ready: true, cached: true, ms: now() - started };
      const job = renderOf(key, { id: photo.id, storageKey: photo.storageKey }, style);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
      const made = await Promise.race([job, late]).finally(() => clearTimeout(timer));
      if (!made)
        return {
          style,
          ready: false,
          image: null,
          width: null,
          height: null,
          cached: false,
          ms: now() - started,
        };
      return { ...made, ready: true, cached: false, ms: now() - started };
    },
  };
}
export type BackdropPreviews = ReturnType<typeof createBackdropPreviews>;

/** The promise's outcome, or CANCELLED as soon as the signal fires. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new HeadshotsError('CANCELLED', 'The preview took too long.'));
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
