import type { PhotoDeclineCode } from '@ai-covers/contracts';
import type { ImageAnalysis } from '../face/analyze';
import type { ImageHeader } from '@ai-covers/contracts';
import type { CheckSettings } from '../settings';
import type { FaceLooks } from './looks';

/** Reasons found so far and the values their messages show. */
export interface Verdict {
  reasons: PhotoDeclineCode[];
  data: Record<string, string | number>;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The §5 upload rules, judged from the file size and the header alone (nothing decoded yet).
 * `header` is 'other' for bytes of no accepted format and null for a damaged header.
 */
export function judgeUpload(header: ImageHeader | 'other' | null, bytes: number, s: CheckSettings): Verdict {
  const data: Verdict['data'] = {};
  if (bytes > s.maxBytes) {
    data['sizeMb'] = round2(bytes / 1024 / 1024);
    data['maxMb'] = round2(s.maxBytes / 1024 / 1024);
    return { reasons: ['FILE_TOO_LARGE'], data };
  }
  if (header === 'other') return { reasons: ['FORMAT_NOT_SUPPORTED'], data };
  if (header === null) return { reasons: ['UNREADABLE'], data };
  Object.assign(data, { width: header.width, height: header.height });
  if (header.width > s.maxWidth || header.height > s.maxHeight) {
    return { reasons: ['TOO_LARGE'], data: { ...data, maxWidth: s.maxWidth, maxHeight: s.maxHeight } };
  }
  if (header.width < s.minWidth || header.height < s.minHeight) {
    return { reasons: ['TOO_SMALL'], data: { ...data, minWidth: s.minWidth, minHeight: s.minHeight } };
  }
  return { reasons: [], data };
}

/** Faces that count: the main face, and any other face at least `otherFaceMinRatio` of its size. */
export function countFaces(a: ImageAnalysis, s: CheckSettings): number {
  const [main, ...others] = a.faces;
  if (!main) return 0;
  const side = Math.min(main.width, main.height);
  return 1 + others.filter((f) => Math.min(f.width, f.height) >= side * s.otherFaceMinRatio).length;
}

/** The face rules: exactly one face, large, sharp, well lit, eyes open, facing the camera. */
export function judgeFace(a: ImageAnalysis, s: CheckSettings): Verdict {
  const count = countFaces(a, s);
  const data: Verdict['data'] = { faces: count };
  // A screenshot is judged first: what is in it is not the photo itself.
  const seams = a.seams.rows + a.seams.columns;
  if (seams >= s.screenshotSeams) return { reasons: ['SCREENSHOT'], data: { ...data, seams } };
  if (count === 0 || !a.main) return { reasons: ['NO_FACE'], data };
  if (count > 1) return { reasons: ['MULTIPLE_FACES'], data };

  const f = a.main;
  const reasons: PhotoDeclineCode[] = [];
  const side = Math.round(Math.min(f.box.width, f.box.height));
  const needed = Math.round(Math.max(s.minFacePx, s.minFaceFraction * Math.min(a.width, a.height)));
  Object.assign(data, {
    faceSize: side,
    minFaceSize: needed,
    sharpness: Math.round(f.sharpness),
    blur: round2(f.blur),
    eyeToSkin: round2(f.looks.eyeToSkin),
    eyeContrast: round2(f.looks.eyeContrast),
    skinHue: Math.round(f.looks.skinHue),
    skinSat: round2(f.looks.skinSat),
    faceLuma: Math.round(f.exposure.mean),
    eyeOpenness: round2(f.eyeOpenness),
    yaw: Math.round(f.yawDeg),
    pitch: Math.round(f.pitchDeg),
  });
  if (side < needed) reasons.push('FACE_TOO_SMALL');
  if (f.sharpness < s.minSharpness || f.blur > s.maxBlur) reasons.push('BLURRY');
  if (f.exposure.mean < s.minFaceLuma || f.exposure.crushed > s.maxCrushed) reasons.push('TOO_DARK');
  else if (f.exposure.mean > s.maxFaceLuma || f.exposure.blown > s.maxBlown) reasons.push('TOO_BRIGHT');
  if (f.eyeOpenness < s.minEyeOpenness) reasons.push('EYES_CLOSED');
  if (Math.abs(f.yawDeg) > s.maxYawDeg || Math.abs(f.pitchDeg) > s.maxPitchDeg) reasons.push('NOT_FRONTAL');
  // Lenses are both dark and flat; deep-set or shaded bare eyes are dark but keep their contrast.
  if (f.looks.eyeToSkin < s.minEyeToSkin && f.looks.eyeContrast < s.minEyeContrast)
    reasons.push('SUNGLASSES');
  if (filtered(f.looks, s)) reasons.push('HEAVY_FILTER');
  return { reasons, data };
}

/** Skin colour no camera gives: tinted or oversaturated. */
function filtered(l: FaceLooks, s: CheckSettings): boolean {
  if (l.skinSat > s.maxSkinSat) return true;
  if (l.skinSat < s.monoSkinSat) return false;
  const [lo, hi] = s.skinHue;
  const inRange = lo <= hi ? l.skinHue >= lo && l.skinHue <= hi : l.skinHue >= lo || l.skinHue <= hi;
  return !inRange;
}
