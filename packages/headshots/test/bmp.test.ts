import { describe, expect, it } from 'vitest';
import { BmpError, decodeBmp, encodeBmp } from '../src/image/bmp';

function gradient(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    data[i * 3] = i % 256;
    data[i * 3 + 1] = (i * 7) % 256;
    data[i * 3 + 2] = (i * 13) % 256;
  }
  return data;
}

function header(width: number, height: number, bpp: number, compression = 0, dataOffset = 54): Buffer {
  const b = Buffer.alloc(54);
  b.write('BM', 0, 'ascii');
  b.writeUInt32LE(dataOffset, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(bpp, 28);
  b.writeUInt32LE(compression, 30);
  return b;
}

describe('BMP decoding', () => {
  it('round-trips 24-bit pixels, with odd widths (row padding)', () => {
    const data = gradient(7, 5);
    expect(decodeBmp(encodeBmp({ data, width: 7, height: 5 }), 1e6).data).toEqual(data);
  });

  it('reads top-down rows', () => {
    const data = gradient(4, 3);
    const bmp = encodeBmp({ data, width: 4, height: 3 });
    bmp.writeInt32LE(-3, 22);
    const out = decodeBmp(bmp, 1e6).data;
    // Top-down: the first stored row is the top row, so rows come out in reverse order.
    expect(out.subarray(0, 12)).toEqual(data.subarray(24, 36));
  });

  it('reads 8-bit palette images', () => {
    const palette = Buffer.from([0, 0, 255, 0, 0, 255, 0, 0]); // index 0 red, 1 green (BGRA)
    const rows = Buffer.from([0, 1, 0, 0, 1, 0, 0, 0]); // 2×2, rows padded to 4 bytes
    const h = header(2, 2, 8, 0, 54 + palette.length);
    h.writeUInt32LE(2, 46);
    const out = decodeBmp(Buffer.concat([h, palette, rows]), 1e6).data;
    expect([...out]).toEqual([0, 255, 0, 255, 0, 0, 255, 0, 0, 0, 255, 0]);
  });

  it('reads 32-bit pixels with bit-field masks', () => {
    const h = header(1, 1, 32, 3, 66);
    const masks = Buffer.alloc(12);
    masks.writeUInt32LE(0x0000ff00, 0); // red in the second byte
    masks.writeUInt32LE(0x00ff0000, 4);
    masks.writeUInt32LE(0xff000000, 8);
    const px = Buffer.from([0x00, 10, 20, 30]);
    expect([...decodeBmp(Buffer.concat([h, masks, px]), 1e6).data]).toEqual([10, 20, 30]);
  });

  it.each([
    ['run-length compression', () => Buffer.concat([header(2, 2, 8, 1), Buffer.alloc(16)])],
    [
      'truncated pixel data',
      () => encodeBmp({ data: gradient(10, 10), width: 10, height: 10 }).subarray(0, 100),
    ],
    ['an unknown bit depth', () => Buffer.concat([header(2, 2, 12), Buffer.alloc(32)])],
    ['too many pixels', () => Buffer.concat([header(100000, 100000, 24), Buffer.alloc(16)])],
  ])('refuses %s', (_name, make) => {
    expect(() => decodeBmp(make(), 5000 * 5000)).toThrow(BmpError);
  });
});
