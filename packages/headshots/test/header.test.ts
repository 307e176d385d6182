import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeBmp } from '../src/image/bmp';
import { readImageHeader, sniffFormat } from '@ai-covers/contracts';
import { jpegHeaderOnly, pngBomb } from './helpers/bombs';

const base = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } });

describe('format by content', () => {
  it.each([
    ['jpeg', () => base().jpeg().toBuffer()],
    ['png', () => base().png().toBuffer()],
    ['webp', () => base().webp().toBuffer()],
    ['webp', () => base().webp({ lossless: true }).toBuffer()],
  ] as const)('reads %s size from the header', async (format, make) => {
    expect(readImageHeader(await make())).toEqual({ format, width: 640, height: 480 });
  });

  it('reads a BMP header (bottom-up and top-down)', () => {
    const bmp = encodeBmp({ data: Buffer.alloc(7 * 5 * 3), width: 7, height: 5 });
    expect(readImageHeader(bmp)).toEqual({ format: 'bmp', width: 7, height: 5 });
    bmp.writeInt32LE(-5, 22);
    expect(readImageHeader(bmp)).toEqual({ format: 'bmp', width: 7, height: 5 });
  });

  it('reads an animated/extended WebP canvas size (VP8X)', async () => {
    const webp = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ff000080' } })
      .webp()
      .toBuffer();
    expect(readImageHeader(webp)).toEqual({ format: 'webp', width: 300, height: 200 });
  });

  it.each([
    ['GIF', () => base().gif().toBuffer()],
    ['TIFF', () => base().tiff().toBuffer()],
    ['AVIF/HEIF', () => base().avif().toBuffer()],
    ['text', async () => Buffer.from('BMost of this file is text, not an image.')],
    ['SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="9000"/>')],
    ['empty', async () => Buffer.alloc(0)],
  ])('%s is not an accepted format', async (_name, make) => {
    const buf = await make();
    expect(sniffFormat(buf)).toBe('other');
    expect(readImageHeader(buf)).toBe('other');
  });

  it('a cut-short header of an accepted format is unreadable (null)', async () => {
    const png = await base().png().toBuffer();
    expect(readImageHeader(png.subarray(0, 16))).toBeNull();
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
  });

  it('reads the announced size of a decompression bomb without decoding it', () => {
    const started = performance.now();
    expect(readImageHeader(pngBomb(60000, 60000))).toEqual({ format: 'png', width: 60000, height: 60000 });
    expect(readImageHeader(jpegHeaderOnly(6000, 6000))).toEqual({
      format: 'jpeg',
      width: 6000,
      height: 6000,
    });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('skips EXIF and other segments before the JPEG frame header', async () => {
    const jpg = await base()
      .withMetadata({ exif: { IFD0: { Copyright: 'x'.repeat(5000) } } })
      .jpeg()
      .toBuffer();
    expect(readImageHeader(jpg)).toEqual({ format: 'jpeg', width: 640, height: 480 });
  });
});
