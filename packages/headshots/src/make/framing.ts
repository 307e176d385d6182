// Portrait framing from face landmarks: head and shoulders, the eye line on the upper third,
// free space above the hair, and nothing of the frame outside the original photo.

/** An axis-aligned rectangle in pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A framing preset: how large the face sits in the frame and where the eyes sit across it. */
export interface Framing {
  id: 'close' | 'classic' | 'wide' | 'offset';
  /** Face height (forehead to chin) as a share of the frame height. */
  faceHeight: number;
  /** Eye midpoint across the frame, 0..1; 'offset' framings mirror it toward where the face turns. */
  eyeX: number;
}

export const FRAMINGS: readonly Framing[] = [
  { id: 'close', faceHeight: 0.36, eyeX: 0.5 },
  { id: 'classic', faceHeight: 0.3, eyeX: 0.5 },
  { id: 'wide', faceHeight: 0.23, eyeX: 0.5 },
  { id: 'offset', faceHeight: 0.28, eyeX: 0.42 },
];

/** Where the face and the usable picture are, in the pixels framing works in. */
export interface PortraitGeometry {
  /** Midpoint between the eyes (the eye line is level). */
  eyeX: number;
  eyeY: number;
  /** Forehead-to-chin height of the face. */
  faceHeight: number;
  /** Top of the hair (from the matte), or of the face when no matte is known yet. */
  hairTop: number;
  /** The part of this space covered by the original photo. */
  valid: Rect;
  /** The head reaches the top edge of the photo (hair cut off there). */
  headTouchesTop: boolean;
  /** Face turned toward image right (1), left (-1) or ahead (0). */
  facing: -1 | 0 | 1;
}

/** Frame width over height (4:5). */
export const ASPECT = 4 / 5;
/** The eye line sits this far down the frame. */
export const EYE_LINE = 1 / 3;
/** Closest a frame may get: the face at most this share of the frame height. */
const MAX_FACE_SHARE = 0.5;
/** Widest a frame may get: the face at least this share of the frame height. */
export const MIN_FACE_SHARE = 0.18;

/** Eye lines to try, in order: the upper third, then higher (for photos that cut off the top of the head). */
const EYE_LINES = [EYE_LINE, 0.3, 0.27];
/** How far a preset may zoom in before it gives up its size for a different eye line. */
const PRESET_ZOOM = 0.88;

function fits(
  g: PortraitGeometry,
  h: number,
  eyeX: number,
  headroom: number | null,
  line: number,
): Rect | null {
  const w = h * ASPECT;
  const top = g.eyeY - h * line;
  // Headroom only counts when the photo shows the whole head; otherwise the frame starts inside the photo.
  if (headroom !== null && g.hairTop - top < headroom * h) return null;
  if (headroom === null && top < g.valid.y - 0.5) return null;
  if (top + h > g.valid.y + g.valid.height + 0.5) return null;
  // Slide sideways up to 8 % of the width to stay inside the photo.
  const lo = Math.max(eyeX - 0.08, 0.3, 1 - (g.valid.x + g.valid.width - g.eyeX) / w);
  const hi = Math.min(eyeX + 0.08, 0.7, (g.eyeX - g.valid.x) / w);
  if (lo > hi + 1e-9) return null;
  const ex = Math.min(hi, Math.max(lo, eyeX));
  return { x: g.eyeX - ex * w, y: top, width: w, height: h };
}

/**
 * The crop for one framing, or null when the photo cannot give it. Starts at the preset's face
 * size (zoomed out if the headroom needs it) and tries, in order: a little zoom at the upper-third
 * eye line with full, half and no headroom; the higher eye lines; then any zoom down to the closest
 * allowed frame. When the photo cuts off the top of the head, the frame must start inside the photo.
 */
export function frameCrop(g: PortraitGeometry, f: Framing, headroom: number): Rect | null {
  const eyeX = f.id === 'offset' && g.facing > 0 ? 1 - f.eyeX : f.eyeX;
  const hMin = g.faceHeight / MAX_FACE_SHARE;
  const hMax = g.faceHeight / MIN_FACE_SHARE;
  const rooms = g.headTouchesTop ? [null] : [headroom, headroom / 2, 0];
  const forHeadroom = g.headTouchesTop ? 0 : (g.eyeY - g.hairTop) / (EYE_LINE - headroom);
  const start = Math.min(hMax, Math.max(g.faceHeight / f.faceHeight, forHeadroom));
  const attempts = [
    ...EYE_LINES.map((line) => ({ line, floor: Math.max(hMin, start * PRESET_ZOOM) })),
    { line: EYE_LINE, floor: hMin },
  ];
  for (const { line, floor } of attempts) {
    for (const room of rooms) {
      for (let h = start; h >= floor; h *= 0.98) {
        const r = fits(g, h, eyeX, room, line);
        if (r) return r;
      }
    }
  }
  return null;
}

function same(a: Rect, b: Rect): boolean {
  const tol = 0.02 * Math.max(a.height, b.height);
  return Math.abs(a.x - b.x) < tol && Math.abs(a.y - b.y) < tol && Math.abs(a.height - b.height) < tol;
}

/** The framings a photo can give, each a crop different from every other (presets that collapse count once). */
export function distinctFramings(g: PortraitGeometry, headroom: number): { framing: Framing; crop: Rect }[] {
  const out: { framing: Framing; crop: Rect }[] = [];
  for (const f of FRAMINGS) {
    const crop = frameCrop(g, f, headroom);
    if (crop && !out.some((o) => same(o.crop, crop))) out.push({ framing: f, crop });
  }
  if (out.length === 0) {
    // Nothing fits the rules (the face fills the photo): the largest 4:5 frame inside the photo around the eyes.
    const h = Math.min(g.valid.height, g.valid.width / ASPECT);
    const w = h * ASPECT;
    const x = Math.min(Math.max(g.eyeX - w / 2, g.valid.x), g.valid.x + g.valid.width - w);
    const y = Math.min(Math.max(g.eyeY - h * EYE_LINE, g.valid.y), g.valid.y + g.valid.height - h);
    out.push({ framing: FRAMINGS[1]!, crop: { x, y, width: w, height: h } });
  }
  return out;
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
