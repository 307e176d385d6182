import type { FaceDetail } from '../face/analyze';
import type { Pt } from '../face/landmarks';
import { downscale, type RgbImage } from '../image/decode';
import {
  FRAMINGS,
  fullHeight,
  portraitRegion,
  PRESET_ZOOM,
  type PortraitGeometry,
  type Rect,
} from './framing';

// A portrait is the part of a photo that framings draw from, turned so the eyes are level and
// scaled down (never up) only as far as the tightest framing at full size still has one portrait
// pixel per output pixel.

/** Landmarks a render needs, in portrait pixels. */
export interface PortraitFace {
  eyes: [Pt, Pt];
  oval: Pt[];
  keep: Pt[][];
  box: Rect;
}

/** Where a portrait sits in its photo and what it holds. */
export interface PortraitLayout {
  /** Degrees the photo was turned to level the eyes. */
  levelDeg: number;
  /** Portrait pixels per photo pixel. */
  scale: number;
  width: number;
  height: number;
  /** Geometry before the matte refines the hair top. */
  geometry: PortraitGeometry;
  face: PortraitFace;
}

/** Eyes are levelled only past this tilt, and at most by `MAX_LEVEL_DEG`. */
const MIN_LEVEL_DEG = 2;
const MAX_LEVEL_DEG = 20;
/** A hair top this close to the photo's first row (in pixels) touches it. */
const HEAD_TOP_SLACK = 2;

type Transform = (p: Pt) => Pt;

