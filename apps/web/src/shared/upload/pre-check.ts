import { COVER_LIMITS, CoverMsg, Msg } from '@ai-covers/contracts';
import type { MediaInfo } from './media-info';

// Signatures of the audio and video containers the engine decodes: [offset, bytes].
const MEDIA_MAGIC: Array<[number, number[]]> = [
  [0, [0x52, 0x49, 0x46, 0x46]], // RIFF (WAV, AVI)
  [0, [0x49, 0x44, 0x33]], // ID3 (MP3)
  [0, [0x66, 0x4c, 0x61, 0x43]], // fLaC
  [0, [0x4f, 0x67, 0x67, 0x53]], // OggS
  [0, [0x46, 0x4f, 0x52, 0x4d]], // FORM (AIFF)
  [4, [0x66, 0x74, 0x79, 0x70]], // ftyp (M4A, MP4, MOV)
  [0, [0x63, 0x61, 0x66, 0x66]], // caff
  [0, [0x1a, 0x45, 0xdf, 0xa3]], // EBML (WebM, MKV)
  [0, [0x30, 0x26, 0xb2, 0x75]], // ASF (WMA, WMV)
  [0, [0x46, 0x4c, 0x56]], // FLV
  [0, [0x00, 0x00, 0x01, 0xba]], // MPEG program stream
];
const IMAGE_MAGIC: Array<[number, number[]]> = [
  [0, [0x89, 0x50, 0x4e, 0x47]], // PNG
  [0, [0xff, 0xd8, 0xff]], // JPEG
  [0, [0x47, 0x49, 0x46, 0x38]], // GIF8
  [8, [0x57, 0x45, 0x42, 0x50]], // RIFF….WEBP
  [0, [0x42, 0x4d]], // BMP
  [0, [0x38, 0x42, 0x50, 0x53]], // PSD
  [0, [0x3c]], // '<': SVG (XML text)
];

const matches = (head: Uint8Array, [offset, bytes]: [number, number[]]) =>
  bytes.every((b, i) => head[offset + i] === b);

/** True when the first bytes are an audio/video container or an MPEG audio frame (ADTS included). */
export function looksLikeMedia(head: Uint8Array): boolean {
  if (MEDIA_MAGIC.some((m) => matches(head, m))) return true;
  if (head[0] === 0x47 && head[188] === 0x47) return true; // MPEG transport stream
  return head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
}

/** True when the first bytes are an image format the library keeps. */
export function looksLikeImage(head: Uint8Array): boolean {
  return IMAGE_MAGIC.some((m) => matches(head, m));
}

async function headOf(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, 256);
  // jsdom's Blob lacks arrayBuffer(): FileReader works everywhere.
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(slice);
  });
}

/**
 * Why a file cannot be uploaded, found in the browser before any byte is sent (the §8 message the
 * server would give at the upload callback), or null. Judged by content, not by name: a picture
 * renamed .mp3 is not a song. A duration the browser cannot read is left to the server.
 */
export async function precheckUpload(file: File, info: MediaInfo): Promise<string | null> {
  if (file.size === 0) return CoverMsg.emptyFile;
  if (info.type !== 'audio' && info.type !== 'video' && info.type !== 'image') return null;
  const head = await headOf(file);
  if (info.type === 'image') return looksLikeImage(head) ? null : Msg.formatNotSupported;
  if (!looksLikeMedia(head)) return CoverMsg.notAudio;
  if (info.duration !== null && info.duration > COVER_LIMITS.maxSongSeconds) return CoverMsg.tooLong;
  return null;
}

/** The message of a file over the size limit (the store's own words; the web shows it translated). */
export const tooLargeMessage = (maxBytes: number) => `File is larger than the limit of ${maxBytes} bytes`;
