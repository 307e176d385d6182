import { describe, expect, it } from 'vitest';
import type { FaceDetail } from '../src/face/analyze';
import { planPortrait, refineWithMatte } from '../src/make/portrait';

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
});
