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

/**
 * Relights the subject to match the backdrop: a key from the backdrop's bright side (one side
 * brighter, the other darker), a touch of shade under the chin for light from above, the key's
 * warmth, and a pull of the colour balance toward the backdrop's ambient colour.
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
  for (let y = 0, i = 0; y < frame.height; y++) {
    const below = Math.max(0, Math.min(1, ((y - frame.chinY) / frame.faceHeight) * 2));
    const vertical = 1 - light.fromAbove * below;
    for (let x = 0; x < frame.width; x++, i += 3) {
      const u = (x - frame.faceCx) / frame.faceWidth;
      const side =
        light.side === 0
          ? 1 + 0.25 * light.contrast * (1 - Math.min(1, Math.abs(u)))
          : 1 + 0.5 * light.contrast * Math.tanh(light.side * u * 1.5);
      const g = side * vertical;
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
