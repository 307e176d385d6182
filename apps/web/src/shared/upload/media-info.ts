import { extensionOf, mimeTypeOf, type FileType } from '@ai-covers/contracts';

/** Media file info of §3, read in the browser before upload. */
export interface MediaInfo {
  fullName: string;
  name: string;
  size: number;
  ext: string;
  type: FileType;
  width: number | null;
  height: number | null;
  duration: number | null;
}

/** The §3 type of a file from its MIME type (from the browser, else the extension). */
export function mediaTypeOf(file: { name: string; type: string }): FileType {
  const mime = file.type || mimeTypeOf(file.name);
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'file';
}

/** Waits for one of the element's events, or gives up after `ms`. */
function once(target: EventTarget, events: string[], ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (name: string | null) => {
      clearTimeout(timer);
      for (const e of events) target.removeEventListener(e, handlers[e]!);
      resolve(name);
    };
    const handlers: Record<string, () => void> = {};
    for (const e of events) {
      handlers[e] = () => done(e);
      target.addEventListener(e, handlers[e]);
    }
    const timer = setTimeout(() => done(null), ms);
  });
}

/**
 * Duration of an audio/video element. Some recordings (MediaRecorder webm) report Infinity until
 * the element has seeked to the end: seek far past it and read the real value (§5).
 */
export async function probeDuration(element: HTMLMediaElement, timeoutMs = 5000): Promise<number | null> {
  if (Number.isFinite(element.duration)) return element.duration;
  if (element.duration !== Infinity) return null;
  element.currentTime = 1e101;
  await once(element, ['durationchange', 'timeupdate'], timeoutMs);
  const duration = element.duration;
  element.currentTime = 0;
  return Number.isFinite(duration) ? duration : null;
}

async function readImage(url: string): Promise<{ width: number; height: number } | null> {
  const img = new Image();
  img.src = url;
  const event = await once(img, ['load', 'error'], 10_000);
  return event === 'load' ? { width: img.naturalWidth, height: img.naturalHeight } : null;
}

async function readMedia(url: string, kind: 'audio' | 'video') {
  const element = document.createElement(kind);
  element.preload = 'metadata';
  element.muted = true;
  element.src = url;
  const event = await once(element, ['loadedmetadata', 'error'], 10_000);
  if (event !== 'loadedmetadata') return null;
  const duration = await probeDuration(element);
  const size =
    kind === 'video'
      ? { width: (element as HTMLVideoElement).videoWidth, height: (element as HTMLVideoElement).videoHeight }
      : { width: null, height: null };
  element.removeAttribute('src');
  element.load();
  return { duration, ...size };
}

/** Reads §3 media info; width, height and duration stay null when the browser cannot decode the file. */
export async function readMediaInfo(file: File): Promise<MediaInfo> {
  const ext = extensionOf(file.name);
  const type = mediaTypeOf(file);
  const info: MediaInfo = {
    fullName: file.name,
    name: ext ? file.name.slice(0, -(ext.length + 1)) : file.name,
    size: file.size,
    ext,
    type,
    width: null,
    height: null,
    duration: null,
  };
  if (type === 'file' || type === 'text' || typeof URL.createObjectURL !== 'function') return info;
  const url = URL.createObjectURL(file);
  try {
    if (type === 'image') Object.assign(info, await readImage(url));
    else Object.assign(info, (await readMedia(url, type)) ?? {});
  } finally {
    URL.revokeObjectURL(url);
  }
  return info;
}
