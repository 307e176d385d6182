import type { RgbImage } from './decode';

// libvips as bundled with sharp reads no BMP, so BMP uploads are decoded here: uncompressed
// 1/4/8-bit palette, 16/24/32-bit, and BI_BITFIELDS masks. RLE-compressed files are refused.

/** Thrown for a BMP that cannot be decoded. */
export class BmpError extends Error {}

function maskShift(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

/** Decodes a Windows bitmap to RGB; refuses more than `maxPixels` before allocating anything. */
export function decodeBmp(buf: Uint8Array, maxPixels: number): RgbImage {
  if (buf.length < 26) throw new BmpError('truncated header');
  const v = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const offset = v.getUint32(10, true);
  const dib = v.getUint32(14, true);
  let width: number;
  let rawHeight: number;
  let bpp: number;
  let compression = 0;
  let paletteSize = 0;
  if (dib === 12) {
    width = v.getUint16(18, true);
    rawHeight = v.getInt16(22, true);
    bpp = v.getUint16(24, true);
  } else {
    if (buf.length < 14 + 40) throw new BmpError('truncated header');
    width = v.getInt32(18, true);
    rawHeight = v.getInt32(22, true);
    bpp = v.getUint16(28, true);
    compression = v.getUint32(30, true);
    paletteSize = v.getUint32(46, true);
  }
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw new BmpError('bad size');
  if (width * height > maxPixels) throw new BmpError('too many pixels');
  if (compression !== 0 && compression !== 3) throw new BmpError('compressed BMP is not supported');
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw new BmpError(`unsupported bit depth ${bpp}`);

  // Channel masks: defaults, or the three DWORDs after a 40-byte header, or inside a V4/V5 header.
  let masks = bpp === 16 ? [0x7c00, 0x03e0, 0x001f] : [0xff0000, 0x00ff00, 0x0000ff];
  if (compression === 3) {
    if (bpp !== 16 && bpp !== 32) throw new BmpError('bit fields need 16 or 32 bits');
    if (buf.length < 14 + 40 + 12) throw new BmpError('truncated masks');
    masks = [v.getUint32(54, true), v.getUint32(58, true), v.getUint32(62, true)];
  }
  const channels = masks.map(maskShift);

  const palette: number[][] = [];
  if (bpp <= 8) {
    const entry = dib === 12 ? 3 : 4;
    const count = paletteSize || 1 << bpp;
    const start = 14 + dib;
    for (let i = 0; i < count; i++) {
      const p = start + i * entry;
      if (p + 3 > buf.length) throw new BmpError('truncated palette');
      palette.push([buf[p + 2]!, buf[p + 1]!, buf[p]!]);
    }
  }

  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (offset + stride * height > buf.length) throw new BmpError('truncated pixel data');
  const out = Buffer.alloc(width * height * 3);
  for (let row = 0; row < height; row++) {
    const y = topDown ? row : height - 1 - row;
    const src = offset + row * stride;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, o += 3) {
      if (bpp === 24) {
        const p = src + x * 3;
        out[o] = buf[p + 2]!;
        out[o + 1] = buf[p + 1]!;
        out[o + 2] = buf[p]!;
      } else if (bpp === 32 || bpp === 16) {
        const px = bpp === 32 ? v.getUint32(src + x * 4, true) : v.getUint16(src + x * 2, true);
        for (let c = 0; c < 3; c++) {
          const { shift, max } = channels[c]!;
          out[o + c] = max === 0 ? 0 : Math.round((((px & masks[c]!) >>> shift) * 255) / max);
        }
      } else {
        const bit = x * bpp;
        const byte = buf[src + (bit >> 3)]!;
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        const color = palette[index];
        if (!color) throw new BmpError('palette index out of range');
        out[o] = color[0]!;
        out[o + 1] = color[1]!;
        out[o + 2] = color[2]!;
      }
    }
  }
  return { data: out, width, height };
}

/** Encodes RGB as a 24-bit bottom-up BMP (used by tests and tools to make BMP inputs). */
export function encodeBmp(img: RgbImage): Buffer {
  const stride = Math.ceil((img.width * 3) / 4) * 4;
  const size = 54 + stride * img.height;
  const out = Buffer.alloc(size);
  out.write('BM', 0, 'ascii');
  out.writeUInt32LE(size, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(img.width, 18);
  out.writeInt32LE(img.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(stride * img.height, 34);
  for (let y = 0; y < img.height; y++) {
    const dst = 54 + (img.height - 1 - y) * stride;
    for (let x = 0; x < img.width; x++) {
      const s = (y * img.width + x) * 3;
      out[dst + x * 3] = img.data[s + 2]!;
      out[dst + x * 3 + 1] = img.data[s + 1]!;
      out[dst + x * 3 + 2] = img.data[s]!;
    }
  }
  return out;
}
