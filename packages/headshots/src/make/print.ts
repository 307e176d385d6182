import sharp from 'sharp';

// The near-duplicate rule's perceptual distance. A result's print is the person alone (the
// backdrop replaced by mid grey through the matte, so a new backdrop does not count), in luma (so a
// colour grade does not count), 24×30 samples, normalised to zero mean and unit spread (so a
// brighter or flatter grade does not count). What is left is what a viewer compares: crop, pose,
// and the light's shading on the face and body.

export const PRINT_WIDTH = 24;
export const PRINT_HEIGHT = 30;

/**
 * Two results whose prints are closer than this (mean absolute difference, in units of the
 * print's spread) are near-duplicates. Measured on the test portrait (variety.test.ts): the same
 * crop and light on another backdrop, style or grade (black and white included) 0.02–0.04; another
 * light set-up of the same crop 0.15 (key from the other side) and 0.20 (butterfly); another
 * framing about 0.9.
 */
export const NEAR_DUPLICATE_DISTANCE = 0.1;

/** The print of a finished result (RGB canvas and the matte it was composited with). */
export async function personPrint(
  rgb: Uint8Array,
  matte: Uint8Array,
  w: number,
  h: number,
): Promise<number[]> {
  const grey = Buffer.alloc(w * h);
  for (let p = 0, i = 0; p < grey.length; p++, i += 3) {
    const a = matte[p]! / 255;
    const y = 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
    grey[p] = Math.round(a * y + (1 - a) * 128);
  }
  const small = await sharp(grey, { raw: { width: w, height: h, channels: 1 } })
    .resize(PRINT_WIDTH, PRINT_HEIGHT, { fit: 'fill', kernel: 'cubic' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return normalise(Array.from(small.subarray(0, PRINT_WIDTH * PRINT_HEIGHT)));
}

/** Zero mean, unit spread (a flat print stays flat). */
export function normalise(v: number[]): number[] {
  const mean = v.reduce((a, b) => a + b, 0) / (v.length || 1);
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length || 1));
  return v.map((x) => Math.round(((x - mean) / Math.max(sd, 1)) * 1000) / 1000);
}

/** Perceptual distance of two prints: mean absolute difference. */
export function printDistance(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return Infinity;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / n;
}
