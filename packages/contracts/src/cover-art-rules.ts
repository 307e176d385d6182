// Cover art of a finished cover (§1.1): limits, messages, crop presets and the crop and
// layout arithmetic the editor (web) and the renderer (server) share. No zod here: the web's first
// page reads the messages through its error map, and a module that creates schemas brings zod.

/** Limits of the cover art editor and its outputs. */
export const COVER_ART_LIMITS = {
  /** Side of the generated artwork (square, pixels). */
  generatedSize: 2048,
  /** Uploaded artwork: at most this many pixels a side, at least `minImageSide`. */
  maxImageSide: 6000,
  minImageSide: 256,
  /** The smallest crop (pixels a side). */
  minCropSide: 64,
  /** Long side of a 'high' export at most (a crop larger than this is scaled down). */
  maxOutputSide: 4096,
  /** Long side of a 'low' export (a smaller crop keeps its own size). */
  lowOutputSide: 1080,
  /** Title and subtitle, in characters (like a file name, §5). */
  maxTitleChars: 100,
  /** The browser-drawn title layer, in bytes of PNG. */
  maxTitleLayerBytes: 3 * 1024 * 1024,
  /** Exports, videos and shares kept per cover (the oldest export goes first). */
  maxExportsPerCover: 10,
  maxVideosPerCover: 6,
  maxSharesPerCover: 10,
  /** A share video in progress longer than this is reported as timed out (6). */
  videoTimeoutSeconds: 600,
  /** Long side of the share page's artwork (Open Graph image). */
  shareImageSide: 1200,
} as const;

/** Generated artwork styles: each draws its background from the voice and the cover. */
export const ART_STYLES = ['aurora', 'vinyl', 'grid', 'mono'] as const;
export type ArtStyle = (typeof ART_STYLES)[number];

/** Where the title sits in the exported frame. */
export const TITLE_PLACEMENTS = ['top', 'middle', 'bottom'] as const;
export type TitlePlacement = (typeof TITLE_PLACEMENTS)[number];

/** Share video frames: square (1080×1080) and story (1080×1920). */
export const VIDEO_FORMATS = {
  square: { width: 1080, height: 1080 },
  story: { width: 1080, height: 1920 },
} as const;
export type VideoFormat = keyof typeof VIDEO_FORMATS;

/**
 * Crop presets as width:height. The lock ratio of the §3 crop state is height per width, so the
 * 2:3 poster is the lock ratio 1.5 (§9); 'free' has no ratio.
 */
export const CROP_PRESETS = {
  album: { width: 1, height: 1 },
  video: { width: 16, height: 9 },
  story: { width: 9, height: 16 },
  poster: { width: 2, height: 3 },
  free: null,
} as const;
export type CropPreset = keyof typeof CROP_PRESETS;
/**
 * The editor opens on the square a streaming service takes for cover art (decision 120); §9's
 * lock ratio 1.5 is the poster preset's.
 */
export const DEFAULT_CROP_PRESET: CropPreset = 'album';

/** Messages of cover art (English; the web reads each under `errors.coverArt.<name>`). */
export const CoverArtMsg = {
  notImage: 'The artwork must be an image (PNG, JPEG or WEBP).',
  emptyImage: 'The image file is empty.',
  unreadableImage: 'The image could not be read.',
  imageTooLarge: `Images can be at most ${COVER_ART_LIMITS.maxImageSide} × ${COVER_ART_LIMITS.maxImageSide} pixels.`,
  imageTooSmall: `Images must be at least ${COVER_ART_LIMITS.minImageSide} × ${COVER_ART_LIMITS.minImageSide} pixels.`,
  cropOutside: 'The crop must lie inside the image.',
  cropTooSmall: `The crop must be at least ${COVER_ART_LIMITS.minCropSide} × ${COVER_ART_LIMITS.minCropSide} pixels.`,
  cropRatio: 'The crop does not have the ratio of its preset.',
  titleTooLong: `The title can be at most ${COVER_ART_LIMITS.maxTitleChars} characters.`,
  titleNoLetters: 'The title needs at least one letter or number.',
  titleLayer: 'The title layer does not match the export size.',
  exportMissing: 'The export does not exist.',
  videoMissing: 'The share video does not exist.',
  videoBusy: 'A share video is already being made. Wait for it to finish.',
  videoFailed: 'The share video could not be made.',
  videoTimedOut: 'The share video took too long and was stopped. Try again.',
  noPreview: 'The preview of this cover is gone, so it cannot be shared.',
  shareGone: 'This share is no longer available.',
  tooMany: 'This cover has reached its limit. Delete an older one first.',
} as const;

