import type { LightSpec } from '../styles/catalog';
import { clampByte } from '../util/color';

// Pixel operations of a render, on raw RGB (3 bytes per pixel) and 8-bit masks of one size.

/**
 * Gentle skin retouch: inside the skin mask, pulls each pixel toward its blurred neighbourhood,
 * but only where the difference is small (texture, blemishes), never across edges (eyelids,
 * nostrils, hairline), so features stay as they are.
 */
export function retouchSkin(rgb: Uint8Array, blurred: Uint8Array, skin: Uint8Array, strength: number): void {
  if (strength <= 0) return;
  for (let p = 0, i = 0; p < skin.length; p++, i += 3) {
    const m = skin[p]!;
    if (m === 0) continue;
    const dl =
      0.299 * (blurred[i]! - rgb[i]!) +
      0.587 * (blurred[i + 1]! - rgb[i + 1]!) +
      0.114 * (blurred[i + 2]! - rgb[i + 2]!);
    const ad = Math.abs(dl);
    // Full effect under 6 levels of luma difference, none above 22.
    const gate = ad <= 6 ? 1 : ad >= 22 ? 0 : (22 - ad) / 16;
    const k = (strength * gate * m) / 255;
    if (k === 0) continue;
    rgb[i] = clampByte(rgb[i]! + (blurred[i]! - rgb[i]!) * k);
    rgb[i + 1] = clampByte(rgb[i + 1]! + (blurred[i + 1]! - rgb[i + 1]!) * k);
    rgb[i + 2] = clampByte(rgb[i + 2]! + (blurred[i + 2]! - rgb[i + 2]!) * k);
  }
}

/** Where the face is in the output, for lighting. */
export interface LightFrame {
  width: number;
  height: number;
  faceCx: number;
  faceWidth: number;
  chinY: number;
  faceHeight: number;
}

/** Share of the key's light the fill gives the side of the face turned away from the key. */
const FILL = 0.45;

/**
 * Relights the subject like a studio: on the face, a key light modelled on the face's shape (the
 * face taken as a half-ellipsoid from its outline, lit by a key from the set-up's side and above,
 * with a fill so the shadow side keeps detail); on hair, neck and body a gentler fall-off across
 * the frame; shade under the chin for a high key; the key's warmth and a pull of the colour
 * balance toward the backdrop's ambient colour.
 */
export function relightSubject(
  rgb: Uint8Array,
  light: LightSpec,
  frame: LightFrame,
  ambient: readonly [number, number, number],
): void {
  const mean = (ambient[0] + ambient[1] + ambient[2]) / 3 || 1;
  const amb = ambient.map((c) => 1 + 0.12 * (c / mean - 1));
  const warmR = 1 + 0.04 * light.warmth;
  const warmB = 1 - 0.04 * light.warmth;
  const cr = amb[0]! * warmR;
  const cg = amb[1]!;
  const cb = amb[2]! * warmB;
  // Key direction: toward the viewer, up (y grows downward) and to the key's side.
  const lx = 0.6 * light.side;
  const ly = -(0.35 + 0.5 * light.fromAbove);
  const ll = Math.hypot(lx, ly, 0.75);
  const L = [lx / ll, ly / ll, 0.75 / ll] as const;
  const frontal = FILL + (1 - FILL) * L[2];
  const cx = frame.faceCx;
  const cy = frame.chinY - frame.faceHeight / 2;
  const rx = frame.faceWidth / 2 || 1;
  const ry = frame.faceHeight / 2 || 1;
  for (let y = 0, i = 0; y < frame.height; y++) {
    const below = Math.max(0, Math.min(1, ((y - frame.chinY) / frame.faceHeight) * 2));
    const vertical = 1 - light.fromAbove * below;
    const ny = (y - cy) / ry;
    for (let x = 0; x < frame.width; x++, i += 3) {
      const u = (x - frame.faceCx) / frame.faceWidth;
      const body =
        light.side === 0
          ? 1 + 0.25 * light.contrast * (1 - Math.min(1, Math.abs(u)))
          : 1 + 0.5 * light.contrast * Math.tanh(light.side * u * 1.5);
      let g = body;
      const nx = (x - cx) / rx;
      const r2 = nx * nx + ny * ny;
      if (r2 < 1.3) {
        // The face's surface normal, from the ellipse; Lambert shading against the frontal point.
        const rr = Math.min(r2, 0.96);
        const scale = r2 > 0 ? Math.sqrt(rr / r2) : 0;
        const n0 = nx * scale;
        const n1 = ny * scale;
        const n2 = Math.sqrt(1 - rr);
        const lambert = Math.max(0, n0 * L[0] + n1 * L[1] + n2 * L[2]);
        const shade = (FILL + (1 - FILL) * lambert) / frontal;
        const face = 1 + 1.6 * light.contrast * (shade - 1);
        // Full modelling inside the face, blending into the body's fall-off at its outline.
        const w = r2 < 0.8 ? 1 : (1.3 - r2) / 0.5;
        g = w * face + (1 - w) * body;
      }
      g *= vertical;
      rgb[i] = clampByte(rgb[i]! * g * cr);
      rgb[i + 1] = clampByte(rgb[i + 1]! * g * cg);
      rgb[i + 2] = clampByte(rgb[i + 2]! * g * cb);
    }
  }
}

