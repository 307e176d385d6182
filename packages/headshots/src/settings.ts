import { HEADSHOT_LIMITS } from '@ai-covers/contracts';

/** Rules a photo must meet to be approved. Every field has a default; see README for how they were set. */
export interface CheckSettings {
  /** Largest file accepted, in bytes (a 5000×5000 BMP is about 75 MB). */
  maxBytes: number;
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
  /** Face box side as a share of the image's shorter side. */
  minFaceFraction: number;
  /** Face box side in pixels. */
  minFacePx: number;
  /** Detector confidence a face needs to count at all. */
  minFaceScore: number;
  /** A second face counts when its box is at least this share of the main face's box side. */
  otherFaceMinRatio: number;
  /** Variance of the Laplacian on the face crop scaled to `sharpnessCropPx` square. */
  minSharpness: number;
  sharpnessCropPx: number;
  /** Face mean luma (0..255) under which the face is too dark. */
  minFaceLuma: number;
  /** Face mean luma above which the face is too bright. */
  maxFaceLuma: number;
  /** Share of crushed (≤16) face pixels above which the face is too dark. */
  maxCrushed: number;
  /** Share of blown (≥245) face pixels above which the face is too bright. */
  maxBlown: number;
  /** Eye aspect ratio (lid opening over eye width, both eyes averaged) under which eyes count as closed. */
  minEyeOpenness: number;
  /** Largest head turn left/right, degrees. */
  maxYawDeg: number;
  /** Largest head tilt up/down, degrees. */
  maxPitchDeg: number;
  /** Long side of the copy face detection runs on; larger photos are scaled down for it. */
  detectMaxSide: number;
  /** Blur effect of the face (0 sharp .. 1 blurred) over which the photo is blurry. */
  maxBlur: number;
  /** Eye areas' luma over the cheeks' luma under which the eyes are hidden (sunglasses). */
  minEyeToSkin: number;
  /** Skin saturation (HSV) over which colours are filtered, not natural. */
  maxSkinSat: number;
  /** Skin hue range (degrees, may wrap past 360) for a coloured face; outside it the colour is filtered. */
  skinHue: [number, number];
  /** Skin saturation under which the photo counts as black and white (any hue then passes). */
  monoSkinSat: number;
  /** Eye areas' luma spread over the cheeks' luma under which eyes behind dark lenses are flat. */
  minEyeContrast: number;
  /** Straight full-width or full-height seams from which a picture is a screenshot. */
  screenshotSeams: number;
}

/** How results are made. */
export interface MakeSettings {
  /** Full size of a 4:5 result's height (width 4/5 of it; a square result is as wide); at least 1280. */
  height: number;
  /** Smallest result side in pixels: a framing whose true size is under it is not offered. */
  minSide: number;
  /** Most output pixels per photo pixel: a framing that would need more is smaller or not offered. */
  maxUpscale: number;
  /** Thumbnail width (height follows the 4:5 frame). */
  thumbWidth: number;
  jpegQuality: number;
  /** Free space kept above the top of the head, as a share of the frame height. */
  headroom: number;
  /** Skin retouch strength 0..1 (share of fine skin texture smoothed inside the face mask). */
  retouch: number;
  /** Results whose likeness to the person's approved photos is under this are not delivered. */
  likenessThreshold: number;
  /** Background-removal model of @imgly/background-removal-node. */
  matteModel: 'small' | 'medium';
  /** Long side of the portrait region the matte is computed on. */
  matteMaxSide: number;
}

export interface Settings {
  check: CheckSettings;
  make: MakeSettings;
}

export const DEFAULT_SETTINGS: Settings = {
  check: {
    maxBytes: 100 * 1024 * 1024,
    minWidth: HEADSHOT_LIMITS.minWidth,
    minHeight: HEADSHOT_LIMITS.minHeight,
    maxWidth: HEADSHOT_LIMITS.maxWidth,
    maxHeight: HEADSHOT_LIMITS.maxHeight,
    minFaceFraction: 0.2,
    minFacePx: 112,
    minFaceScore: 0.5,
    otherFaceMinRatio: 0.3,
    minSharpness: 3,
    sharpnessCropPx: 256,
    minFaceLuma: 55,
    maxFaceLuma: 215,
    maxCrushed: 0.25,
    maxBlown: 0.25,
    minEyeOpenness: 0.15,
    maxYawDeg: 25,
    maxPitchDeg: 25,
    detectMaxSide: 1024,
    maxBlur: 0.5,
    minEyeToSkin: 0.55,
    maxSkinSat: 0.72,
    skinHue: [340, 55],
    monoSkinSat: 0.06,
    minEyeContrast: 0.12,
    screenshotSeams: 2,
  },
  make: {
    height: 1280,
    minSide: 400,
    maxUpscale: 1.25,
    thumbWidth: 256,
    jpegQuality: 90,
    headroom: 0.07,
    retouch: 0.45,
    likenessThreshold: 0.5,
    matteModel: 'medium',
    matteMaxSide: 1024,
  },
};

/** Partial settings as callers pass them. */
export type SettingsInput = { check?: Partial<CheckSettings>; make?: Partial<MakeSettings> };

/** Defaults overlaid with the caller's values. */
export function resolveSettings(input: SettingsInput = {}): Settings {
  const make = { ...DEFAULT_SETTINGS.make, ...input.make };
  make.maxUpscale = Math.min(1.25, make.maxUpscale);
  make.height = Math.max(1280, Math.round(make.height));
  return { check: { ...DEFAULT_SETTINGS.check, ...input.check }, make };
}
