import { describe, expect, it } from 'vitest';
import type { FaceDetail } from '../src/face/analyze';
import type { Pt } from '../src/face/landmarks';
import { framingOffers } from '../src/make/offer';
import { planPortrait, refineWithMatte } from '../src/make/portrait';
import { resolveSettings } from '../src/settings';

function tiltedFace(deg: number): FaceDetail {
  const r = (deg * Math.PI) / 180;
  const c = [600, 500] as const;
  const rot = (x: number, y: number): [number, number] => [
    c[0] + Math.cos(r) * (x - c[0]) - Math.sin(r) * (y - c[1]),
    c[1] + Math.sin(r) * (x - c[0]) + Math.cos(r) * (y - c[1]),
  ];
  return {
    box: { x: 450, y: 350, width: 300, height: 300, score: 0.9 },
    mesh: [],
    regions: { oval: [rot(600, 330), rot(750, 480), rot(600, 680), rot(450, 480)], keep: [] },
    eyes: [rot(540, 500), rot(660, 500)],
    yawDeg: 0,
    pitchDeg: 0,
    rollDeg: deg,
    eyeOpenness: 0.3,
    sharpness: 50,
    exposure: { mean: 120, crushed: 0, blown: 0 },
    blur: 0.2,
    looks: { eyeToSkin: 0.8, skinHue: 20, skinSat: 0.35, eyeContrast: 0.3 },
    embedding: [],
  };
}

describe('portrait planning', () => {
  it('levels tilted eyes and maps points both ways', () => {
    const { layout, toPortrait, toPhoto } = planPortrait(tiltedFace(10), 1200, 1600, 1280);
    expect(layout.levelDeg).toBeCloseTo(10, 6);
    const [a, b] = layout.face.eyes;
    expect(a[1]).toBeCloseTo(b[1], 6);
    const back = toPhoto(toPortrait([321, 654]));
    expect(back[0]).toBeCloseTo(321, 6);
    expect(back[1]).toBeCloseTo(654, 6);
  });

  it('leaves a small tilt alone', () => {
    expect(planPortrait(tiltedFace(1.5), 1200, 1600, 1280).layout.levelDeg).toBe(0);
  });

  it('scales so the closest framing has about one source pixel per output pixel, never up', () => {
    const big = planPortrait(tiltedFace(0), 1200, 1600, 1280).layout;
    // Face 350 px high; the closest framing (face 36 % of the frame) spans ~972 px < 1280: no scaling.
    expect(big.scale).toBe(1);
    expect(big.geometry.faceHeight).toBeCloseTo(350, 0);
  });

  it('the matte moves the hair top and tells when the photo cuts the head off', () => {
    const { layout } = planPortrait(tiltedFace(0), 1200, 1600, 1280);
    const { width, height } = layout;
    const mask = new Uint8Array(width * height);
    const top = Math.round(layout.geometry.valid.y) + 40;
    for (let y = top; y < height; y++) mask.fill(255, y * width + 200, y * width + 500);
    const g = refineWithMatte(layout.geometry, layout.face, mask, width, height);
    expect(g.hairTop).toBe(top);
    expect(g.headTouchesTop).toBe(false);
    mask.fill(
      255,
      Math.round(layout.geometry.valid.y) * width,
      (Math.round(layout.geometry.valid.y) + 1) * width,
    );
    expect(refineWithMatte(layout.geometry, layout.face, mask, width, height).headTouchesTop).toBe(true);
  });

  it('a photo that cuts the head off is known before the matte, so the check promises only what the pack gives', () => {
    // The forehead 50 px under the photo's top: a quarter face of hair above it is outside.
    const up = tiltedFace(0);
    const shift = (p: Pt): Pt => [p[0], p[1] - 280];
    const face: FaceDetail = {
      ...up,
      box: { ...up.box, y: up.box.y - 280 },
      regions: { oval: up.regions.oval.map(shift), keep: [] },
      eyes: [shift(up.eyes[0]), shift(up.eyes[1])],
    };
    const { make } = resolveSettings();
    const { layout } = planPortrait(face, 1200, 1600, make.height);
    expect(layout.geometry.headTouchesTop).toBe(true);
    // The matte finds hair from the photo's first row down, as it does on such a photo.
    const { width, height } = layout;
    const mask = new Uint8Array(width * height);
    for (let y = Math.round(layout.geometry.valid.y); y < height; y++)
      mask.fill(
        255,
        y * width + Math.round(layout.face.box.x),
        y * width + Math.round(layout.face.box.x + layout.face.box.width),
      );
    const matted = refineWithMatte(layout.geometry, layout.face, mask, width, height);
    expect(matted.headTouchesTop).toBe(true);
    const ids = (g: typeof matted) =>
      framingOffers(g, layout.scale, make.headroom, make).map((o) => o.framing.id);
    expect(ids(layout.geometry)).toEqual(ids(matted));
    // A head with room above it keeps the headroom rule.
    expect(planPortrait(tiltedFace(0), 1200, 1600, make.height).layout.geometry.headTouchesTop).toBe(false);
  });
});
