import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { encodeBmp } from '../../src/image/bmp';

// Test images derived at run time from the one committed photo (see fixtures/LICENSE.md).

const here = path.dirname(fileURLToPath(import.meta.url));
/** The public-domain astronaut portrait, 512×512 JPEG; its face box is about 142 px. */
export const ASTRONAUT = readFileSync(path.join(here, '..', 'fixtures', 'astronaut.jpg'));

/** The astronaut scaled to `size` square (768 gives a face of about 218 px, over the 192 px minimum). */
export function astronaut(size = 768): sharp.Sharp {
  return sharp(ASTRONAUT).resize(size, size);
}

export const jpeg = (img: sharp.Sharp) => img.jpeg({ quality: 92 }).toBuffer();

/** One face, large enough, sharp and well lit: should be approved. */
export const oneFace = () => jpeg(astronaut());

/** No face: the lower right of the picture (suit and helmet). */
export const noFace = () =>
  jpeg(sharp(ASTRONAUT).extract({ left: 300, top: 300, width: 212, height: 212 }).resize(640, 640));

/** Two faces: the portrait beside its mirror image. */
export async function twoFaces(): Promise<Buffer> {
  const left = await astronaut().toBuffer();
  const right = await astronaut().flop().toBuffer();
  return jpeg(
    sharp({ create: { width: 1536, height: 768, channels: 3, background: '#808080' } }).composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: 768, top: 0 },
    ]),
  );
}

/** A face of about 218 px in a 2400 px square: large in pixels, small in the picture (9 %). */
export async function smallInFrame(): Promise<Buffer> {
  const face = await astronaut().toBuffer();
  return jpeg(
    sharp({ create: { width: 2400, height: 2400, channels: 3, background: '#9aa0a6' } }).composite([
      { input: face, left: 816, top: 600 },
    ]),
  );
}

export const blurred = () => jpeg(astronaut().blur(2.5));
export const dark = () => jpeg(astronaut().linear(0.25, 0));
export const bright = () => jpeg(astronaut().linear(1.8, 60));

/** The one-face photo as raw RGB, for BMP encoding. */
export async function oneFaceBmp(): Promise<Buffer> {
  const { data, info } = await astronaut().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return encodeBmp({ data, width: info.width, height: info.height });
}

/** A plain image of a given size (no face). */
export const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7a8590' } })
    .png()
    .toBuffer();
