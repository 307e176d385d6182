import type { HeadshotFormat } from '@ai-covers/contracts';
import { decodeBmp } from './bmp';
import { decodeRgb, type RgbImage } from './decode';

/** Decodes an accepted upload (format known from its magic bytes) to upright RGB. */
export async function decodeUpload(
  buf: Buffer,
  format: HeadshotFormat,
  maxPixels: number,
): Promise<RgbImage> {
  return format === 'bmp' ? decodeBmp(buf, maxPixels) : decodeRgb(buf, maxPixels);
}
