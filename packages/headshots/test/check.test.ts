import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeadshots, HeadshotsError, type Headshots } from '../src/index';
import { jpegHeaderOnly, pngBomb } from './helpers/bombs';
import * as img from './helpers/images';

// Real face detection (@vladmandic/human on WASM) on the public-domain astronaut portrait and
// images derived from it. One worker; the first test pays the model load.

let hs: Headshots;
let dir: string;
beforeAll(async () => {
  hs = createHeadshots({ threads: 1 });
  dir = await mkdtemp(path.join(tmpdir(), 'headshots-check-'));
});
afterAll(async () => {
  await hs.close();
  await rm(dir, { recursive: true, force: true });
});

describe('photo check: faces', () => {
  it('approves one large, sharp, well-lit face and reports where it is', { timeout: 20_000 }, async () => {
    const r = await hs.checkPhoto(await img.oneFace());
    expect(r.reasons).toEqual([]);
    expect(r.approved).toBe(true);
    expect(r).toMatchObject({ width: 768, height: 768, format: 'jpeg' });
    // The face sits in the upper middle of the picture.
    expect(r.face!.x).toBeGreaterThan(150);
    expect(r.face!.x + r.face!.width).toBeLessThan(550);
    expect(r.face!.width).toBeGreaterThan(192);
    expect(r.face!.score).toBeGreaterThan(0.8);
    expect(r.embedding?.length).toBe(1024);
  });

  it.each([
    ['no face', img.noFace, ['NO_FACE']],
    ['two faces', img.twoFaces, ['MULTIPLE_FACES']],
    ['a face that is 9 % of the picture', img.smallInFrame, ['FACE_TOO_SMALL']],
    ['a blurred photo', img.blurred, ['BLURRY']],
    ['a dark photo', img.dark, ['TOO_DARK']],
    ['an overexposed photo', img.bright, ['TOO_BRIGHT']],
    ['a strong blue tint', img.blueTint, ['HEAVY_FILTER']],
    ['a phone screenshot of the photo', img.screenshot, ['SCREENSHOT']],
  ] as const)('declines %s', { timeout: 10_000 }, async (_name, make, reasons) => {
    const r = await hs.checkPhoto(await make());
    expect(r.approved).toBe(false);
    expect(r.reasons).toEqual(reasons);
  });

  it.each([
    ['the 512 px head-and-shoulders original', async () => img.ASTRONAUT],
    ['its mirror image', () => sharp(img.ASTRONAUT).flop().jpeg({ quality: 92 }).toBuffer()],
  ])('approves %s and says what it can give', { timeout: 10_000 }, async (_n, make) => {
    const r = await hs.checkPhoto(await make());
    expect(r.reasons).toEqual([]);
    expect(r.capacity).toBeGreaterThan(0);
    expect(r.capacity).toBe(r.framings.length * 3);
  });

  it('declines sunglasses', { timeout: 10_000 }, async () => {
    const photo = await img.oneFace();
    const face = (await hs.checkPhoto(photo)).face!;
    const r = await hs.checkPhoto(await img.withSunglasses(photo, face));
    expect(r.reasons).toEqual(['SUNGLASSES']);
  });

  it(
    'declines a copy of an approved photo, resized, recompressed or mirrored; not a different photo',
    { timeout: 30_000 },
    async () => {
      const first = await hs.checkPhoto(await img.oneFace());
      expect(first.fingerprint).toMatch(/^[0-9a-f]{16}$/);
      const approved = [first.fingerprint!];
      const copies = [
        await img.jpeg(img.astronaut(1000)),
        await img.astronaut().jpeg({ quality: 60 }).toBuffer(),
        await img.jpeg(img.astronaut().flop()),
        await img.jpeg(img.astronaut().modulate({ brightness: 1.1 })),
      ];
      for (const copy of copies) {
        const r = await hs.checkPhoto(copy, { approved });
        expect(r.reasons).toEqual(['DUPLICATE_PHOTO']);
        expect(r.data).toMatchObject({ duplicateOf: 1 });
      }
      // The same person framed differently is another photo.
      const other = await img.jpeg(
        sharp(img.ASTRONAUT).extract({ left: 60, top: 0, width: 400, height: 400 }).resize(800),
      );
      expect((await hs.checkPhoto(other, { approved })).reasons).not.toContain('DUPLICATE_PHOTO');
    },
  );

  it('refuses a malformed fingerprint list', { timeout: 10_000 }, async () => {
    await expect(
      hs.checkPhoto(await img.oneFace(), { approved: [42] as unknown as string[] }),
    ).rejects.toMatchObject({ code: 'BAD_OPTION' });
  });

  it('a declined face still reports the face it measured', async () => {
    const r = await hs.checkPhoto(await img.dark());
    expect(r.face).not.toBeNull();
    expect(Number(r.data['faceLuma'])).toBeLessThan(55);
  });
});

