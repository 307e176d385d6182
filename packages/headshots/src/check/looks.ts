import type { Pt } from '../face/landmarks';
import type { RgbImage } from '../image/decode';
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

/** Pixels of an axis-aligned ellipse, clipped to the image. */
function* patchPixels(img: RgbImage, p: Patch): Generator<number> {
  const y0 = Math.max(0, Math.floor(p.cy - p.ry));
  const y1 = Math.min(img.height - 1, Math.ceil(p.cy + p.ry));
  const x0 = Math.max(0, Math.floor(p.cx - p.rx));
  const x1 = Math.min(img.width - 1, Math.ceil(p.cx + p.rx));
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const dx = (x - p.cx) / p.rx;
      const dy = (y - p.cy) / p.ry;
      if (dx * dx + dy * dy <= 1) yield (y * img.width + x) * 3;
    }
}

/** Standard deviation of luma over the patches. */
function lumaSpread(img: RgbImage, patches: Patch[]): number {
  let s = 0;
  let s2 = 0;
  let n = 0;
  for (const p of patches)
    for (const i of patchPixels(img, p)) {
      const y = luma(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!);
      s += y;
      s2 += y * y;
      n++;
    }
  if (n === 0) return 0;
  const m = s / n;
  return Math.sqrt(Math.max(0, s2 / n - m * m));
}

function meanRgb(img: RgbImage, patches: Patch[]): [number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (const p of patches)
    for (const i of patchPixels(img, p)) {
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

/** Eye, skin and tone measures of a face, from its mesh in image pixels. */
export function faceLooks(
  img: RgbImage,
  mesh: readonly Pt[],
  box: { x: number; y: number; width: number; height: number },
): FaceLooks {
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
  const eye = meanRgb(img, eyes);
  const skin = meanRgb(img, cheeks);
  const { hue, sat } = hueSat(skin);

  const skinLuma = Math.max(1, luma(...skin));
  return {
    eyeToSkin: luma(...eye) / skinLuma,
    eyeContrast: lumaSpread(img, eyes) / skinLuma,
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
  const count = (len: number, across: number, at: (line: number, k: number) => number) => {
    let seams = 0;
    let last = -10;
    for (let line = 1; line < len; line++) {
      let up = 0;
      let down = 0;
      for (let k = 0; k < across; k++) {
        const d = at(line, k) - at(line - 1, k);
        if (d > 10) up++;
        else if (d < -10) down++;
      }
      if (Math.max(up, down) >= 0.9 * across) {
        if (line - last > 2) seams++;
        last = line;
      }
    }
    return seams;
  };
  return {
    rows: count(h, w, (y, x) => L[y * w + x]!),
    columns: count(w, h, (x, y) => L[y * w + x]!),
  };
}
