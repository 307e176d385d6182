import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { faceLooks, looksRect, straightSeams } from '../src/check/looks';
import type { Pt } from '../src/face/landmarks';
import { decodeRgb, downscale, type RgbImage } from '../src/image/decode';
import { decodedPixels, detectionSize, jpegPixels } from '../src/image/pixels';
import { matteSessionOptions } from '../src/make/matte';
import { ASTRONAUT } from './helpers/images';

const MAX_PIXELS = 5000 * 5000;

/** The astronaut enlarged to `width`×`height` as a JPEG, with an EXIF orientation when given. */
function bigJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const img = sharp(ASTRONAUT).resize(width, height, { fit: 'fill' });
  return (orientation ? img.withMetadata({ orientation }) : img).jpeg({ quality: 90 }).toBuffer();
}

/** The pixels of `rect` cut from a whole decoded image. */
function cut(img: RgbImage, rect: { left: number; top: number; width: number; height: number }): Buffer {
  const out = Buffer.alloc(rect.width * rect.height * 3);
  for (let y = 0; y < rect.height; y++)
    img.data.copy(
      out,
      y * rect.width * 3,
      ((rect.top + y) * img.width + rect.left) * 3,
      ((rect.top + y) * img.width + rect.left + rect.width) * 3,
    );
  return out;
}

describe('jpegPixels: a large JPEG read without decoding it whole', () => {
  it('keeps the photo’s true size and gives a detection copy of the usual size', async () => {
    const px = await jpegPixels(await bigJpeg(2600, 3100), MAX_PIXELS, 1024);
    expect(px).not.toBeNull();
    expect(px!.width).toBe(2600);
    expect(px!.height).toBe(3100);
    expect(detectionSize(2600, 3100, 1024)).toEqual({ width: 859, height: 1024 });
    expect({ width: px!.small.width, height: px!.small.height }).toEqual({ width: 859, height: 1024 });
    expect(px!.small.data.length).toBe(859 * 1024 * 3);
    expect(px!.scale).toBeCloseTo(859 / 2600, 10);
  });

  it('gives the upright size of a photo its EXIF orientation turns a quarter', async () => {
    // Stored 3100 wide and 2600 high; orientation 6 shows it 2600 wide and 3100 high.
    const bytes = await bigJpeg(3100, 2600, 6);
    const px = (await jpegPixels(bytes, MAX_PIXELS, 1024))!;
    const whole = await decodeRgb(bytes, MAX_PIXELS);
    expect([px.width, px.height]).toEqual([whole.width, whole.height]);
    expect([px.width, px.height]).toEqual([2600, 3100]);
    expect([px.small.width, px.small.height]).toEqual([859, 1024]);
  });

  it('gives the very pixels a whole decode has, wherever a window is cut', async () => {
    for (const orientation of [undefined, 6, 3]) {
      const bytes = await bigJpeg(2400, 2200, orientation);
      const px = (await jpegPixels(bytes, MAX_PIXELS, 1024))!;
      const whole = await decodeRgb(bytes, MAX_PIXELS);
      for (const rect of [
        { left: 700, top: 400, width: 900, height: 1000 },
        { left: 0, top: 0, width: 17, height: 9 },
        { left: whole.width - 300, top: whole.height - 200, width: 300, height: 200 },
      ]) {
        const win = await px.window(rect);
        expect([win.left, win.top, win.img.width, win.img.height]).toEqual([
          rect.left,
          rect.top,
          rect.width,
          rect.height,
        ]);
        expect(win.img.data.equals(cut(whole, rect))).toBe(true);
      }
    }
  });

  it('leaves a photo under twice the detection size to the whole decode', async () => {
    expect(await jpegPixels(await bigJpeg(2000, 1500), MAX_PIXELS, 1024)).toBeNull();
    expect(await jpegPixels(await bigJpeg(2048, 1500), MAX_PIXELS, 1024)).not.toBeNull();
  });

  it('refuses a damaged file and one over the pixel limit, as the whole decode does', async () => {
    const bytes = await bigJpeg(2600, 2600);
    await expect(jpegPixels(bytes.subarray(0, bytes.length / 2), MAX_PIXELS, 1024)).rejects.toThrow();
    await expect(jpegPixels(bytes, 2000 * 2000, 1024)).rejects.toThrow();
  });
});

