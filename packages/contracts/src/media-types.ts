// Pure helpers without zod, so the web app can import them without pulling zod into a page.

/** `passport-photo-maker` uploads go to the background remover's area (§7). */
export const STORAGE_KIND_ALIASES: Readonly<Record<string, string>> = { 'passport-photo-maker': 'bgremover' };

/** Maps a requested kind to the storage kind (alias applied). */
export function storageKindOf(kind: string): string {
  return STORAGE_KIND_ALIASES[kind] ?? kind;
}

/** A key segment: letters, digits, dot, dash, underscore; never `.` or `..`. */
export const KEY_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,128}$/;

/** True when `key` is a relative object key made only of safe segments (no traversal). */
export function isSafeObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment));
}

/** File types of the library (§3 cloud file: video, image, audio, text; anything else is 'file'). */
export const FILE_TYPES = ['audio', 'image', 'video', 'text', 'file'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** MIME type by extension (§7: derived from the extension, default application/octet-stream). */
export const MIME_BY_EXT: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  weba: 'audio/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  bmp: 'image/bmp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  lrc: 'text/plain',
  json: 'application/json',
  zip: 'application/zip',
  psd: 'image/vnd.adobe.photoshop',
};
export const DEFAULT_MIME = 'application/octet-stream';

/** The lower-case extension of a file name without the dot ('' when none). */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/** MIME type of a file name from its extension, default application/octet-stream (§7). */
export function mimeTypeOf(name: string): string {
  return MIME_BY_EXT[extensionOf(name)] ?? DEFAULT_MIME;
}

/** Library type of a MIME type (§3 media file info type). */
export function fileTypeOf(mime: string): FileType {
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('text/')) return 'text';
  return 'file';
}
