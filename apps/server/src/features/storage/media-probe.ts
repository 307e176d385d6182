import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { parseStream } from 'music-metadata';

/** What the store learns about a file cheaply at upload (§3 callback: format, width, height). */
export interface MediaFacts {
  format: string;
  width: number | null;
  height: number | null;
  duration: number | null;
}

const EMPTY: MediaFacts = { format: '', width: null, height: null, duration: null };
const PROBE_TIMEOUT_MS = 5000;

/** Reads headers only (image size, audio/video container and duration); never fails an upload. */
export async function probeMedia(
  open: () => Promise<Readable>,
  mimeType: string,
  size: number,
): Promise<MediaFacts> {
  let stream: Readable | null = null;
  const work = (async (): Promise<MediaFacts> => {
    if (mimeType.startsWith('image/') && size <= 50 * 1024 * 1024) {
      stream = await open();
      const meta = await stream.pipe(sharp({ limitInputPixels: 100_000_000 })).metadata();
      return {
        format: meta.format ?? '',
        width: meta.width ?? null,
        height: meta.height ?? null,
        duration: null,
      };
    }
    if (mimeType.startsWith('audio/') || mimeType.startsWith('video/')) {
      stream = await open();
      const meta = await parseStream(stream, { mimeType, size }, { duration: false, skipCovers: true });
      const duration = meta.format.duration;
      return {
        format: (meta.format.container ?? '').toLowerCase(),
        width: null,
        height: null,
        duration:
          duration !== undefined && Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : null,
      };
    }
    return EMPTY;
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<MediaFacts>((resolve) => {
    timer = setTimeout(() => resolve(EMPTY), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work.catch(() => EMPTY), timeout]);
  } finally {
    clearTimeout(timer);
    (stream as Readable | null)?.destroy();
  }
}
