import sharp from 'sharp';
import { downscale, rgbFrom, type RgbImage } from './decode';

// What the photo check reads of a photo: a copy scaled down for face detection, and the photo's own
// pixels only where a measure needs them (the face, for blur, exposure, eyes and skin). A large JPEG
// is then never held whole at full size: its detection copy is decoded at a reduced size (libjpeg
// scales by 1/2, 1/4 or 1/8 while decoding) and the face is decoded again, at full resolution, alone.

/** A rectangle of photo pixels (whole numbers, inside the photo). */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Full-resolution pixels of a part of the photo: `img` holds them, its first pixel at (left, top). */
export interface PixelWindow {
  img: RgbImage;
  left: number;
  top: number;
}

/** A photo as the check reads it. */
export interface PhotoPixels {
  /** Upright size of the photo (EXIF orientation applied). */
  width: number;
  height: number;
  /** The copy face detection runs on (long side at most the detection size). */
  small: RgbImage;
  /** Detection-copy pixels per photo pixel (small.width / width). */
  scale: number;
  /** The photo's own pixels covering `rect` (at least; a window may hold more). */
  window(rect: PixelRect): Promise<PixelWindow>;
}

/** Size of the detection copy of a width×height photo whose long side is brought to at most maxSide. */
export function detectionSize(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= maxSide) return { width, height };
  const scale = maxSide / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A photo already decoded whole: the detection copy is scaled from it and every window is the photo itself. */
export async function decodedPixels(img: RgbImage, maxSide: number): Promise<PhotoPixels> {
  const { img: small, scale } = await downscale(img, maxSide);
  return {
    width: img.width,
    height: img.height,
    small,
    scale,
    window: async () => ({ img, left: 0, top: 0 }),
  };
}

/** Decoding options shared with decodeRgb: the pixel limit and refusing damaged files. */
const load = (bytes: Buffer, maxPixels: number) =>
  sharp(bytes, { limitInputPixels: maxPixels, failOn: 'warning' }).rotate();

/** To upright 8-bit sRGB without alpha, as decodeRgb does. */
const toRgb = (img: sharp.Sharp) =>
  img
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });

/**
 * A JPEG read without decoding it whole at full size, when that saves work: null when the photo's
 * long side is under twice `maxSide` (libjpeg cannot then decode it smaller, and one whole decode
 * costs least). Throws on a file that will not decode, like decodeRgb.
 */
export async function jpegPixels(
  bytes: Buffer,
  maxPixels: number,
  maxSide: number,
): Promise<PhotoPixels | null> {
  const meta = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
  if (!meta.width || !meta.height) throw new Error('no image size');
  // Orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (Math.max(width, height) < 2 * maxSide) return null;
  const size = detectionSize(width, height, maxSide);
  const { data, info } = await toRgb(load(bytes, maxPixels).resize(size.width, size.height, { fit: 'fill' }));
  if (info.width !== size.width || info.height !== size.height) throw new Error('unexpected decoded size');
  return {
    width,
    height,
    small: rgbFrom(data, info),
    scale: size.width / width,
    async window(rect) {
      const part = await toRgb(load(bytes, maxPixels).extract(rect));
      return { img: rgbFrom(part.data, part.info), left: rect.left, top: rect.top };
    },
  };
}
