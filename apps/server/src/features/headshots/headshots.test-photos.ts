// Different photos of one face for the server's headshot tests and the crash test's driver, made
// at run time from the public-domain astronaut portrait the pipeline's tests ship
// (packages/headshots/test/fixtures, see its LICENSE.md). No test runner needed: the driver runs
// under plain Node.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const ASTRONAUT = readFileSync(
  path.resolve(here, '../../../../../packages/headshots/test/fixtures/astronaut.jpg'),
);

const jpeg = (img: sharp.Sharp) => img.jpeg({ quality: 92 }).toBuffer();

/** Light from the left of the picture falling off to the right (multiplied over the photo). */
const sideLight = (size: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><linearGradient id="g">` +
      `<stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#555"/></linearGradient></defs>` +
      `<rect width="${size}" height="${size}" fill="url(#g)"/></svg>`,
  );

/**
 * Seven different photos of one face, as different shots would frame it: whole, cropped to either
 * side, tall, widened on a warm wall, mirrored close-up, tilted in cool light, and placed high on a
 * grey wall. Each is approved and none is a copy of another by the duplicate rule (their
 * fingerprints differ in 16 to 36 of 64 bits; a copy is within 10), measured with the pipeline's
 * check. No crop is enlarged more than 2×, which the blur rule would decline.
 */
const DISTINCT: (() => sharp.Sharp | Promise<sharp.Sharp>)[] = [
  () => sharp(ASTRONAUT).resize(768, 768),
  () => sharp(ASTRONAUT).extract({ left: 60, top: 0, width: 400, height: 400 }).resize(800),
  () => sharp(ASTRONAUT).extract({ left: 20, top: 0, width: 400, height: 500 }).resize(640, 800),
  // Widened first, then scaled: in one pipeline sharp scales before it extends, which crops the
  // photo through the top of the head (a photo that gives no framing).
  async () =>
    sharp(await sharp(ASTRONAUT).extend({ left: 160, background: '#c8b89a' }).toBuffer())
      .resize(1008, 768)
      .linear([1.08, 1.0, 0.86], [8, 4, 0]),
  () => sharp(ASTRONAUT).extract({ left: 0, top: 0, width: 440, height: 440 }).flop().resize(600),
  () =>
    sharp(ASTRONAUT)
      .rotate(-7, { background: '#6d7f96' })
      .resize(640, 640)
      .linear([0.92, 0.98, 1.08], [0, 4, 10]),
  () => sharp(ASTRONAUT).extend({ right: 128, bottom: 128, background: '#8a8f96' }).resize(720, 720),
];

/**
 * One face, large enough, sharp and lit: approved. Variants 0 to 6 are different
 * photos (a copy of an approved photo is declined as DUPLICATE_PHOTO); later ones repeat them.
 */
export async function oneFace(variant = 0): Promise<Buffer> {
  return jpeg(await DISTINCT[variant % DISTINCT.length]!());
}

/** Photo 0 again under a side light: the same photo edited, which the duplicate rule declines. */
export async function editedCopy(): Promise<Buffer> {
  const base = await sharp(ASTRONAUT).resize(700, 700).toBuffer();
  return jpeg(sharp(base).composite([{ input: sideLight(700), blend: 'multiply' }]));
}
