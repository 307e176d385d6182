// Pure image measures on 8-bit greyscale buffers (one byte per pixel, row-major).

/** Variance of the 4-neighbour Laplacian: high for sharp detail, low for blur. */
export function laplacianVariance(grey: Uint8Array, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const lap = grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!;
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** Brightness summary of a face crop. */
export interface Exposure {
  /** Mean luma 0..255. */
  mean: number;
  /** Share of pixels at or below 16 (crushed shadows). */
  crushed: number;
  /** Share of pixels at or above 245 (blown highlights). */
  blown: number;
}

/** Mean luma and the shares of crushed and blown pixels. */
export function exposureOf(grey: Uint8Array): Exposure {
  if (grey.length === 0) return { mean: 0, crushed: 1, blown: 0 };
  let sum = 0;
  let crushed = 0;
  let blown = 0;
  for (const v of grey) {
    sum += v;
    if (v <= 16) crushed++;
    else if (v >= 245) blown++;
  }
  return { mean: sum / grey.length, crushed: crushed / grey.length, blown: blown / grey.length };
}

/** Variance of the pixel values. */
export function greyVariance(grey: Uint8Array): number {
  if (grey.length === 0) return 0;
  let sum = 0;
  let sumSq = 0;
  for (const v of grey) {
    sum += v;
    sumSq += v * v;
  }
  const mean = sum / grey.length;
  return sumSq / grey.length - mean * mean;
}

/**
 * Sharpness independent of exposure: Laplacian variance over pixel variance, ×1000. Both scale with
 * the square of the image's gain, so a dim but sharp face scores like a bright one. The floor on the
 * pixel variance keeps flat crops (no detail at all) from dividing by almost nothing.
 */
export function sharpnessOf(grey: Uint8Array, width: number, height: number): number {
  return (1000 * laplacianVariance(grey, width, height)) / Math.max(100, greyVariance(grey));
}

/**
 * No-reference blur measure (Crété-Roffet et al., "The blur effect", 2007): how much of the
 * picture's neighbour-to-neighbour variation survives a further 9-pixel box blur. A sharp picture
 * loses most of it (near 0), a blurred one has little left to lose (toward 1). It compares the
 * picture with itself, so it depends far less on how much detail the face has than a Laplacian
 * variance does. The worse of the horizontal and vertical figures is returned.
 */
export function blurEffect(grey: Uint8Array, width: number, height: number): number {
  if (width < 10 || height < 10) return 1;
  const r = 4;
  const box = (i: number, step: number, pos: number, len: number) => {
    let s = 0;
    let n = 0;
    for (let k = -r; k <= r; k++) {
      const p = pos + k;
      if (p < 0 || p >= len) continue;
      s += grey[i + k * step]!;
      n++;
    }
    return s / n;
  };
  const measure = (horizontal: boolean) => {
    let sumF = 0;
    let sumV = 0;
    for (let y = 1; y < height; y++) {
      for (let x = 1; x < width; x++) {
        const i = y * width + x;
        const step = horizontal ? 1 : width;
        const pos = horizontal ? x : y;
        const len = horizontal ? width : height;
        const dF = Math.abs(grey[i]! - grey[i - step]!);
        const dB = Math.abs(box(i, step, pos, len) - box(i - step, step, pos - 1, len));
        sumF += dF;
        sumV += Math.max(0, dF - dB);
      }
    }
    return sumF === 0 ? 1 : (sumF - sumV) / sumF;
  };
  return Math.max(measure(true), measure(false));
}