/** Plans a portrait: levelling angle, region, scale, and all geometry mapped into portrait pixels. */
export function planPortrait(
  face: FaceDetail,
  photoWidth: number,
  photoHeight: number,
  outHeight: number,
): {
  layout: PortraitLayout;
  /** Photo pixel → portrait pixel. */
  toPortrait: Transform;
  /** Portrait pixel → photo pixel. */
  toPhoto: Transform;
} {
  const roll = face.rollDeg;
  const levelDeg =
    Math.abs(roll) < MIN_LEVEL_DEG ? 0 : Math.max(-MAX_LEVEL_DEG, Math.min(MAX_LEVEL_DEG, roll));
  const theta = (-levelDeg * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const ex = (face.eyes[0][0] + face.eyes[1][0]) / 2;
  const ey = (face.eyes[0][1] + face.eyes[1][1]) / 2;
  const level: Transform = ([x, y]) => [
    ex + cos * (x - ex) - sin * (y - ey),
    ey + sin * (x - ex) + cos * (y - ey),
  ];
  const unlevel: Transform = ([x, y]) => [
    ex + cos * (x - ex) + sin * (y - ey),
    ey - sin * (x - ex) + cos * (y - ey),
  ];

  // The face outline from the mesh; the detector's box stands in if the mesh gave none.
  const b = face.box;
  const outline: Pt[] =
    face.regions.oval.length >= 3
      ? face.regions.oval
      : [
          [b.x, b.y],
          [b.x + b.width, b.y],
          [b.x + b.width, b.y + b.height],
          [b.x, b.y + b.height],
        ];
  const oval = outline.map(level);
  const ovalTop = Math.min(...oval.map((p) => p[1]));
  const chin = Math.max(...oval.map((p) => p[1]));
  const faceHeight = Math.max(1, chin - ovalTop);

  // The largest upright rectangle inside the turned photo (exact for small angles).
  const c = [
    level([0, 0]),
    level([photoWidth, 0]),
    level([0, photoHeight]),
    level([photoWidth, photoHeight]),
  ];
  const vx0 = Math.max(c[0]![0], c[2]![0]);
  const vx1 = Math.min(c[1]![0], c[3]![0]);
  const vy0 = Math.max(c[0]![1], c[1]![1]);
  const vy1 = Math.min(c[2]![1], c[3]![1]);
  // Before the matte: hair assumed a quarter face above the forehead. Where that is above the
  // photo, the photo cuts the head off (the matte will say so too), and the check's framings must
  // start inside the photo as the pack's will: else it promises framings the pack cannot give.
  const hairTop = ovalTop - 0.25 * faceHeight;
  const levelled: PortraitGeometry = {
    eyeX: ex,
    eyeY: ey,
    faceHeight,
    hairTop,
    valid: { x: vx0, y: vy0, width: vx1 - vx0, height: vy1 - vy0 },
    headTouchesTop: hairTop <= vy0 + HEAD_TOP_SLACK,
    facing: Math.abs(face.yawDeg) < 5 ? 0 : face.yawDeg > 0 ? 1 : -1,
  };
  const region = portraitRegion(levelled);
  // Portrait pixels per face height the tightest full-size framing needs (zoomed in as far as allowed).
  const needed = Math.max(...FRAMINGS.map((f) => (fullHeight(f, outHeight) * f.faceHeight) / PRESET_ZOOM));
  const scale = Math.min(1, needed / faceHeight);
  const toPortrait: Transform = (p) => {
    const [x, y] = level(p);
    return [(x - region.x) * scale, (y - region.y) * scale];
  };
  const toPhoto: Transform = ([u, v]) => unlevel([region.x + u / scale, region.y + v / scale]);
  const mapRect = (r: Rect): Rect => ({
    x: (r.x - region.x) * scale,
    y: (r.y - region.y) * scale,
    width: r.width * scale,
    height: r.height * scale,
  });
  const box = face.box;
  const boxCentre = toPortrait([box.x + box.width / 2, box.y + box.height / 2]);
  const geometry: PortraitGeometry = {
    ...levelled,
    eyeX: (ex - region.x) * scale,
    eyeY: (ey - region.y) * scale,
    faceHeight: faceHeight * scale,
    hairTop: (levelled.hairTop - region.y) * scale,
    valid: mapRect(levelled.valid),
  };
  return {
    layout: {
      levelDeg,
      scale,
      width: Math.max(1, Math.round(region.width * scale)),
      height: Math.max(1, Math.round(region.height * scale)),
      geometry,
      face: {
        eyes: [toPortrait(face.eyes[0]), toPortrait(face.eyes[1])],
        oval: outline.map(toPortrait),
        keep: face.regions.keep.map((r) => r.map(toPortrait)),
        box: {
          x: boxCentre[0] - (box.width * scale) / 2,
          y: boxCentre[1] - (box.height * scale) / 2,
          width: box.width * scale,
          height: box.height * scale,
        },
      },
    },
    toPortrait,
    toPhoto,
  };
}

/**
 * Renders the portrait pixels by sampling the photo (bilinear) through `toPhoto`. Large photos are
 * first scaled down with a proper filter so the sampling never skips more than one pixel in two.
 */
export async function renderPortrait(
  photo: RgbImage,
  layout: PortraitLayout,
  toPhoto: Transform,
): Promise<RgbImage> {
  const pre = Math.min(1, layout.scale * 2);
  const { img: src, scale: d } =
    pre < 1
      ? await downscale(photo, Math.round(Math.max(photo.width, photo.height) * pre))
      : { img: photo, scale: 1 };
  const { width, height } = layout;
  const out = Buffer.alloc(width * height * 3);
  const sw = src.width;
  const sh = src.height;
  const s = src.data;
  for (let v = 0, o = 0; v < height; v++) {
    for (let u = 0; u < width; u++, o += 3) {
      const p = toPhoto([u + 0.5, v + 0.5]);
      const x = p[0] * d - 0.5;
      const y = p[1] * d - 0.5;
      if (x < -0.5 || y < -0.5 || x > sw - 0.5 || y > sh - 0.5) continue;
      const x0 = Math.max(0, Math.min(sw - 1, Math.floor(x)));
      const y0 = Math.max(0, Math.min(sh - 1, Math.floor(y)));
      const x1 = Math.min(sw - 1, x0 + 1);
      const y1 = Math.min(sh - 1, y0 + 1);
      const fx = Math.max(0, Math.min(1, x - x0));
      const fy = Math.max(0, Math.min(1, y - y0));
      const a = (y0 * sw + x0) * 3;
      const b = (y0 * sw + x1) * 3;
      const c = (y1 * sw + x0) * 3;
      const e = (y1 * sw + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const top = s[a + k]! + (s[b + k]! - s[a + k]!) * fx;
        const bottom = s[c + k]! + (s[e + k]! - s[c + k]!) * fx;
        out[o + k] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return { data: out, width, height };
}

/**
 * Refines the geometry with the matte: the hair top is the highest foreground row above the face,
 * and the head touches the top when that row is the photo's first.
 */
export function refineWithMatte(
  geometry: PortraitGeometry,
  face: PortraitFace,
  mask: Uint8Array,
  width: number,
  height: number,
): PortraitGeometry {
  const x0 = Math.max(0, Math.floor(face.box.x));
  const x1 = Math.min(width, Math.ceil(face.box.x + face.box.width));
  const yStart = Math.max(0, Math.floor(geometry.valid.y));
  const yEnd = Math.min(height, Math.ceil(face.box.y + face.box.height / 2));
  let hairTop = geometry.hairTop;
  outer: for (let y = yStart; y < yEnd; y++) {
    let hits = 0;
    for (let x = x0; x < x1; x++) if (mask[y * width + x]! >= 128) hits++;
    // A few stray pixels are not hair: ask for 3 % of the face width.
    if (hits >= Math.max(2, (x1 - x0) * 0.03)) {
      hairTop = y;
      break outer;
    }
  }
  return { ...geometry, hairTop, headTouchesTop: hairTop <= geometry.valid.y + HEAD_TOP_SLACK };
}
