import { clampByte } from '../util/color';
import type { GradeSpec } from './catalog';

/** Tone curve of a grade as a 256-entry table: S-curve contrast, then lifted blacks. */
export function toneCurve(contrast: number, lift: number): Uint8Array {
  const lut = new Uint8Array(256);
  for (let i = 0; i < 256; i++) {
    const x = i / 255;
    const s = x * x * (3 - 2 * x);
    let y = x + contrast * (s - x) * 2;
    y = lift + (1 - lift) * Math.min(1, Math.max(0, y));
    lut[i] = clampByte(Math.round(y * 255));
  }
  return lut;
}

/** Applies a colour grade in place to raw RGB pixels. */
export function applyGrade(rgb: Uint8Array | Buffer, grade: GradeSpec): void {
  const curve = toneCurve(grade.contrast, grade.lift);
  const warmR = 1 + grade.temperature;
  const warmB = 1 - grade.temperature;
  const sat = grade.saturation;
  const [sr, sg, sb] = grade.shadowTint;
  const [hr, hg, hb] = grade.highlightTint;
  const split = sr || sg || sb || hr || hg || hb;
  for (let i = 0; i < rgb.length; i += 3) {
    let r = rgb[i]! * warmR;
    let g = rgb[i + 1]!;
    let b = rgb[i + 2]! * warmB;
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    r = l + (r - l) * sat;
    g = l + (g - l) * sat;
    b = l + (b - l) * sat;
    r = curve[clampByte(Math.round(r))]!;
    g = curve[clampByte(Math.round(g))]!;
    b = curve[clampByte(Math.round(b))]!;
    if (split) {
      const t = l / 255;
      const sw = (1 - t) * (1 - t);
      const hw = t * t;
      r += sr * sw + hr * hw;
      g += sg * sw + hg * hw;
      b += sb * sw + hb * hw;
    }
    rgb[i] = clampByte(r);
    rgb[i + 1] = clampByte(g);
    rgb[i + 2] = clampByte(b);
  }
}
