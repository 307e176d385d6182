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

/** Dark lenses over where the eyes are (from the face box a check reported). */
export async function withSunglasses(
  photo: Buffer,
  face: { x: number; y: number; width: number; height: number },
): Promise<Buffer> {
  const meta = await sharp(photo).metadata();
  const w = face.width;
  const ey = face.y + 0.42 * face.height;
  const lx = face.x + 0.3 * w;
  const rx = face.x + 0.7 * w;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${meta.width}" height="${meta.height}">
    <ellipse cx="${lx}" cy="${ey}" rx="${0.18 * w}" ry="${0.12 * w}" fill="#141414"/>
    <ellipse cx="${rx}" cy="${ey}" rx="${0.18 * w}" ry="${0.12 * w}" fill="#141414"/>
    <line x1="${lx}" y1="${ey}" x2="${rx}" y2="${ey}" stroke="#141414" stroke-width="${0.03 * w}"/>
  </svg>`;
  return jpeg(sharp(photo).composite([{ input: Buffer.from(svg) }]));
}

/** A colour filter no camera gives: a strong blue tint. */
export const blueTint = () => jpeg(astronaut().linear([0.55, 0.75, 1.3], [0, 10, 50]));

/** The photo as a phone screenshot: status bar, app bar, the picture, and the app's buttons below. */
export async function screenshot(): Promise<Buffer> {
  const photo = await astronaut(720).toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280">
    <rect width="720" height="1280" fill="#ffffff"/>
    <rect width="720" height="44" fill="#000000"/>
    <text x="24" y="30" font-size="22" fill="#ffffff" font-family="sans-serif">9:41</text>
    <text x="24" y="104" font-size="30" fill="#222222" font-family="sans-serif">Photos</text>
    <rect x="40" y="1010" width="640" height="80" rx="40" fill="#1a73e8"/>
    <text x="300" y="1060" font-size="28" fill="#ffffff" font-family="sans-serif">Share</text>
    <rect y="1200" width="720" height="80" fill="#f1f3f4"/>
  </svg>`;
  return jpeg(sharp(Buffer.from(svg)).composite([{ input: photo, left: 0, top: 150 }]));
}