describe('decodedPixels: a photo decoded whole', () => {
  it('scales the detection copy from the photo and serves every window from it', async () => {
    const whole = await decodeRgb(await bigJpeg(1600, 1200), MAX_PIXELS);
    const px = await decodedPixels(whole, 1024);
    const { img: small, scale } = await downscale(whole, 1024);
    expect([px.width, px.height, px.scale]).toEqual([1600, 1200, scale]);
    expect(px.small.data.equals(small.data)).toBe(true);
    const win = await px.window({ left: 10, top: 20, width: 30, height: 40 });
    expect(win).toEqual({ img: whole, left: 0, top: 0 });
  });
});

describe('faceLooks on a window', () => {
  it('measures the same from the face’s window as from the whole photo', async () => {
    const whole = await decodeRgb(await bigJpeg(900, 900), MAX_PIXELS);
    // A mesh of 468 points spread over the face's area (the looks read points 33, 133, 362, 263, 50, 280).
    const mesh: Pt[] = Array.from({ length: 468 }, (_, i) => [
      300 + ((i * 37) % 300),
      250 + ((i * 53) % 320),
    ]);
    const box = { x: 280, y: 230, width: 340, height: 360 };
    const rect = looksRect(mesh, box, whole.width, whole.height);
    const win = { img: { data: cut(whole, rect), width: rect.width, height: rect.height }, ...rect };
    const fromWhole = faceLooks({ img: whole, left: 0, top: 0 }, whole.width, whole.height, mesh, box);
    expect(faceLooks(win, whole.width, whole.height, mesh, box)).toEqual(fromWhole);
    // Clipped at the photo's edges like the measures are.
    const edge = looksRect([[2, 3]], { x: -50, y: -50, width: 100, height: 100 }, 900, 900);
    expect(edge.left).toBe(0);
    expect(edge.top).toBe(0);
  });
});

/** The seam count as it was first written (line by line through an accessor), for comparison. */
function seamsReference(img: RgbImage): { rows: number; columns: number } {
  const { width: w, height: h, data } = img;
  const L = new Float32Array(w * h);
  for (let p = 0, i = 0; p < L.length; p++, i += 3)
    L[p] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  const count = (len: number, across: number, at: (line: number, k: number) => number) => {
    let seams = 0;
    let last = -10;
    for (let line = 1; line < len; line++) {
      let up = 0;
      let down = 0;
      for (let k = 0; k < across; k++) {
        const d = at(line, k) - at(line - 1, k);
        if (d > 10) up++;
        else if (d < -10) down++;
      }
      if (Math.max(up, down) >= 0.9 * across) {
        if (line - last > 2) seams++;
        last = line;
      }
    }
    return seams;
  };
  return {
    rows: count(h, w, (y, x) => L[y * w + x]!),
    columns: count(w, h, (x, y) => L[y * w + x]!),
  };
}

describe('straightSeams', () => {
  it('counts what the line-by-line count did, on a photo and on interface bars', async () => {
    const photo = await decodeRgb(await bigJpeg(640, 480), MAX_PIXELS);
    const bars: RgbImage = { data: Buffer.alloc(300 * 200 * 3, 240), width: 300, height: 200 };
    for (let y = 0; y < 30; y++) bars.data.fill(20, y * 300 * 3, (y + 1) * 300 * 3);
    for (let y = 170; y < 200; y++) bars.data.fill(90, y * 300 * 3, (y + 1) * 300 * 3);
    // A bar down the right: a step up from every row's colour.
    for (let y = 0; y < 200; y++) bars.data.fill(255, (y * 300 + 280) * 3, (y * 300 + 300) * 3);
    for (const img of [photo, bars]) expect(straightSeams(img)).toEqual(seamsReference(img));
    expect(straightSeams(bars).rows).toBe(2);
    expect(straightSeams(bars).columns).toBe(1);
  });
});

describe('matting session options', () => {
  it('turns the memory arena and memory patterns off over whatever the package asks', () => {
    expect(matteSessionOptions({ graphOptimizationLevel: 'all', enableCpuMemArena: true })).toEqual({
      graphOptimizationLevel: 'all',
      enableCpuMemArena: false,
      enableMemPattern: false,
    });
    expect(matteSessionOptions()).toEqual({ enableCpuMemArena: false, enableMemPattern: false });
  });
});
