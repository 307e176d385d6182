import type { Pt } from '../face/landmarks';
import type { RgbImage } from '../image/decode';
import type { PixelRect, PixelWindow } from '../image/pixels';
import { luma } from '../util/color';

// Measures behind the sunglasses, heavy-filter and screenshot rules. Each is a plain number the
// check reports in its data, so a threshold can be read against the photo it judged.

/** Face-mesh indices (MediaPipe topology): eye corners, and cheek points below the eyes. */
const EYE_CORNERS = [
  [33, 133],
  [362, 263],
] as const;
const CHEEKS = [50, 280] as const;

interface Patch {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** Where the measures read: the photo's own pixels around the face, and the photo's size. */
interface Source {
  win: PixelWindow;
  width: number;
  height: number;
}

/** The bounding rectangle of a patch's pixels, clipped to the photo: [x0, y0, x1, y1], inclusive. */
function patchBounds(p: Patch, width: number, height: number): [number, number, number, number] {
  return [
    Math.max(0, Math.floor(p.cx - p.rx)),
    Math.max(0, Math.floor(p.cy - p.ry)),
    Math.min(width - 1, Math.ceil(p.cx + p.rx)),
    Math.min(height - 1, Math.ceil(p.cy + p.ry)),
  ];
}

/** Byte offsets (in the window) of the pixels of an axis-aligned ellipse, clipped to the photo. */
function* patchPixels(src: Source, p: Patch): Generator<number> {
  const [x0, y0, x1, y1] = patchBounds(p, src.width, src.height);
  const { img, left, top } = src.win;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const dx = (x - p.cx) / p.rx;
      const dy = (y - p.cy) / p.ry;
      if (dx * dx + dy * dy <= 1) yield ((y - top) * img.width + (x - left)) * 3;
    }
}

/** Standard deviation of luma over the patches. */
function lumaSpread(src: Source, patches: Patch[]): number {
  const img = src.win.img;
  let s = 0;
  let s2 = 0;
  let n = 0;
  for (const p of patches)
    for (const i of patchPixels(src, p)) {
      const y = luma(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!);
      s += y;
      s2 += y * y;
      n++;
    }
  if (n === 0) return 0;
  const m = s / n;
  return Math.sqrt(Math.max(0, s2 / n - m * m));
}

function meanRgb(src: Source, patches: Patch[]): [number, number, number] {
  const img = src.win.img;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (const p of patches)
    for (const i of patchPixels(src, p)) {
      r += img.data[i]!;
      g += img.data[i + 1]!;
      b += img.data[i + 2]!;
      n++;
    }
  return n === 0 ? [0, 0, 0] : [r / n, g / n, b / n];
}

/** HSV hue (degrees) and saturation (0..1) of a colour. */
export function hueSat([r, g, b]: readonly number[]): { hue: number; sat: number } {
  const max = Math.max(r!, g!, b!);
  const min = Math.min(r!, g!, b!);
  const d = max - min;
  const sat = max === 0 ? 0 : d / max;
  if (d === 0) return { hue: 0, sat };
  let hue: number;
  if (max === r) hue = ((g! - b!) / d) % 6;
  else if (max === g) hue = (b! - r!) / d + 2;
  else hue = (r! - g!) / d + 4;
  hue *= 60;
  return { hue: hue < 0 ? hue + 360 : hue, sat };
}

export interface FaceLooks {
  /** Eye areas' luma over the cheeks' luma: about 0.6–1 for bare eyes, low behind dark lenses. */
  eyeToSkin: number;
  /** Spread (standard deviation) of the eye areas' luma over the cheeks' luma: lenses are flat. */
  eyeContrast: number;
  /** Skin colour of the cheeks. */
  skinHue: number;
  skinSat: number;
}

type Box = { x: number; y: number; width: number; height: number };

