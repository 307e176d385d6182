import {
  distinctFramings,
  outputSize,
  type Framing,
  type PortraitGeometry,
  type Rect,
  type SizeRules,
} from './framing';

// What one photo can give: its distinct framings at their true sizes, each under every light set-up.
// This is the pack's capacity, known from the photo check already, so the product can say it
// before payment.

/** A studio light set-up, placed from the face's geometry at render time. */
export interface LightSetup {
  id: 'key-left' | 'key-right' | 'butterfly';
  /** Side of the key: -1 from the left of the picture, 1 from the right, 0 in front and above. */
  side: -1 | 0 | 1;
  /** Lit-to-shadow difference across the face (short side darker), 0..0.5. */
  contrast: number;
  /** Key from above: shade under the nose, chin and on the neck, 0..1. */
  fromAbove: number;
  /** Rim light on the subject's edge away from the key (both edges for butterfly), 0..1. */
  rim: number;
}

/**
 * Three set-ups a portrait studio uses: loop light from either side (the face's far side in
 * shadow) and butterfly light (front, high, rims on both sides). Key-left and key-right mirror the
 * face's shading, so the same crop under each is a different picture (tested in variety.test.ts).
 */
export const LIGHT_SETUPS: readonly LightSetup[] = [
  { id: 'key-left', side: -1, contrast: 0.34, fromAbove: 0.08, rim: 0.35 },
  { id: 'key-right', side: 1, contrast: 0.34, fromAbove: 0.08, rim: 0.35 },
  { id: 'butterfly', side: 0, contrast: 0.18, fromAbove: 0.3, rim: 0.25 },
];

/** One framing a photo can give. */
export interface FramingOffer {
  framing: Framing;
  /** Crop in portrait pixels. */
  crop: Rect;
  width: number;
  height: number;
  /** Output pixels per photo pixel (at most SizeRules.maxUpscale). */
  upscale: number;
}

/**
 * The framings of one photo with their output sizes. `portraitScale` is portrait pixels per photo
 * pixel; a framing that would need more than `maxUpscale`, or come out under `minSide`, is left out.
 */
export function framingOffers(
  g: PortraitGeometry,
  portraitScale: number,
  headroom: number,
  rules: SizeRules,
): FramingOffer[] {
  const out: FramingOffer[] = [];
  for (const { framing, crop } of distinctFramings(g, headroom)) {
    const size = outputSize(framing, crop.height / portraitScale, rules);
    if (size) out.push({ framing, crop, ...size });
  }
  return out;
}

/** Distinct results one photo can give: its framings times the light set-ups. */
export function photoCapacity(framings: number): number {
  return framings * LIGHT_SETUPS.length;
}

/**
 * Distinct results a set of approved photos can give (the check's `capacity` of each, summed).
 * Styles, backdrops and grades do not add to it: the same crop under the same light on another
 * backdrop is a near-duplicate.
 */
export function packCapacity(checks: readonly { capacity?: number }[]): number {
  return checks.reduce((n, c) => n + (c.capacity ?? 0), 0);
}
