import os from 'node:os';
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { countFaces, judgeFace } from '../check/rules';
import { analyzePixels } from '../face/analyze';
import { judgeDescriptor } from '../face/judge';
import { judgeOf } from '../face/judge-thread';
import { downscale, type RgbImage } from '../image/decode';
import { decodeUpload } from '../image/load';
import { decodedPixels, jpegPixels, type PhotoPixels } from '../image/pixels';
import { computeMatte } from '../make/matte';
import { planPortrait, refineWithMatte, renderPortrait } from '../make/portrait';
import { composePicture, renderResult } from '../make/render';
import type { CheckSettings } from '../settings';
import type {
  CheckJob,
  CheckOutcome,
  Job,
  MatteJob,
  MatteOutcome,
  PrepareJob,
  PrepareOutcome,
  PreviewJob,
  PreviewOutcome,
} from './jobs';

// What a worker does for each job kind. Also callable in-thread (tests, tools).

async function checkPixels(px: PhotoPixels, settings: CheckSettings): Promise<CheckOutcome> {
  const analysis = await analyzePixels(px, settings);
  return {
    verdict: judgeFace(analysis, settings),
    width: px.width,
    height: px.height,
    face: analysis.main,
    faces: countFaces(analysis, settings),
    fingerprint: analysis.fingerprint,
  };
}

const bytesOf = (job: CheckJob | PrepareJob) =>
  Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.length);
const maxPixelsOf = (job: CheckJob | PrepareJob) => job.settings.maxWidth * job.settings.maxHeight;

async function decodeOrNull(job: CheckJob | PrepareJob): Promise<RgbImage | null> {
  try {
    return await decodeUpload(bytesOf(job), job.format, maxPixelsOf(job));
  } catch {
    return null;
  }
}

/**
 * The photo as the check reads it, or null when it will not decode. A large JPEG is not decoded
 * whole at full size for the check (see image/pixels.ts); `whole`, when the caller has decoded the
 * photo anyway, gives the face's pixels, while the detection copy is made as the check makes it,
 * so a pack judges a photo exactly as its upload check did.
 */
async function readPhoto(job: CheckJob | PrepareJob, whole?: RgbImage): Promise<PhotoPixels | null> {
  const maxSide = job.settings.detectMaxSide;
  try {
    const px = job.format === 'jpeg' ? await jpegPixels(bytesOf(job), maxPixelsOf(job), maxSide) : null;
    if (px && whole) return { ...px, window: async () => ({ img: whole, left: 0, top: 0 }) };
    if (px) return px;
    const img = whole ?? (await decodeUpload(bytesOf(job), job.format, maxPixelsOf(job)));
    return await decodedPixels(img, maxSide);
  } catch {
    return null;
  }
}

function unreadable(): CheckOutcome {
  return {
    verdict: { reasons: ['UNREADABLE'], data: {} },
    width: 0,
    height: 0,
    face: null,
    faces: 0,
    fingerprint: null,
  };
}

/** Decodes and judges one photo. A photo that will not decode is UNREADABLE, not an error. */
export async function handleCheck(job: CheckJob): Promise<CheckOutcome> {
  const px = await readPhoto(job);
  return px ? checkPixels(px, job.settings) : unreadable();
}

/** Checks a photo and, when approved, writes its portrait (levelled, cropped, scaled) as raw RGB. */
export async function handlePrepare(job: PrepareJob): Promise<PrepareOutcome> {
  const img = await decodeOrNull(job);
  const px = img && (await readPhoto(job, img));
  if (!img || !px) return { ...unreadable(), layout: null, judge: null };
  const outcome = await checkPixels(px, job.settings);
  if (outcome.verdict.reasons.length > 0 || !outcome.face) return { ...outcome, layout: null, judge: null };
  const { layout, toPhoto } = planPortrait(outcome.face, img.width, img.height, job.outHeight);
  const portrait = await renderPortrait(img, layout, toPhoto);
  await writeFile(job.rgbPath, portrait.data);
  if (job.skipJudge) return { ...outcome, layout, judge: null };
  const { img: small } = await downscale(img, job.settings.detectMaxSide);
  const judge = await judgeOf(small.data, small.width, small.height);
  return { ...outcome, layout, judge };
}

/** Computes and writes a portrait's matte; returns the geometry refined by it. */
export async function handleMatte(job: MatteJob): Promise<MatteOutcome> {
  const data = await readFile(job.rgbPath);
  const mask = await computeMatte({ data, width: job.width, height: job.height }, job.maxSide, job.model);
  await writeFile(job.mattePath, mask);
  let fg = 0;
  for (const v of mask) if (v >= 128) fg++;
  return {
    geometry: refineWithMatte(job.geometry, job.face, mask, job.width, job.height),
    coverage: fg / mask.length,
  };
}

/** Composes a preview from a portrait sent with the job and encodes it; nothing is written. */
export async function handlePreview(job: PreviewJob): Promise<PreviewOutcome> {
  const { canvas } = await composePicture(job);
  const jpeg = await sharp(canvas, { raw: { width: job.width, height: job.height, channels: 3 } })
    .jpeg({ quality: job.jpegQuality, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return { jpeg: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.length) };
}

/** Runs any job. */
export async function handleJob(job: Job): Promise<unknown> {
  switch (job.kind) {
    case 'ping':
      return { priority: os.getPriority() };
    case 'check':
      return handleCheck(job);
    case 'prepare':
      return handlePrepare(job);
    case 'matte':
      return handleMatte(job);
    case 'render':
      return renderResult(job);
    case 'preview':
      return handlePreview(job);
    case 'judge':
      return { descriptor: await judgeDescriptor(job.rgb, job.width, job.height) };
  }
}