/** The eye and cheek patches of a face, from its mesh in photo pixels. */
function facePatches(mesh: readonly Pt[], box: Box): { eyes: Patch[]; cheeks: Patch[] } {
  const at = (i: number): Pt => mesh[i] ?? [box.x + box.width / 2, box.y + box.height / 2];
  const eyes: Patch[] = EYE_CORNERS.map(([a, b]) => {
    const p = at(a);
    const q = at(b);
    const w = Math.hypot(q[0] - p[0], q[1] - p[1]);
    // The eye's width and a little more: where a lens sits, without the brow.
    return { cx: (p[0] + q[0]) / 2, cy: (p[1] + q[1]) / 2, rx: 0.6 * w, ry: 0.32 * w };
  });
  const r = 0.07 * box.width;
  const cheeks: Patch[] = CHEEKS.map((i) => ({ cx: at(i)[0], cy: at(i)[1], rx: r, ry: r }));
  return { eyes, cheeks };
}

/** The photo pixels faceLooks reads (all of them, clipped to the width×height photo). */
export function looksRect(mesh: readonly Pt[], box: Box, width: number, height: number): PixelRect {
  const { eyes, cheeks } = facePatches(mesh, box);
  const b = [...eyes, ...cheeks].map((p) => patchBounds(p, width, height));
  const x0 = Math.min(...b.map((q) => q[0]));
  const y0 = Math.min(...b.map((q) => q[1]));
  const x1 = Math.max(x0, ...b.map((q) => q[2]));
  const y1 = Math.max(y0, ...b.map((q) => q[3]));
  return { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/**
 * Eye, skin and tone measures of a face, from its mesh in photo pixels. `win` holds the photo's
 * pixels at least over looksRect; `width`×`height` is the photo's size.
 */
export function faceLooks(
  win: PixelWindow,
  width: number,
  height: number,
  mesh: readonly Pt[],
  box: Box,
): FaceLooks {
  const src: Source = { win, width, height };
  const { eyes, cheeks } = facePatches(mesh, box);
  const eye = meanRgb(src, eyes);
  const skin = meanRgb(src, cheeks);
  const { hue, sat } = hueSat(skin);

  const skinLuma = Math.max(1, luma(...skin));
  return {
    eyeToSkin: luma(...eye) / skinLuma,
    eyeContrast: lumaSpread(src, eyes) / skinLuma,
    skinHue: hue,
    skinSat: sat,
  };
}

/**
 * Straight seams across the whole picture: rows (columns) where at least 90 % of the pixels step
 * in luma by more than 10 levels the same way from the row (column) before. Camera pictures have
 * none; a screenshot has one at every bar of its interface (status bar, app bar, the photo's own
 * edges). Neighbouring seam rows count once.
 */
export function straightSeams(img: RgbImage): { rows: number; columns: number } {
  const { width: w, height: h, data } = img;
  const L = new Float32Array(w * h);
  for (let p = 0, i = 0; p < L.length; p++, i += 3) L[p] = luma(data[i]!, data[i + 1]!, data[i + 2]!);
  // Steps of more than 10 levels up and down: of each row from the row above, and of each column
  // from the column to its left, counted in one pass in memory order.
  const rowUp = new Int32Array(h);
  const rowDown = new Int32Array(h);
  const colUp = new Int32Array(w);
  const colDown = new Int32Array(w);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const v = L[row + x]!;
      if (y > 0) {
        const d = v - L[row - w + x]!;
        if (d > 10) rowUp[y]!++;
        else if (d < -10) rowDown[y]!++;
      }
      if (x > 0) {
        const d = v - L[row + x - 1]!;
        if (d > 10) colUp[x]!++;
        else if (d < -10) colDown[x]!++;
      }
    }
  }
  const count = (up: Int32Array, down: Int32Array, across: number) => {
    let seams = 0;
    let last = -10;
    for (let line = 1; line < up.length; line++) {
      if (Math.max(up[line]!, down[line]!) >= 0.9 * across) {
        if (line - last > 2) seams++;
        last = line;
      }
    }
    return seams;
  };
  return { rows: count(rowUp, rowDown, w), columns: count(colUp, colDown, h) };
}
