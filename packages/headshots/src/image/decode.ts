import sharp from 'sharp';

/** An 8-bit RGB image, rows top to bottom. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes to upright (EXIF orientation applied) 8-bit sRGB. `maxPixels` makes libvips refuse any
 * image with more pixels than that before it decodes, as a second guard behind the header check.
 */
export async function decodeRgb(input: Buffer, maxPixels: number): Promise<RgbImage> {
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'warning' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return rgbFrom(data, info);
}

/** Raw pixels as decoded to an RgbImage; a single-band result (some greyscale inputs) is spread to three bands. */
export function rgbFrom(data: Buffer, info: { width: number; height: number; channels: number }): RgbImage {
  if (info.channels === 3) return { data, width: info.width, height: info.height };
  const rgb = Buffer.alloc(info.width * info.height * 3);
  for (let i = 0, j = 0; i < data.length; i += info.channels, j += 3) {
    rgb[j] = rgb[j + 1] = rgb[j + 2] = data[i]!;
  }
  return { data: rgb, width: info.width, height: info.height };
}

/** A sharp pipeline reading a raw RGB image. */
export function fromRgb(img: RgbImage): sharp.Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
}

/** Scales an image so its long side is at most `maxSide`; returns it and the scale applied. */
export async function downscale(img: RgbImage, maxSide: number): Promise<{ img: RgbImage; scale: number }> {
  const long = Math.max(img.width, img.height);
  if (long <= maxSide) return { img, scale: 1 };
  const scale = maxSide / long;
  const width = Math.max(1, Math.round(img.width * scale));
  const height = Math.max(1, Math.round(img.height * scale));
  const data = await fromRgb(img).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  return { img: { data, width, height }, scale: width / img.width };
}
