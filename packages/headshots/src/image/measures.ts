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
