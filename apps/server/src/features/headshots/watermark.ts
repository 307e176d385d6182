import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

/**
 * The widest a free result is (trial, previews): half a paid result's 1024, so "buy a pack for
 * clean, full-size headshots" is true of what the free one gives (decision 132).
 */
export const FREE_RESULT_WIDTH = 512;

/**
 * Marks a free result (trial, previews) across its middle, in place, at most FREE_RESULT_WIDTH wide.
 * The mark is part of the pixels, so a free result cannot pass for a paid one.
 */
export async function watermarkFile(file: string): Promise<void> {
  const input = await readFile(file);
  const meta = await sharp(input).metadata();
  const scale = Math.min(1, FREE_RESULT_WIDTH / (meta.width ?? 1024));
  const width = Math.round((meta.width ?? 1024) * scale);
  const height = Math.round((meta.height ?? 1280) * scale);
  const svg = watermarkSvg(width, height);
  const marked = sharp(input)
    .resize(width, height, { kernel: 'lanczos3' })
    .composite([{ input: svg, top: 0, left: 0 }]);
  const out =
    meta.format === 'webp'
      ? await marked.webp({ quality: 80 }).toBuffer()
      : await marked.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
  await writeFile(file, out);
}

/** The free mark for a picture of this size: "AI Headshots PREVIEW" across its middle. */
export function watermarkSvg(width: number, height: number): Buffer {
  const size = Math.round(width / 9);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<g transform="rotate(-30 ${width / 2} ${height / 2})" font-family="sans-serif" font-weight="700" ` +
      `font-size="${size}" text-anchor="middle" fill="#ffffff" fill-opacity="0.45" stroke="#000000" ` +
      `stroke-opacity="0.25" stroke-width="${Math.max(1, size / 40)}">` +
      `<text x="${width / 2}" y="${height / 2 - size}">AI Headshots</text>` +
      `<text x="${width / 2}" y="${height / 2 + size * 0.6}">PREVIEW</text></g></svg>`,
  );
}
