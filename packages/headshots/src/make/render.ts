import { readFile, rename, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { analyzeImage, type AnalyzeOptions } from '../face/analyze';
import { judgeAgainst } from '../face/judge';
import { judgeOf } from '../face/judge-thread';
import { likenessOf, loadSimilarity } from '../face/likeness';
import type { Pt } from '../face/landmarks';
import { renderBackdrop } from '../styles/backdrop';
import { findStyle, type LightSpec } from '../styles/catalog';
import { applyGrade } from '../styles/grade';
import { addRim, castShadow, compositeWithWrap, meanColour, relightSubject, retouchSkin } from './compose';
import { refineEdges } from './edges';
import type { Rect } from './framing';
import type { LightSetup } from './offer';
import type { PortraitFace } from './portrait';
import { personPrint } from './print';

/** A portrait prepared for rendering: raw RGB and matte files plus landmarks, all in portrait pixels. */
export interface PreparedPortrait {
  rgbPath: string;
  mattePath: string;
  width: number;
  height: number;
  face: PortraitFace;
}

/** Everything one result needs. */
export interface RenderJob {
  portrait: PreparedPortrait;
  crop: Rect;
  style: string;
  backdrop: number;
  grade: string;
  light: LightSetup;
  /** True output size of this framing (see outputSize). */
  width: number;
  height: number;
  thumbWidth: number;
  jpegQuality: number;
  retouch: number;
  outPath: string;
  thumbPath: string;
  /** Embeddings of the person's approved photos, and which of them this result was made from. */
  references: number[][];
  /** The likeness judge's descriptors of the same photos (null where it found no face). */
  judgeReferences: (number[] | null)[];
  source: number;
  detect: AnalyzeOptions;
}

export interface RenderResult {
  /** Face-embedding similarity of the result to the person's approved photos, 0..1 (see likenessOf). */
  likeness: number;
  /** Similarity to the photo it was made from alone. */
  sourceLikeness: number;
  /** Perceptual print of the person in the result (see print.ts), for the near-duplicate rule. */
  print: number[];
  /** The independent judge's descriptor distance to the person's other photos (see judge.ts). */
  judge: { mean: number; max: number };
}

// Per-thread caches: a pack renders many results from few portraits and backdrops.
const files = new Map<string, Uint8Array>();
const backdrops = new Map<string, { rgb: Buffer; blurred: Buffer; ambient: [number, number, number] }>();

async function cachedFile(path: string): Promise<Uint8Array> {
  let data = files.get(path);
  if (!data) {
    data = new Uint8Array(await readFile(path));
    files.set(path, data);
    // Keep the last two portraits (colour and matte; up to a few tens of MB each): a pack visits
    // its photos in turn, so a larger cache would hold memory without saving reads.
    if (files.size > 4) files.delete(files.keys().next().value!);
  }
  return data;
}

async function cachedBackdrop(styleId: string, index: number, w: number, h: number) {
  const key = `${styleId}:${index}:${w}x${h}`;
  let entry = backdrops.get(key);
  if (!entry) {
    const spec = findStyle(styleId)!.backdrops[index]!.spec;
    const rgb = await renderBackdrop(spec, w, h);
    const blurred = await raw3(rgb, w, h)
      .blur(w / 60)
      .raw()
      .toBuffer();
    entry = { rgb, blurred, ambient: meanColour(rgb) };
    backdrops.set(key, entry);
    if (backdrops.size > 8) backdrops.delete(backdrops.keys().next().value!);
  }
  return entry;
}

const raw3 = (data: Uint8Array, width: number, height: number) =>
  sharp(data, { raw: { width, height, channels: 3 } });
const raw1 = (data: Uint8Array, width: number, height: number) =>
  sharp(data, { raw: { width, height, channels: 1 } });
/** Raw output keeping one band for masks (sharp would otherwise write single-band input out as RGB). */
const rawOut = (img: sharp.Sharp, channels: 1 | 3) =>
  (channels === 1 ? img.toColourspace('b-w') : img).raw().toBuffer();

/**
 * Cuts `crop` out of an image and scales it to w×h. Parts of the crop outside the image come out
 * black (and, for a matte, transparent).
 */
async function cropScaled(
  data: Uint8Array,
  iw: number,
  ih: number,
  channels: 1 | 3,
  crop: Rect,
  w: number,
  h: number,
): Promise<Buffer> {
  const s = w / crop.width;
  const x0 = Math.max(0, Math.floor(crop.x));
  const y0 = Math.max(0, Math.floor(crop.y));
  const x1 = Math.min(iw, Math.ceil(crop.x + crop.width));
  const y1 = Math.min(ih, Math.ceil(crop.y + crop.height));
  const img = channels === 3 ? raw3(data, iw, ih) : raw1(data, iw, ih);
  const pw = Math.max(1, Math.round((x1 - x0) * s));
  const ph = Math.max(1, Math.round((y1 - y0) * s));
  const part = await rawOut(
    img
      .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
      .resize(pw, ph, { fit: 'fill', kernel: 'lanczos3' }),
    channels,
  );
  const left = Math.round((x0 - crop.x) * s);
  const top = Math.round((y0 - crop.y) * s);
  // Pad to cover the frame, then cut exactly w×h at the frame's origin.
  const padLeft = Math.max(0, left);
  const padTop = Math.max(0, top);
  const padded = sharp(part, { raw: { width: pw, height: ph, channels } }).extend({
    left: padLeft,
    top: padTop,
    right: Math.max(0, w - (left + pw)),
    bottom: Math.max(0, h - (top + ph)),
    background: { r: 0, g: 0, b: 0, alpha: 1 },
  });
  const out = await rawOut(padded, channels);
  const pwFull = pw + padLeft + Math.max(0, w - (left + pw));
  const phFull = ph + padTop + Math.max(0, h - (top + ph));
  return rawOut(
    sharp(out, { raw: { width: pwFull, height: phFull, channels } }).extract({
      left: Math.max(0, -left),
      top: Math.max(0, -top),
      width: w,
      height: h,
    }),
    channels,
  );
}

function polygonPath(points: readonly Pt[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p[0].toFixed(1)} ${p[1].toFixed(1)}`).join(' ') + ' Z';
}

/** Skin mask of the face: the face outline minus eyes, brows and lips, feathered. */
async function skinMask(oval: Pt[], keep: Pt[][], w: number, h: number, feather: number): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="black"/>` +
    `<path d="${polygonPath(oval)}" fill="white"/>` +
    keep
      .map(
        (k) =>
          `<path d="${polygonPath(k)}" fill="black" stroke="black" stroke-width="${(feather * 2).toFixed(1)}"/>`,
      )
      .join('') +
    `</svg>`;
  return sharp(Buffer.from(svg)).greyscale().blur(Math.max(0.5, feather)).extractChannel(0).raw().toBuffer();
}

async function writeAtomic(path: string, data: Buffer): Promise<void> {
  const tmp = `${path}.part`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** What composing one picture needs: the portrait's pixels and matte, and the combination. */
export interface ComposeJob {
  /** Raw RGB (3 bytes a pixel) and matte (1 byte a pixel) of the portrait, `portrait.width` wide. */
  rgb: Uint8Array;
  matte: Uint8Array;
  portrait: Pick<PreparedPortrait, 'width' | 'height' | 'face'>;
  crop: Rect;
  style: string;
  backdrop: number;
  grade: string;
  light: LightSetup;
  /** Output size: the framing's true size for a result, smaller for a preview (same picture). */
  width: number;
  height: number;
  retouch: number;
}

/**
 * Composes one picture: frame, edges, retouch, relight, shadow, composite, grade. Every length is
 * relative to the output size or the face, so a smaller output is the same picture scaled down.
 * Returns the RGB canvas and the framed matte.
 */
export async function composePicture(job: ComposeJob): Promise<{ canvas: Buffer; matte: Buffer }> {
  const style = findStyle(job.style);
  const grade = style?.grades.find((g) => g.id === job.grade);
  const bd = style?.backdrops[job.backdrop];
  if (!style || !grade || !bd)
    throw new Error(`unknown combination ${job.style}/${job.backdrop}/${job.grade}`);
  const { width: w, height: h, portrait: pt, crop } = job;
  const s = w / crop.width;
  const [subject, matte] = await Promise.all([
    cropScaled(job.rgb, pt.width, pt.height, 3, crop, w, h),
    cropScaled(job.matte, pt.width, pt.height, 1, crop, w, h),
  ]);
  const map = (p: Pt): Pt => [(p[0] - crop.x) * s, (p[1] - crop.y) * s];
  const oval = pt.face.oval.map(map);
  const faceWidth = pt.face.box.width * s;
  const ys = oval.map((p) => p[1]);
  const chinY = Math.max(...ys);
  const faceHeight = Math.max(1, chinY - Math.min(...ys));
  const faceCx = (pt.face.eyes[0][0] + pt.face.eyes[1][0]) / 2 - crop.x;

  // The matte's edge read again from the colours, and the old background's colour taken out of it.
  refineEdges(subject, matte, w, h, { band: Math.max(2, w / 256) });

  const back = await cachedBackdrop(job.style, job.backdrop, w, h);
  const canvas = Buffer.from(back.rgb);
  const light: LightSpec = {
    ...style.light,
    side: job.light.side,
    contrast: Math.max(style.light.contrast, job.light.contrast),
    fromAbove: Math.max(style.light.fromAbove, job.light.fromAbove),
  };

  // Retouch within the skin mask, on a blur scaled to the face so the effect is the same at any size.
  if (job.retouch > 0) {
    const [skin, blurred] = await Promise.all([
      skinMask(
        oval,
        pt.face.keep.map((k) => k.map(map)),
        w,
        h,
        faceWidth / 80,
      ),
      raw3(subject, w, h)
        .blur(Math.max(1, faceWidth / 110))
        .raw()
        .toBuffer(),
    ]);
    retouchSkin(subject, blurred, skin, job.retouch);
  }
  relightSubject(
    subject,
    light,
    { width: w, height: h, faceCx: faceCx * s, faceWidth, chinY, faceHeight },
    back.ambient,
  );

  if (light.shadow > 0 && bd.spec.kind !== 'scene') {
    // Shadow falls away from the key: offset to the far side and down. A wide blur, so it is made
    // at a quarter of the size (the result is smooth either way) and scaled back up.
    const qw = Math.round(w / 4);
    const qh = Math.round(h / 4);
    const dx = Math.round(-(light.side || 0.3) * qw * 0.03);
    const dy = Math.round(qh * 0.015);
    const small = await rawOut(raw1(matte, w, h).resize(qw, qh, { fit: 'fill' }), 1);
    const shifted = await rawOut(
      raw1(small, qw, qh).extend({
        left: Math.max(0, dx),
        right: Math.max(0, -dx),
        top: dy,
        bottom: 0,
        background: { r: 0, g: 0, b: 0, alpha: 1 },
      }),
      1,
    );
    const blurredSmall = await rawOut(
      raw1(shifted, qw + Math.abs(dx), qh + dy)
        .extract({ left: Math.max(0, -dx), top: 0, width: qw, height: qh })
        .blur(qw / 35),
      1,
    );
    const shadow = await rawOut(raw1(blurredSmall, qw, qh).resize(w, h, { fit: 'fill', kernel: 'cubic' }), 1);
    castShadow(canvas, shadow, light.shadow);
  }
  const matteBlurred = await rawOut(raw1(matte, w, h).blur(Math.max(1, w / 160)), 1);
  addRim(subject, matte, matteBlurred, { width: w, faceCx: faceCx * s }, job.light);
  compositeWithWrap(canvas, subject, matte, matteBlurred, back.blurred, light.wrap);
  applyGrade(canvas, grade);
  return { canvas, matte };
}

/** Renders one result: compose, encode; then measures its likeness. */
export async function renderResult(job: RenderJob): Promise<RenderResult> {
  const { width: w, height: h, portrait: pt } = job;
  const [rgb, matteSrc] = await Promise.all([cachedFile(pt.rgbPath), cachedFile(pt.mattePath)]);
  const { canvas, matte } = await composePicture({ ...job, rgb, matte: matteSrc });
  const jpeg = await raw3(canvas, w, h)
    .jpeg({ quality: job.jpegQuality, chromaSubsampling: '4:4:4' })
    .toBuffer();
  const thumb = await raw3(canvas, w, h)
    .resize(job.thumbWidth, Math.round((job.thumbWidth * h) / w))
    .webp({ quality: 80 })
    .toBuffer();
  await Promise.all([writeAtomic(job.outPath, jpeg), writeAtomic(job.thumbPath, thumb)]);

  const print = await personPrint(canvas, matte, w, h);
  const seen = await analyzeImage({ data: canvas, width: w, height: h }, job.detect);
  const emb = seen.main?.embedding ?? [];
  const judge = judgeAgainst(await judgeOf(canvas, w, h), job.judgeReferences, job.source);
  if (emb.length === 0) return { likeness: 0, sourceLikeness: 0, print, judge };
  const sim = await loadSimilarity();
  const own = job.references[job.source];
  return {
    likeness: likenessOf(emb, job.references, job.source, sim),
    sourceLikeness: own ? sim(emb, own) : 0,
    print,
    judge,
  };
}