export interface Size {
  width: number;
  height: number;
}
export interface CropRect extends Size {
  x: number;
  y: number;
}

/** The lock ratio (height per width) of a preset, or null for a free crop. */
export function presetRatio(preset: CropPreset): number | null {
  const p = CROP_PRESETS[preset];
  return p ? p.height / p.width : null;
}

/** §5: crop sizes are whole pixels. */
export function roundCrop(crop: CropRect): CropRect {
  return {
    x: Math.round(crop.x),
    y: Math.round(crop.y),
    width: Math.round(crop.width),
    height: Math.round(crop.height),
  };
}

/** The largest crop of `ratio` (height per width) centred in the image, in whole pixels. */
export function fitCrop(origin: Size, ratio: number | null): CropRect {
  if (ratio === null) return { x: 0, y: 0, width: origin.width, height: origin.height };
  let width: number;
  let height: number;
  if (origin.width * ratio <= origin.height) {
    width = origin.width;
    height = Math.min(origin.height, Math.round(width * ratio));
  } else {
    height = origin.height;
    width = Math.min(origin.width, Math.round(height / ratio));
  }
  return {
    x: Math.round((origin.width - width) / 2),
    y: Math.round((origin.height - height) / 2),
    width,
    height,
  };
}

/** Keeps a crop whole, at least the minimum size and inside the image (moved in, then shrunk). */
export function clampCrop(crop: CropRect, origin: Size): CropRect {
  const min = Math.min(COVER_ART_LIMITS.minCropSide, origin.width, origin.height);
  const r = roundCrop(crop);
  const width = Math.max(min, Math.min(r.width, origin.width));
  const height = Math.max(min, Math.min(r.height, origin.height));
  return {
    width,
    height,
    x: Math.max(0, Math.min(r.x, origin.width - width)),
    y: Math.max(0, Math.min(r.y, origin.height - height)),
  };
}

/** Moves a crop by whole pixels, stopping at the image's edges. */
export function moveCrop(crop: CropRect, origin: Size, dx: number, dy: number): CropRect {
  return clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy }, origin);
}

/**
 * Resizes a crop from its bottom-right corner (the keyboard and the corner handle), keeping the
 * lock ratio when there is one and never leaving the image.
 */
export function resizeCrop(
  crop: CropRect,
  origin: Size,
  dWidth: number,
  dHeight: number,
  ratio: number | null,
): CropRect {
  const min = Math.min(COVER_ART_LIMITS.minCropSide, origin.width, origin.height);
  const maxW = origin.width - crop.x;
  const maxH = origin.height - crop.y;
  if (ratio === null) {
    return clampCrop(
      {
        ...crop,
        width: Math.max(min, Math.min(maxW, crop.width + dWidth)),
        height: Math.max(min, Math.min(maxH, crop.height + dHeight)),
      },
      origin,
    );
  }
  // The larger of the two moves drives the size; the other side follows the ratio.
  const byWidth = Math.abs(dWidth) >= Math.abs(dHeight / ratio);
  const wanted = byWidth ? crop.width + dWidth : (crop.height + dHeight) / ratio;
  const widthCap = Math.min(maxW, maxH / ratio);
  // Both sides stay at least the minimum, unless the image edge leaves less room.
  const minWidth = Math.min(Math.max(min, min / ratio), widthCap);
  const width = Math.max(minWidth, Math.min(widthCap, wanted));
  return withRatio({ ...crop, width }, ratio, origin);
}