/** Mean colour of an RGB buffer. */
export function meanColour(rgb: Uint8Array): [number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  const n = rgb.length / 3 || 1;
  for (let i = 0; i < rgb.length; i += 3) {
    r += rgb[i]!;
    g += rgb[i + 1]!;
    b += rgb[i + 2]!;
  }
  return [r / n, g / n, b / n];
}

/** Darkens the backdrop under a soft, offset copy of the subject's silhouette. */
export function castShadow(backdrop: Uint8Array, shadowMask: Uint8Array, strength: number): void {
  if (strength <= 0) return;
  for (let p = 0, i = 0; p < shadowMask.length; p++, i += 3) {
    const k = 1 - (strength * shadowMask[p]!) / 255;
    backdrop[i] = clampByte(backdrop[i]! * k);
    backdrop[i + 1] = clampByte(backdrop[i + 1]! * k);
    backdrop[i + 2] = clampByte(backdrop[i + 2]! * k);
  }
}

/**
 * Places the subject over the backdrop by its matte, then wraps backdrop light around the subject's
 * edges (the band just inside the silhouette takes on the blurred backdrop's colour), which is what
 * makes a cut-out sit in its scene instead of floating on it. Writes into `backdrop`.
 */
export function compositeWithWrap(
  backdrop: Uint8Array,
  subject: Uint8Array,
  matte: Uint8Array,
  matteBlurred: Uint8Array,
  backdropBlurred: Uint8Array,
  wrap: number,
): void {
  for (let p = 0, i = 0; p < matte.length; p++, i += 3) {
    const a = matte[p]! / 255;
    if (a === 0) continue;
    const edge = a * (1 - matteBlurred[p]! / 255);
    const w = Math.min(1, wrap * edge);
    for (let k = 0; k < 3; k++) {
      const fg = subject[i + k]! * (1 - w) + backdropBlurred[i + k]! * w;
      backdrop[i + k] = clampByte(backdrop[i + k]! * (1 - a) + fg * a);
    }
  }
}

/** Subject colour premultiplied by its matte (for the edge clean-up's blur). */
export function premultiply(rgb: Uint8Array, matte: Uint8Array): Buffer {
  const out = Buffer.alloc(rgb.length);
  for (let p = 0, i = 0; p < matte.length; p++, i += 3) {
    const a = matte[p]! / 255;
    out[i] = clampByte(rgb[i]! * a);
    out[i + 1] = clampByte(rgb[i + 1]! * a);
    out[i + 2] = clampByte(rgb[i + 2]! * a);
  }
  return out;
}

/**
 * Removes the old background's colour from the subject's soft edge (hair, shoulders): an edge pixel
 * takes the colour of the nearby subject (premultiplied blur over blurred matte) in proportion to
 * how transparent it is. Without this, a fringe of the original backdrop shows around the person.
 */
export function decontaminateEdges(
  rgb: Uint8Array,
  matte: Uint8Array,
  premulBlurred: Uint8Array,
  matteBlurred: Uint8Array,
): void {
  for (let p = 0, i = 0; p < matte.length; p++, i += 3) {
    const a = matte[p]!;
    if (a === 0 || a >= 250) continue;
    const ab = matteBlurred[p]!;
    if (ab < 8) continue;
    const k = 1 - a / 255;
    for (let c = 0; c < 3; c++) {
      const inner = (premulBlurred[i + c]! * 255) / ab;
      rgb[i + c] = clampByte(rgb[i + c]! + (inner - rgb[i + c]!) * k);
    }
  }
}

/** Tightens a soft matte a little (the model's edge runs slightly into the background). */
export function chokeMatte(matte: Uint8Array, floor: number): void {
  const scale = 255 / (255 - floor);
  for (let p = 0; p < matte.length; p++) matte[p] = clampByte((matte[p]! - floor) * scale);
}

/**
 * Rim light: brightens the band just inside the silhouette (hair and shoulder edges), on the side
 * away from the key for a side key, on both sides for a key in front. This separates the person
 * from the backdrop the way a studio's kicker or strip light does.
 */
export function addRim(
  rgb: Uint8Array,
  matte: Uint8Array,
  matteBlurred: Uint8Array,
  frame: { width: number; faceCx: number },
  light: { side: -1 | 0 | 1; rim: number },
): void {
  if (light.rim <= 0) return;
  const { width, faceCx } = frame;
  for (let p = 0, i = 0; p < matte.length; p++, i += 3) {
    const a = matte[p]!;
    if (a === 0) continue;
    const edge = (a / 255) * Math.max(0, 1 - matteBlurred[p]! / 255);
    if (edge <= 0.02) continue;
    const x = p % width;
    // Far side from the key: x right of the face for a key from the left (side -1), and so on.
    const away =
      light.side === 0 ? 1 : Math.max(0, Math.min(1, 0.5 - (light.side * (x - faceCx)) / (0.25 * width)));
    const k = light.rim * edge * away * 1.6;
    if (k <= 0) continue;
    for (let c = 0; c < 3; c++) rgb[i + c] = clampByte(rgb[i + c]! + (255 - rgb[i + c]!) * Math.min(1, k));
  }
}
