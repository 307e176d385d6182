import type { HeadshotFormat } from './headshots-rules';

// The §5 photo format and size rules read from magic bytes, one reader for both sides: the browser
// refuses before sending what the pipeline would refuse unread. Nothing is decoded.

/** Format and pixel size read from an image's first bytes, before anything is decoded. */
export interface ImageHeader {
  format: HeadshotFormat;
  width: number;
  height: number;
}

/** How many leading bytes are enough to find the size of every accepted format (JPEG may need EXIF). */
export const HEADER_BYTES = 256 * 1024;

/** What the sniffed bytes are: an accepted format, another known image type, or nothing we know. */
export type Sniffed = HeadshotFormat | 'other';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(buf: Uint8Array, bytes: readonly number[], at = 0): boolean {
  if (buf.length < at + bytes.length) return false;
  return bytes.every((b, i) => buf[at + i] === b);
}

function ascii(buf: Uint8Array, at: number, len: number): string {
  return String.fromCharCode(...buf.subarray(at, at + len));
}

/** Recognises the format from magic bytes only; the file name plays no part. */
export function sniffFormat(buf: Uint8Array): Sniffed {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, PNG_SIGNATURE)) return 'png';
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 4) === 'WEBP') return 'webp';
  // "BM" alone is too weak (plain text can start with it): also require a known DIB header size.
  if (buf.length >= 18 && buf[0] === 0x42 && buf[1] === 0x4d) {
    const dib = view(buf).getUint32(14, true);
    if ([12, 40, 52, 56, 64, 108, 124].includes(dib)) return 'bmp';
  }
  return 'other';
}

function view(buf: Uint8Array): DataView {
  return new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
}

function pngSize(buf: Uint8Array): [number, number] | null {
  // Signature, then the IHDR chunk: length (4), "IHDR", width (4, BE), height (4, BE).
  if (buf.length < 24 || ascii(buf, 12, 4) !== 'IHDR') return null;
  const v = view(buf);
  return [v.getUint32(16), v.getUint32(20)];
}

function jpegSize(buf: Uint8Array): [number, number] | null {
  const v = view(buf);
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Markers without a length field.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const len = v.getUint16(i + 2);
    if (len < 2) return null;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > buf.length) return null;
      return [v.getUint16(i + 7), v.getUint16(i + 5)];
    }
    i += 2 + len;
  }
  return null;
}

function webpSize(buf: Uint8Array): [number, number] | null {
  if (buf.length < 30) return null;
  const v = view(buf);
  const chunk = ascii(buf, 12, 4);
  if (chunk === 'VP8X') {
    // 24-bit canvas width-1 and height-1 at offsets 24 and 27.
    const w = 1 + (buf[24]! | (buf[25]! << 8) | (buf[26]! << 16));
    const h = 1 + (buf[27]! | (buf[28]! << 8) | (buf[29]! << 16));
    return [w, h];
  }
  if (chunk === 'VP8 ') {
    // Key frame start code 9D 01 2A, then 14-bit width and height.
    if (!startsWith(buf, [0x9d, 0x01, 0x2a], 23)) return null;
    return [v.getUint16(26, true) & 0x3fff, v.getUint16(28, true) & 0x3fff];
  }
  if (chunk === 'VP8L') {
    if (buf[20] !== 0x2f) return null;
    const bits = v.getUint32(21, true);
    return [1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff)];
  }
  return null;
}

function bmpSize(buf: Uint8Array): [number, number] | null {
  const v = view(buf);
  const dib = v.getUint32(14, true);
  if (dib === 12) {
    if (buf.length < 22) return null;
    return [v.getUint16(18, true), v.getUint16(20, true)];
  }
  if (buf.length < 26) return null;
  // Height is negative for top-down bitmaps.
  return [Math.abs(v.getInt32(18, true)), Math.abs(v.getInt32(22, true))];
}

/**
 * Reads format and size from the header. Returns 'other' for bytes of no accepted format and null
 * when the format is accepted but its header is damaged or cut short.
 */
export function readImageHeader(buf: Uint8Array): ImageHeader | 'other' | null {
  const format = sniffFormat(buf);
  if (format === 'other') return 'other';
  const size =
    format === 'png'
      ? pngSize(buf)
      : format === 'jpeg'
        ? jpegSize(buf)
        : format === 'webp'
          ? webpSize(buf)
          : bmpSize(buf);
  if (!size || size[0] <= 0 || size[1] <= 0) return null;
  return { format, width: size[0], height: size[1] };
}
