import sharp from 'sharp';

/** A parsed `x-oss-process` image pipeline (the subset the product uses). */
export interface ImageProcess {
  resize?: { width?: number; height?: number; mode: 'lfit' | 'mfit' | 'fill' | 'fixed' };
  format?: 'jpeg' | 'png' | 'webp';
  quality?: number;
}

const MAX_SIDE = 4096;
const FORMATS = { jpeg: 'jpeg', jpg: 'jpeg', png: 'png', webp: 'webp' } as const;
const MODES = new Set(['lfit', 'mfit', 'fill', 'fixed']);

/** Parses `image/resize,w_200,m_lfit/format,jpeg/quality,q_80`; a message names what is wrong. */
export function parseImageProcess(text: string): ImageProcess | string {
  const [head, ...ops] = text.split('/');
  if (head !== 'image' || ops.length === 0) return 'process must start with image/';
  const out: ImageProcess = {};
  for (const op of ops) {
    const [name, ...args] = op.split(',');
    const params = Object.fromEntries(args.map((a) => [a.split('_')[0], a.split('_')[1] ?? '']));
    if (name === 'format') {
      const fmt = FORMATS[(args[0] ?? '') as keyof typeof FORMATS];
      if (!fmt) return `process format must be one of jpeg, png, webp`;
      out.format = fmt;
    } else if (name === 'resize') {
      const width = params.w !== undefined ? Number(params.w) : undefined;
      const height = params.h !== undefined ? Number(params.h) : undefined;
      const mode = params.m ?? 'lfit';
      for (const side of [width, height]) {
        if (side !== undefined && !(Number.isInteger(side) && side >= 1 && side <= MAX_SIDE))
          return `process resize sides must be whole numbers from 1 to ${MAX_SIDE}`;
      }
      if (width === undefined && height === undefined) return 'process resize needs w or h';
      if (!MODES.has(mode)) return 'process resize mode must be lfit, mfit, fill or fixed';
      out.resize = {
        ...(width !== undefined ? { width } : {}),
        ...(height !== undefined ? { height } : {}),
        mode: mode as 'lfit',
      };
    } else if (name === 'quality') {
      const q = Number(params.q ?? params.Q);
      if (!(Number.isInteger(q) && q >= 1 && q <= 100)) return 'process quality must be q_1 to q_100';
      out.quality = q;
    } else {
      return `process operation ${name ?? ''} is not supported`;
    }
  }
  return out;
}

const FIT = { lfit: 'inside', mfit: 'outside', fill: 'cover', fixed: 'fill' } as const;

/** A sharp transformer for a parsed process, and the content type it produces. */
export function imageTransformer(process: ImageProcess): { transformer: sharp.Sharp; contentType: string } {
  // Decompression bombs: refuse inputs above 100 megapixels.
  let pipeline = sharp({ limitInputPixels: 100_000_000 }).rotate();
  if (process.resize) {
    pipeline = pipeline.resize({
      ...(process.resize.width ? { width: process.resize.width } : {}),
      ...(process.resize.height ? { height: process.resize.height } : {}),
      fit: FIT[process.resize.mode],
      withoutEnlargement: process.resize.mode === 'lfit',
    });
  }
  const format = process.format ?? 'jpeg';
  const quality = process.quality ?? 85;
  pipeline = format === 'png' ? pipeline.png() : pipeline.toFormat(format, { quality });
  if (format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' });
  return { transformer: pipeline, contentType: `image/${format}` };
}
