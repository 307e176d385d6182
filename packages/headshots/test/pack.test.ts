import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeadshots, type Headshots, type PackResult } from '../src/index';
import { renderBackdrop } from '../src/styles/backdrop';
import { findStyle } from '../src/styles/catalog';
import { oneFace } from './helpers/images';

// A real pack from one small photo: face detection, background removal (ISNet), compositing and
// likeness, all on the workers. Kept to six results so it runs in CI.

let hs: Headshots;
let dir: string;
let pack: PackResult;
let second: PackResult;
beforeAll(async () => {
  hs = createHeadshots({ threads: 1 });
  dir = await mkdtemp(path.join(tmpdir(), 'headshots-pack-'));
  const photo = path.join(dir, 'me.jpg');
  await writeFile(photo, await oneFace());
  pack = await hs.makePack({
    photos: [photo],
    styles: ['corporate-grey', 'outdoor-park'],
    count: 5,
    outDir: path.join(dir, 'out'),
  });
  // A second pack in the same process mattes again (a new matting process each time).
  second = await hs.makePack({
    photos: [photo],
    styles: ['navy-studio'],
    count: 2,
    outDir: path.join(dir, 'out2'),
  });
}, 240_000);
afterAll(async () => {
  await hs.close();
  await rm(dir, { recursive: true, force: true });
});

/** A small colour thumbnail of a result, for comparing pictures. */
const tiny = (file: string) => sharp(file).resize(64, 80, { fit: 'fill' }).removeAlpha().raw().toBuffer();

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('a real pack', () => {
  it('writes the count of JPEGs at their true size, never upscaled over 1.25×, with WebP thumbnails', async () => {
    expect(pack.files, JSON.stringify(pack.rejected)).toHaveLength(5);
    expect(pack.shortfall).toBe(0);
    for (const f of pack.files) {
      expect(await sharp(f.path).metadata()).toMatchObject({
        format: 'jpeg',
        width: f.width,
        height: f.height,
      });
      expect(f.upscale).toBeLessThanOrEqual(1.25);
      // The 768 px photo cannot fill 1024×1280 without enlarging: results are smaller, not soft.
      expect(f.height).toBeLessThan(1280);
      const thumb = await sharp(f.thumbPath).metadata();
      expect(thumb).toMatchObject({ format: 'webp', width: 256 });
      expect(thumb.height).toBe(Math.round((256 * f.height) / f.width));
    }
    const names = (await readdir(path.join(dir, 'out'))).filter((n) => n.endsWith('.jpg'));
    expect(names).toHaveLength(5);
  });

  it('every result is a distinct combination and a visibly different picture, never a copy', async () => {
    const combos = pack.files.map((f) => JSON.stringify([f.photo, f.variant.framing, f.variant.light]));
    expect(new Set(combos).size).toBe(5);
    const pics = await Promise.all(pack.files.map((f) => tiny(f.path)));
    for (let i = 0; i < pics.length; i++)
      for (let j = i + 1; j < pics.length; j++) expect(meanAbsDiff(pics[i]!, pics[j]!)).toBeGreaterThan(3);
  });

  it('a second pack in the same process works too', () => {
    expect(second.files).toHaveLength(2);
    expect(second.files.every((f) => f.style === 'navy-studio')).toBe(true);
  });

  it('carries the likeness of each result, all at or over the threshold', () => {
    for (const f of pack.files) {
      expect(f.likeness).toBeGreaterThanOrEqual(pack.likenessThreshold);
      expect(f.likeness).toBeLessThanOrEqual(1);
    }
  });

  it('replaces the background with the style backdrop', async () => {
    const f = pack.files.find((x) => x.style === 'outdoor-park')!;
    const spec = findStyle('outdoor-park')!.backdrops[f.variant.backdrop]!.spec;
    const backdrop = await sharp(await renderBackdrop(spec, f.width, f.height), {
      raw: { width: f.width, height: f.height, channels: 3 },
    })
      .extract({ left: 0, top: 0, width: 96, height: 96 })
      .raw()
      .toBuffer();
    const corner = await sharp(f.path)
      .extract({ left: 0, top: 0, width: 96, height: 96 })
      .removeAlpha()
      .raw()
      .toBuffer();
    const original = await sharp(await oneFace())
      .resize(f.width, f.height, { fit: 'cover' })
      .extract({ left: 0, top: 0, width: 96, height: 96 })
      .raw()
      .toBuffer();
    // Close to the drawn backdrop (up to its colour grade), far from the photo's own background.
    const toBackdrop = meanAbsDiff(corner, backdrop);
    expect(toBackdrop).toBeLessThan(30);
    expect(meanAbsDiff(corner, original)).toBeGreaterThan(2 * toBackdrop);
  });
});
