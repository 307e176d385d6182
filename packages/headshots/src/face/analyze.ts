import type { FaceResult } from '@vladmandic/human';
import { fingerprintOf } from '../check/fingerprint';
import { faceLooks, looksRect, straightSeams, type FaceLooks } from '../check/looks';
import { fromRgb, type RgbImage } from '../image/decode';
import { decodedPixels, type PhotoPixels, type PixelRect, type PixelWindow } from '../image/pixels';
import { blurEffect, exposureOf, sharpnessOf, type Exposure } from '../image/measures';
import { detectFaces } from './human';
import {
  eyeCentres,
  eyeOpenness,
  faceRegions,
  type Annotations,
  type FaceRegions,
  type Pt,
} from './landmarks';

/** A detected face box in image pixels. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/** Everything measured on the main (largest) face of an image. */
export interface FaceDetail {
  box: FaceBox;
  /** Mesh landmarks in image pixels. */
  mesh: Pt[];
  regions: FaceRegions;
  eyes: [Pt, Pt];
  yawDeg: number;
  pitchDeg: number;
  /** Tilt of the eye line, degrees, positive when the right-hand eye (in the image) sits lower. */
  rollDeg: number;
  eyeOpenness: number;
  sharpness: number;
  /** Blur effect of the face (0 sharp .. 1 blurred; see blurEffect). */
  blur: number;
  exposure: Exposure;
  looks: FaceLooks;
  /** Face embedding of the description model (1024 numbers). */
  embedding: number[];
}

export interface ImageAnalysis {
  width: number;
  height: number;
  /** Faces at or above the confidence floor, largest first. */
  faces: FaceBox[];
  main: FaceDetail | null;
  /** Straight full-width and full-height seams (a screenshot's interface bars). */
  seams: { rows: number; columns: number };
  /** Perceptual hash of the whole picture and of its mirror image (the duplicate rule). */
  fingerprint: { hash: string; mirrored: string };
}

export interface AnalyzeOptions {
  minFaceScore: number;
  detectMaxSide: number;
  sharpnessCropPx: number;
}

const DEG = 180 / Math.PI;

function scaledBox(f: FaceResult, inv: number): FaceBox {
  const [x, y, w, h] = f.box;
  return { x: x * inv, y: y * inv, width: w * inv, height: h * inv, score: f.score };
}

/** The face's central part the quality measures read, in photo pixels. */
function qualityRect(box: FaceBox, width: number, height: number): PixelRect {
  // The central 70 % of the box: skin, eyes, nose and mouth, little hair or background.
  const cw = box.width * 0.7;
  const ch = box.height * 0.7;
  const left = Math.max(0, Math.round(box.x + (box.width - cw) / 2));
  const top = Math.max(0, Math.round(box.y + (box.height - ch) / 2));
  return {
    left,
    top,
    width: Math.max(1, Math.min(width - left, Math.round(cw))),
    height: Math.max(1, Math.min(height - top, Math.round(ch))),
  };
}

/** The smallest rectangle holding both, clipped to the photo. */
function union(a: PixelRect, b: PixelRect, width: number, height: number): PixelRect {
  const left = Math.max(0, Math.min(a.left, b.left));
  const top = Math.max(0, Math.min(a.top, b.top));
  const right = Math.min(width, Math.max(a.left + a.width, b.left + b.width));
  const bottom = Math.min(height, Math.max(a.top + a.height, b.top + b.height));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** Sharpness and exposure on the face's central part, scaled to a fixed square so resolution does not decide. */
async function faceQuality(
  win: PixelWindow,
  crop: PixelRect,
  cropPx: number,
): Promise<{ sharpness: number; blur: number; exposure: Exposure }> {
  const { width, height } = crop;
  const inWindow = { left: crop.left - win.left, top: crop.top - win.top, width, height };
  const grey = await fromRgb(win.img)
    .extract(inWindow)
    .greyscale()
    .resize(cropPx, cropPx, { fit: 'fill' })
    .raw()
    .toBuffer();
  // Blur is judged at the face's own resolution, at most cropPx: a small face is not enlarged
  // (enlarging would blur it), a large one is reduced to a fixed scale so size does not decide.
  const side = Math.max(16, Math.min(cropPx, width, height));
  const own = await fromRgb(win.img)
    .extract(inWindow)
    .greyscale()
    .resize(side, side, { fit: 'fill' })
    .raw()
    .toBuffer();
  return {
    sharpness: sharpnessOf(grey, cropPx, cropPx),
    blur: blurEffect(own, side, side),
    exposure: exposureOf(grey),
  };
}

/** A box covering nearly the whole picture is the detector's failure, not a face. */
function plausible(box: FaceBox, width: number, height: number): boolean {
  return box.width < 0.95 * width || box.height < 0.95 * height;
}

/** Detects faces and measures the largest one. Works on a scaled copy; reports full-size pixels. */
export async function analyzeImage(img: RgbImage, opts: AnalyzeOptions): Promise<ImageAnalysis> {
  return analyzePixels(await decodedPixels(img, opts.detectMaxSide), opts);
}

/**
 * analyzeImage on a photo as the check reads it: faces are found on the detection copy; blur,
 * exposure, eyes and skin are measured on the photo's own pixels around the main face.
 */
export async function analyzePixels(px: PhotoPixels, opts: AnalyzeOptions): Promise<ImageAnalysis> {
  const { small, scale } = px;
  const img = { width: px.width, height: px.height };
  const found = (await detectFaces(small.data, small.width, small.height)).filter(
    (f) => f.score >= opts.minFaceScore,
  );
  const inv = 1 / scale;
  const [seams, fingerprint] = [straightSeams(small), await fingerprintOf(small)];
  const ranked = found
    .map((f) => ({ f, box: scaledBox(f, inv) }))
    .filter((r) => plausible(r.box, img.width, img.height))
    .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  const faces = ranked.map((r) => r.box);
  const top = ranked[0];
  // Without its mesh a face cannot be measured (the rules then say NO_FACE).
  if (!top || top.f.mesh.length < 468)
    return { width: img.width, height: img.height, faces, main: null, seams, fingerprint };

  const mesh: Pt[] = top.f.mesh.map((p) => [p[0] * inv, p[1] * inv] as Pt);
  const annotations: Annotations = {};
  for (const [name, pts] of Object.entries(top.f.annotations ?? {})) {
    annotations[name] = pts.map((p) => [p[0] * inv, p[1] * inv]);
  }
  const eyes = eyeCentres(mesh);
  const angle = top.f.rotation?.angle ?? { yaw: 0, pitch: 0, roll: 0 };
  const crop = qualityRect(top.box, img.width, img.height);
  const win = await px.window(
    union(crop, looksRect(mesh, top.box, img.width, img.height), img.width, img.height),
  );
  const quality = await faceQuality(win, crop, opts.sharpnessCropPx);
  return {
    width: img.width,
    height: img.height,
    faces,
    seams,
    fingerprint,
    main: {
      box: top.box,
      mesh,
      regions: faceRegions(annotations),
      eyes,
      yawDeg: angle.yaw * DEG,
      pitchDeg: angle.pitch * DEG,
      rollDeg: Math.atan2(eyes[1][1] - eyes[0][1], eyes[1][0] - eyes[0][0]) * DEG,
      eyeOpenness: eyeOpenness(mesh),
      ...quality,
      looks: faceLooks(win, img.width, img.height, mesh, top.box),
      embedding: top.f.embedding ?? [],
    },
  };
}
