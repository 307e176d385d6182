// Portrait framing from face landmarks: the standard headshot crops (close square, head and
// shoulders, chest up, half body), the eye line high in the frame, free space above the hair, and
// nothing of the frame outside the original photo except backdrop above the head.

/** An axis-aligned rectangle in pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type FramingId = 'close-square' | 'head-shoulders' | 'chest-up' | 'half-body';

/** A framing preset: its shape, how large the face sits in it and where the eyes sit. */
export interface Framing {
  id: FramingId;
  /** Width over height. */
  aspect: number;
  /** Face height (forehead to chin) as a share of the frame height. */
  faceHeight: number;
  /** Eye line, as a share of the frame height from the top. */
  eyeLine: number;
}

/**
 * Tightest first. Face shares are spaced so that, framed around the same eyes, any two presets
 * overlap by less than 60 % (intersection over union): each is a different picture, not a re-crop.
 */
export const FRAMINGS: readonly Framing[] = [
  { id: 'close-square', aspect: 1, faceHeight: 0.46, eyeLine: 0.42 },
  { id: 'head-shoulders', aspect: 4 / 5, faceHeight: 0.3, eyeLine: 1 / 3 },
  { id: 'chest-up', aspect: 4 / 5, faceHeight: 0.22, eyeLine: 0.3 },
  { id: 'half-body', aspect: 4 / 5, faceHeight: 0.16, eyeLine: 0.25 },
];

/** Two crops of one photo overlapping this much or more are the same picture (see DISTINCT_IOU). */
export const DISTINCT_IOU = 0.6;

/** Where the face and the usable picture are, in the pixels framing works in. */
export interface PortraitGeometry {
  /** Midpoint between the eyes (the eye line is level). */
  eyeX: number;
  eyeY: number;
  /** Forehead-to-chin height of the face. */
  faceHeight: number;
  /** Top of the hair (from the matte), or an estimate above the forehead before the matte. */
  hairTop: number;
  /** The part of this space covered by the original photo. */
  valid: Rect;
  /** The head reaches the top edge of the photo (hair cut off there). */
  headTouchesTop: boolean;
  /** Face turned toward image right (1), left (-1) or ahead (0). */
  facing: -1 | 0 | 1;
}

/** Kept for callers that speak of the classic 4:5 frame. */
export const ASPECT = 4 / 5;
/** The classic eye line (head and shoulders). */
export const EYE_LINE = 1 / 3;
/** Widest a frame may get: the face at least this share of the frame height. */
export const MIN_FACE_SHARE = 0.14;
/** How far a preset may zoom in to fit the photo before it is not offered. */
export const PRESET_ZOOM = 0.88;
/** How far the eye line may rise above the preset's to fit the photo's bottom. */
const EYE_LINE_RISE = 0.06;

function fits(
  g: PortraitGeometry,
  f: Framing,
  h: number,
  headroom: number | null,
  line: number,
): Rect | null {
  const w = h * f.aspect;
  const top = g.eyeY - h * line;
  // Headroom only counts when the photo shows the whole head; otherwise the frame starts inside the photo.
  if (headroom !== null && g.hairTop - top < headroom * h) return null;
  if (headroom === null && top < g.valid.y - 0.5) return null;
  if (top + h > g.valid.y + g.valid.height + 0.5) return null;
  // Slide sideways up to 8 % of the width to stay inside the photo; eyes stay in the middle 40 %.
  const lo = Math.max(0.42, 1 - (g.valid.x + g.valid.width - g.eyeX) / w);
  const hi = Math.min(0.58, (g.eyeX - g.valid.x) / w);
  if (lo > hi + 1e-9) return null;
  const ex = Math.min(hi, Math.max(lo, 0.5));
  return { x: g.eyeX - ex * w, y: top, width: w, height: h };
}