/** A crop's height set from its width by the ratio, in whole pixels, still inside the image. */
export function withRatio(crop: CropRect, ratio: number, origin: Size): CropRect {
  let width = Math.round(crop.width);
  let height = Math.round(width * ratio);
  if (crop.y + height > origin.height) {
    height = origin.height - Math.round(crop.y);
    width = Math.round(height / ratio);
  }
  return clampCrop({ ...crop, width, height }, origin);
}

/** Why a crop cannot be rendered from an image of `origin` size, or null when it can. */
export function cropProblem(crop: CropRect, origin: Size, ratio: number | null): string | null {
  const values = [crop.x, crop.y, crop.width, crop.height];
  if (!values.every((v) => Number.isInteger(v))) return CoverArtMsg.cropOutside;
  if (crop.x < 0 || crop.y < 0 || crop.x + crop.width > origin.width || crop.y + crop.height > origin.height)
    return CoverArtMsg.cropOutside;
  const min = Math.min(COVER_ART_LIMITS.minCropSide, origin.width, origin.height);
  if (crop.width < min || crop.height < min) return CoverArtMsg.cropTooSmall;
  // Rounding to whole pixels may move the height by up to one pixel from the exact ratio.
  if (ratio !== null && Math.abs(crop.height - crop.width * ratio) > 1 + ratio) return CoverArtMsg.cropRatio;
  return null;
}

/** The exported image's size: the crop itself ('high', at most 4096 a side) or 1080 on its long side ('low'). */
export function outputSize(crop: Size, resolution: 'high' | 'low'): Size {
  const cap = resolution === 'high' ? COVER_ART_LIMITS.maxOutputSide : COVER_ART_LIMITS.lowOutputSide;
  const long = Math.max(crop.width, crop.height);
  if (long <= cap) return { width: crop.width, height: crop.height };
  const scale = cap / long;
  return {
    width: Math.max(1, Math.round(crop.width * scale)),
    height: Math.max(1, Math.round(crop.height * scale)),
  };
}

/** Where the voice's avatar sits on generated artwork of side `size` (a centred square, upper half). */
export function avatarRect(size: number): CropRect {
  const side = Math.round(size * 0.44);
  return { x: Math.round((size - side) / 2), y: Math.round(size * 0.16), width: side, height: side };
}

/** The title block of an exported frame: font sizes, wrap width and the block's anchor (centre x). */
export function titleLayout(frame: Size, placement: TitlePlacement) {
  const short = Math.min(frame.width, frame.height);
  const titleSize = Math.max(12, Math.round(short * 0.08));
  const subtitleSize = Math.max(10, Math.round(short * 0.045));
  const margin = Math.round(short * 0.07);
  return {
    titleSize,
    subtitleSize,
    lineHeight: 1.2,
    maxLines: 3,
    centerX: Math.round(frame.width / 2),
    maxWidth: frame.width - 2 * margin,
    /** 'top': the block's top edge; 'middle': its centre; 'bottom': its bottom edge. */
    anchorY:
      placement === 'top'
        ? margin
        : placement === 'bottom'
          ? frame.height - margin
          : Math.round(frame.height / 2),
  };
}

/** Why a title cannot be used, or null: at most 100 characters and at least one letter or number. */
export function titleProblem(title: string): string | null {
  if ([...title].length > COVER_ART_LIMITS.maxTitleChars) return CoverArtMsg.titleTooLong;
  if (!/[\p{L}\p{N}]/u.test(title)) return CoverArtMsg.titleNoLetters;
  return null;
}

/** A song's file name without its extension: the artwork's default title. */
export function titleFromSongName(name: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return [...(base || name)].slice(0, COVER_ART_LIMITS.maxTitleChars).join('');
}
