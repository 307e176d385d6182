import { z } from 'zod';
import { cacheBust } from './api';
import {
  ART_STYLES,
  COVER_ART_LIMITS,
  CROP_PRESETS,
  TITLE_PLACEMENTS,
  VIDEO_FORMATS,
  CoverArtMsg,
  type CropPreset,
  type VideoFormat,
} from './cover-art-rules';

// Limits, messages and crop arithmetic without zod (see there).
export * from './cover-art-rules';

// ---- Cover art, exports, share videos and public shares (§1.1) ------------------------------
//
// §1 and §3 show a canvas editing state, a crop state and file records with a psdUrl but no calls;
// these are ours, published in the OpenAPI document. Art belongs to a finished cover and to whoever
// owns the cover; a public share shows only the artwork and the free watermarked preview.

const taskId = z
  .string({ error: 'task_id is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'task_id is not a task id');
const recordId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, `${name} is not an id`);

export const artStyle = z.enum(ART_STYLES, { error: `style must be one of ${ART_STYLES.join(', ')}` });
export const titlePlacement = z.enum(TITLE_PLACEMENTS, {
  error: `placement must be one of ${TITLE_PLACEMENTS.join(', ')}`,
});
const presetNames = Object.keys(CROP_PRESETS) as [CropPreset, ...CropPreset[]];
export const cropPreset = z.enum(presetNames, { error: `preset must be one of ${presetNames.join(', ')}` });
const videoFormatNames = Object.keys(VIDEO_FORMATS) as [VideoFormat, ...VideoFormat[]];
export const videoFormat = z.enum(videoFormatNames, {
  error: `format must be one of ${videoFormatNames.join(', ')}`,
});

const pixel = (name: string) =>
  z
    .number({ error: `crop.${name} must be a number of pixels` })
    .finite(`crop.${name} must be a number of pixels`)
    .min(0, `crop.${name} cannot be negative`)
    .max(100_000, `crop.${name} is far larger than any image`)
    // §5: crop sizes are rounded to whole numbers.
    .transform((v) => Math.round(v));

/** A crop in the source image's pixels (§3 crop state, unit px). */
export const cropRect = z.object(
  { x: pixel('x'), y: pixel('y'), width: pixel('width'), height: pixel('height') },
  { error: 'crop must be {x, y, width, height} in pixels' },
);

/**
 * Title text, trimmed. Its rules (at most 100 characters, not only emoji: `titleProblem`) are
 * checked by the service, so the refusal carries the exact message the web translates.
 */
const titleText = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(COVER_ART_LIMITS.maxTitleChars * 100, CoverArtMsg.titleTooLong);

/** The design an export renders: crop, title and its placement (the editor's saved state). */
export const artDesign = z.object({
  preset: cropPreset.default('poster'),
  crop: cropRect,
  title: titleText('title'),
  subtitle: titleText('subtitle').default(''),
  placement: titlePlacement.default('bottom'),
});
export type ArtDesign = z.infer<typeof artDesign>;

export const coverArtParams = z.object({ task_id: taskId });
export const coverArtQuery = z.object({ ...cacheBust });

/** `POST /v1/cover-art/{task_id}/style`: generated artwork in another style. */
export const artStyleBody = z.object({ style: artStyle });

/** `POST /v1/cover-art/{task_id}/upload`: the caller's uploaded image (storage key) as the artwork. */
export const artUploadBody = z.object({
  file_key: z.string({ error: 'file_key is required' }).trim().min(1, 'file_key is required').max(512),
});

/**
 * `POST /v1/cover-art/{task_id}/export`: renders the design as PNG or JPEG plus a layered PSD.
 * The title layer is drawn by the browser (it has the fonts for every script the title may use):
 * a transparent PNG of exactly the export's size, base64.
 */
export const artExportBody = z.object({
  format: z.enum(['png', 'jpeg'], { error: "format must be 'png' or 'jpeg'" }),
  resolution: z.enum(['high', 'low'], { error: "resolution must be 'high' or 'low'" }).default('high'),
  design: artDesign,
  title_layer: z
    .string({ error: 'title_layer is required' })
    .max(Math.ceil((COVER_ART_LIMITS.maxTitleLayerBytes * 4) / 3) + 4, 'title_layer is too large')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'title_layer must be a base64 PNG'),
});
export type ArtExportBody = z.infer<typeof artExportBody>;

