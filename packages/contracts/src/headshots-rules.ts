import { z } from 'zod';

// ---- AI Headshots: upload rules and photo-check codes (§1, §5, §8); limits and plans: headshots-plans.ts ----
//
// Shared by the pipeline (packages/headshots), the server and the web app. The codes are stable
// machine identifiers; the English strings below are the defaults that translations start from.

/** Image formats accepted for upload, recognised by their content (magic bytes), not their name. */
export const HEADSHOT_FORMATS = ['jpeg', 'png', 'webp', 'bmp'] as const;
export type HeadshotFormat = (typeof HEADSHOT_FORMATS)[number];

/** §8, verbatim. */
export const HEADSHOT_UPLOAD_LIMIT_MESSAGE = 'Image upload limit exceeded (max 20 images).';

/** Why a photo is declined. Order is the order a check reports them in. */
export const PHOTO_DECLINE_CODES = [
  'FORMAT_NOT_SUPPORTED',
  'FILE_TOO_LARGE',
  'TOO_LARGE',
  'TOO_SMALL',
  'UNREADABLE',
  'NO_FACE',
  'MULTIPLE_FACES',
  'FACE_TOO_SMALL',
  'BLURRY',
  'TOO_DARK',
  'TOO_BRIGHT',
  'EYES_CLOSED',
  'NOT_FRONTAL',
  'SUNGLASSES',
  'HEAVY_FILTER',
  'SCREENSHOT',
  'DUPLICATE_PHOTO',
] as const;
export const photoDeclineCode = z.enum(PHOTO_DECLINE_CODES);
export type PhotoDeclineCode = z.infer<typeof photoDeclineCode>;

/**
 * English default reasons; `{name}` placeholders are filled from the check's data (resolution
 * messages show width by height, §5). Translations keep the same placeholders.
 */
export const PHOTO_DECLINE_MESSAGES: Record<PhotoDeclineCode, string> = {
  FORMAT_NOT_SUPPORTED: 'Format not supported',
  FILE_TOO_LARGE: 'The file is too large ({sizeMb} MB; at most {maxMb} MB).',
  TOO_LARGE: 'Maximum resolution exceeded: {width} × {height} (at most {maxWidth} × {maxHeight}).',
  TOO_SMALL: 'Minimum resolution not reached: {width} × {height} (at least {minWidth} × {minHeight}).',
  UNREADABLE: 'The image could not be read; the file may be damaged.',
  NO_FACE: 'No face was found. Use a photo where your face is clearly visible.',
  MULTIPLE_FACES: 'More than one face was found. Use a photo of you alone.',
  FACE_TOO_SMALL: 'Your face is too small in this photo. Use a closer photo.',
  BLURRY: 'The photo is blurry. Use a sharp, in-focus photo.',
  TOO_DARK: 'Your face is too dark. Use a photo taken in better light.',
  TOO_BRIGHT: 'Your face is overexposed. Avoid harsh light and flash.',
  EYES_CLOSED: 'Your eyes look closed. Use a photo with your eyes open.',
  NOT_FRONTAL: 'Your face is turned away. Use a photo facing the camera.',
  SUNGLASSES: 'Your eyes are hidden, perhaps by sunglasses. Use a photo where your eyes are visible.',
  HEAVY_FILTER: 'This photo looks heavily filtered. Use an unedited photo with natural colours.',
  SCREENSHOT: 'This looks like a screenshot. Upload the original photo instead.',
  DUPLICATE_PHOTO: 'This is the same photo as one you already added. Use a different photo.',
};

/** Fills a reason's placeholders; unknown placeholders are left as they are. */
export function formatPhotoReason(
  code: PhotoDeclineCode,
  data: Record<string, string | number> = {},
  template: string = PHOTO_DECLINE_MESSAGES[code],
): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    data[key] === undefined ? whole : String(data[key]),
  );
}

/** The face a check found, in pixels of the upright (EXIF-rotated) image. */
export const photoFace = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Detector confidence 0..1. */
  score: z.number(),
});
export type PhotoFace = z.infer<typeof photoFace>;

/** Outcome of one photo check, as the pipeline returns it and the API can send it. */
export const photoCheckResult = z.object({
  approved: z.boolean(),
  reasons: z.array(photoDeclineCode),
  /** Values for the reasons' placeholders (width, height, limits…). */
  data: z.record(z.string(), z.union([z.string(), z.number()])),
  face: photoFace.nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  format: z.enum(HEADSHOT_FORMATS).nullable(),
});
export type PhotoCheckResult = z.infer<typeof photoCheckResult>;