const small = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } });

describe('photo check: upload rules (§5)', () => {
  it.each([
    ['PNG', () => img.astronaut().png().toBuffer(), 'png'],
    ['WEBP', () => img.astronaut().webp({ quality: 92 }).toBuffer(), 'webp'],
    ['BMP', img.oneFaceBmp, 'bmp'],
  ] as const)('accepts %s, recognised by content', { timeout: 10_000 }, async (_n, make, format) => {
    const r = await hs.checkPhoto(await make());
    expect(r).toMatchObject({ approved: true, format });
  });

  it('judges a file by its content, not its name', async () => {
    const png = path.join(dir, 'really-a-png.jpg');
    await writeFile(png, await img.astronaut().png().toBuffer());
    expect(await hs.checkPhoto(png)).toMatchObject({ approved: true, format: 'png' });
    const text = path.join(dir, 'renamed.jpg');
    await writeFile(text, 'this is not an image\n'.repeat(100));
    expect(await hs.checkPhoto(text)).toMatchObject({
      approved: false,
      reasons: ['FORMAT_NOT_SUPPORTED'],
      format: null,
    });
  });

  it.each([
    ['GIF', () => small().gif().toBuffer()],
    ['TIFF', () => small().tiff().toBuffer()],
    ['HEIF/AVIF', () => small().avif().toBuffer()],
  ])('refuses %s', async (_n, make) => {
    expect((await hs.checkPhoto(await make())).reasons).toEqual(['FORMAT_NOT_SUPPORTED']);
  });

  it('refuses images over 5000×5000 from the header, with width by height', async () => {
    const r = await hs.checkPhoto(jpegHeaderOnly(6000, 6000));
    expect(r).toMatchObject({ approved: false, reasons: ['TOO_LARGE'], width: 6000, height: 6000 });
    expect(r.data).toMatchObject({ width: 6000, height: 6000, maxWidth: 5000, maxHeight: 5000 });
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const bomb = pngBomb(60000, 60000);
    expect(bomb.length).toBeLessThan(50_000);
    const started = performance.now();
    const r = await hs.checkPhoto(bomb);
    expect(r.reasons).toEqual(['TOO_LARGE']);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses images under the minimum resolution, with width by height', async () => {
    const r = await hs.checkPhoto(await img.plain(400, 300));
    expect(r).toMatchObject({ reasons: ['TOO_SMALL'], width: 400, height: 300 });
    expect(r.data).toMatchObject({ minWidth: 512, minHeight: 512 });
  });

  it('a damaged image is UNREADABLE, not a crash', async () => {
    const good = await img.oneFace();
    const r = await hs.checkPhoto(good.subarray(0, Math.floor(good.length / 2)));
    expect(r).toMatchObject({ approved: false, reasons: ['UNREADABLE'] });
  });

  it('a header that lies about the size is caught by the decoder limit', async () => {
    // A real 600×600 PNG whose IHDR is rewritten to 4000×4000 passes the header rule but cannot decode.
    const png = Buffer.from(await img.plain(600, 600));
    png.writeUInt32BE(4000, 16);
    png.writeUInt32BE(4000, 20);
    expect((await hs.checkPhoto(png)).reasons).toEqual(['UNREADABLE']);
  });

  it('a missing path is an error (INPUT_NOT_FOUND), not a declined photo', async () => {
    await expect(hs.checkPhoto(path.join(dir, 'missing.jpg'))).rejects.toMatchObject({
      code: 'INPUT_NOT_FOUND',
    });
    await expect(hs.checkPhoto(dir)).rejects.toBeInstanceOf(HeadshotsError);
  });

  it('an aborted check is CANCELLED', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(hs.checkPhoto(await img.oneFace(), { signal: ac.signal })).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });

  it('honours EXIF orientation: sizes and face box are of the upright picture', async () => {
    const rotated = await img
      .astronaut()
      .resize(768, 640, { fit: 'fill' })
      .rotate(90)
      .withMetadata({ orientation: 8 })
      .jpeg()
      .toBuffer();
    const meta = await sharp(rotated).metadata();
    expect([meta.width, meta.height]).toEqual([640, 768]);
    const r = await hs.checkPhoto(rotated);
    expect([r.width, r.height]).toEqual([768, 640]);
    expect(r.approved).toBe(true);
  });
});