/** One export: the image and its layered PSD (the §3 file record's psdUrl), as signed downloads. */
export const artExport = z.object({
  id: z.string(),
  format: z.enum(['png', 'jpeg']),
  resolution: z.enum(['high', 'low']),
  width: z.number().int(),
  height: z.number().int(),
  name: z.string(),
  url: z.string(),
  psd_url: z.string(),
  created_at: z.string(),
});
export type ArtExport = z.infer<typeof artExport>;

/** `POST /v1/cover-art/{task_id}/videos`: a share video of an export, made by the worker. */
export const artVideoBody = z.object({ export_id: recordId('export_id'), format: videoFormat });
export const artVideoParams = z.object({ video_id: recordId('video_id') });

/** A share video (MP4: the artwork, the watermarked preview, a moving waveform); status as §4 tasks. */
export const artVideo = z.object({
  id: z.string(),
  task_id: z.string(),
  export_id: z.string(),
  format: videoFormat,
  width: z.number().int(),
  height: z.number().int(),
  status: z.number().int().min(1).max(6),
  progress: z.number(),
  error: z.string().nullable(),
  duration: z.number().nullable(),
  url: z.string().nullable(),
  created_at: z.string(),
});
export type ArtVideo = z.infer<typeof artVideo>;

/** `POST /v1/cover-art/{task_id}/shares`: a public link to an export (and optionally a video). */
export const artShareBody = z.object({
  export_id: recordId('export_id'),
  video_id: recordId('video_id').optional(),
});
export const artRevokeBody = z.object({ share_id: recordId('share_id') });

/** One of the owner's shares; `path` is the page under the base path (`/s/<id>`). */
export const artShare = z.object({
  id: z.string(),
  path: z.string(),
  export_id: z.string(),
  video_id: z.string().nullable(),
  revoked: z.boolean(),
  created_at: z.string(),
});
export type ArtShare = z.infer<typeof artShare>;

/** `GET /v1/cover-art/{task_id}`: the art of a finished cover and what was made from it. */
export const coverArt = z.object({
  task_id: z.string(),
  source: z.enum(['generated', 'upload']),
  style: artStyle,
  width: z.number().int(),
  height: z.number().int(),
  /** Signed URL of the background layer (the generated background, or the uploaded image). */
  background_url: z.string(),
  /** Signed URL of the avatar layer (generated artwork only), placed at `avatarRect(width)`. */
  avatar_url: z.string().nullable(),
  /** Defaults for a new design: the song's title and the voice's name. */
  title: z.string(),
  subtitle: z.string(),
  /** The last exported design, to reopen the editor where it was. */
  design: z
    .object({
      preset: cropPreset,
      crop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
      title: z.string(),
      subtitle: z.string(),
      placement: titlePlacement,
    })
    .nullable(),
  exports: z.array(artExport),
  videos: z.array(artVideo),
  shares: z.array(artShare),
});
export type CoverArt = z.infer<typeof coverArt>;

export const artRevokeData = z.object({ share_id: z.string(), revoked: z.literal(true) });

export const shareParams = z.object({ share_id: z.string().trim().max(200) });

/** `GET /v1/share/{share_id}`: what a signed-out visitor sees; nothing else of the owner. */
export const shareView = z.object({
  id: z.string(),
  title: z.string(),
  voice_name: z.string(),
  /** Stable public URL of the artwork (also the Open Graph image). */
  artwork_url: z.string(),
  artwork_width: z.number().int(),
  artwork_height: z.number().int(),
  /** Signed URL of the watermarked preview. */
  audio_url: z.string(),
  video_url: z.string().nullable(),
  video_width: z.number().int().nullable(),
  video_height: z.number().int().nullable(),
});
export type ShareView = z.infer<typeof shareView>;