/**
 * The crop for one framing, or null when the photo cannot give it. Starts at the preset's face
 * size (zoomed out if the headroom needs it) and tries a little zoom in (at most to 88 %) and a
 * slightly higher eye line, with full then half headroom. Never zero headroom: the top of the hair
 * stays in frame. When the photo cuts off the top of the head, the frame starts inside the photo.
 */
export function frameCrop(g: PortraitGeometry, f: Framing, headroom: number): Rect | null {
  const rooms = g.headTouchesTop ? [null] : [headroom, headroom / 2];
  const forHeadroom = g.headTouchesTop ? 0 : (g.eyeY - g.hairTop) / (f.eyeLine - headroom);
  const start = Math.max(g.faceHeight / f.faceHeight, forHeadroom);
  if (g.faceHeight / start < MIN_FACE_SHARE) return null;
  const floor = start * PRESET_ZOOM;
  for (const line of [f.eyeLine, f.eyeLine - EYE_LINE_RISE / 2, f.eyeLine - EYE_LINE_RISE]) {
    for (const room of rooms) {
      for (let h = start; h >= floor; h *= 0.98) {
        const r = fits(g, f, h, room, line);
        if (r) return r;
      }
    }
  }
  return null;
}

/** Intersection over union of two rectangles. */
export function iou(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/**
 * The framings a photo can give, each overlapping every other by less than DISTINCT_IOU. A preset
 * the photo cannot give, or that would repeat another, is left out (never replaced by a re-crop).
 */
export function distinctFramings(g: PortraitGeometry, headroom: number): { framing: Framing; crop: Rect }[] {
  const out: { framing: Framing; crop: Rect }[] = [];
  for (const f of FRAMINGS) {
    const crop = frameCrop(g, f, headroom);
    if (crop && out.every((o) => iou(o.crop, crop) < DISTINCT_IOU)) out.push({ framing: f, crop });
  }
  return out;
}

/** Output sizes: the product's full size for each shape, and the smallest a result may be. */
export interface SizeRules {
  /** Full size of a 4:5 result (height; width follows). */
  height: number;
  /** Smallest result side (width of a 4:5 result, side of a square one). */
  minSide: number;
  /** Most output pixels per photo pixel. */
  maxUpscale: number;
}

/** Full-size height of a framing: the product's 4:5 height, or the 4:5 width for a square. */
export function fullHeight(f: Framing, height: number): number {
  return f.aspect === 1 ? Math.round(height * ASPECT) : height;
}

/**
 * The true output size of a crop: as many pixels as the photo has for it (times at most
 * `maxUpscale`), capped at the full size. Null when even that is under `minSide`: the framing is
 * not offered for this photo. `photoPx` is the crop's height in photo pixels.
 */
export function outputSize(
  f: Framing,
  photoPx: number,
  rules: SizeRules,
): { width: number; height: number; upscale: number } | null {
  const full = fullHeight(f, rules.height);
  const height = Math.min(full, Math.floor(photoPx * rules.maxUpscale));
  // Even sizes keep 4:5 exact (1024×1280, 816×1020…).
  const width = Math.floor((height * f.aspect) / 2) * 2;
  const h = f.aspect === 1 ? width : Math.round(width / f.aspect);
  if (width < rules.minSide) return null;
  return { width, height: h, upscale: h / photoPx };
}

/**
 * The part of the photo every framing may draw from (before the matte is known): from the widest
 * frame around the eyes, limited to the photo except above it, where a frame may show backdrop.
 */
export function portraitRegion(g: PortraitGeometry): Rect {
  const h = g.faceHeight / MIN_FACE_SHARE;
  const w = h * ASPECT;
  const left = Math.max(g.valid.x, g.eyeX - 0.7 * w);
  const right = Math.min(g.valid.x + g.valid.width, g.eyeX + 0.7 * w);
  const top = Math.max(g.valid.y - g.faceHeight, g.eyeY - h * EYE_LINE);
  const bottom = Math.min(g.valid.y + g.valid.height, g.eyeY + h * (1 - EYE_LINE));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
