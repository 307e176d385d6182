import type { TFunction } from 'i18next';
import { HEADSHOT_LIMITS, type PhotoDeclineCode } from '@ai-covers/contracts';
import { HEADER_BYTES, readImageHeader, type ImageHeader } from '@ai-covers/contracts';

/** What the browser can tell of a photo before sending it (§5): format and size, nothing decoded. */
export interface LocalVerdict {
  approved: boolean;
  reasons: PhotoDeclineCode[];
  /** Values of the reasons' placeholders: width and height, and the limit they broke. */
  data: Record<string, string | number>;
  header: ImageHeader | null;
}

/** The §5 rules on a header: accepted format, at most 5000 × 5000, at least the minimum resolution. */
export function judgeHeader(header: ImageHeader | 'other' | null): LocalVerdict {
  if (header === 'other')
    return { approved: false, reasons: ['FORMAT_NOT_SUPPORTED'], data: {}, header: null };
  if (header === null) return { approved: false, reasons: ['UNREADABLE'], data: {}, header: null };
  const size = { width: header.width, height: header.height };
  if (header.width > HEADSHOT_LIMITS.maxWidth || header.height > HEADSHOT_LIMITS.maxHeight) {
    const data = { ...size, maxWidth: HEADSHOT_LIMITS.maxWidth, maxHeight: HEADSHOT_LIMITS.maxHeight };
    return { approved: false, reasons: ['TOO_LARGE'], data, header };
  }
  if (header.width < HEADSHOT_LIMITS.minWidth || header.height < HEADSHOT_LIMITS.minHeight) {
    const data = { ...size, minWidth: HEADSHOT_LIMITS.minWidth, minHeight: HEADSHOT_LIMITS.minHeight };
    return { approved: false, reasons: ['TOO_SMALL'], data, header };
  }
  return { approved: true, reasons: [], data: size, header };
}

/** A blob's bytes through FileReader, which every browser (and jsdom) has. */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Reads a file's first bytes and judges them; a file that cannot be read counts as unreadable. */
export async function checkPhotoFile(file: Blob): Promise<LocalVerdict> {
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(file.slice(0, HEADER_BYTES));
  } catch {
    return judgeHeader(null);
  }
  return judgeHeader(readImageHeader(bytes));
}

/**
 * Splits a choice of files at the photo limit (§5: 20 per pack): `present` photos are already on
 * the page; what does not fit is refused with 'Image upload limit exceeded (max 20 images).'.
 */
export function splitAtLimit<T>(
  present: number,
  chosen: readonly T[],
  max: number = HEADSHOT_LIMITS.maxPhotos,
) {
  const room = Math.max(0, max - present);
  return { accepted: chosen.slice(0, room), refused: chosen.slice(room) };
}

/** True when enough approved photos are there to submit (§5: at least 5). */
export function hasEnoughPhotos(approved: number, min: number = HEADSHOT_LIMITS.minPhotos): boolean {
  return approved >= min;
}

/** A decline reason in the reader's language, its placeholders filled (width × height, limits). */
export function reasonText(
  t: TFunction,
  code: PhotoDeclineCode,
  data: Record<string, string | number>,
): string {
  return t(`headshots.reasons.${code}`, data);
}
