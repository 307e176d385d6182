import { describe, expect, it } from 'vitest';
import {
  DISTINCT_IOU,
  distinctFramings,
  FRAMINGS,
  frameCrop,
  iou,
  outputSize,
  portraitRegion,
  type PortraitGeometry,
  type Rect,
} from '../src/make/framing';
import { framingOffers } from '../src/make/offer';
import { DEFAULT_SETTINGS } from '../src/settings';

/** A roomy photo: eyes at (1000, 900), face 300 px high, hair 90 px above the forehead. */
const roomy: PortraitGeometry = {
  eyeX: 1000,
  eyeY: 900,
  faceHeight: 300,
  hairTop: 900 - 120 - 90,
  valid: { x: 0, y: 0, width: 2000, height: 3000 },
  headTouchesTop: false,
  facing: 0,
};

const inside = (r: Rect, v: Rect) =>
  r.x >= v.x - 0.5 && r.x + r.width <= v.x + v.width + 0.5 && r.y + r.height <= v.y + v.height + 0.5;

const rules = DEFAULT_SETTINGS.make;

describe('framing', () => {
  it.each(FRAMINGS.map((f) => [f.id, f] as const))(
    '%s: its shape, eyes on its line, the whole hair with headroom, inside the photo',
    (_id, f) => {
      const r = frameCrop(roomy, f, 0.07)!;
      expect(r.width / r.height).toBeCloseTo(f.aspect, 6);
      expect((roomy.eyeY - r.y) / r.height).toBeCloseTo(f.eyeLine, 6);
      expect((roomy.hairTop - r.y) / r.height).toBeGreaterThanOrEqual(0.07 - 1e-9);
      expect(inside(r, roomy.valid)).toBe(true);
      expect(roomy.faceHeight / r.height).toBeLessThanOrEqual(f.faceHeight + 1e-9);
    },
  );

  it('a roomy photo gives all four framings, each overlapping every other by under 60 %', () => {
    const all = distinctFramings(roomy, 0.07);
    expect(all.map((f) => f.framing.id)).toEqual(['close-square', 'head-shoulders', 'chest-up', 'half-body']);
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++)
        expect(iou(all[i]!.crop, all[j]!.crop)).toBeLessThan(DISTINCT_IOU);
  });

  it('never frames past the bottom or sides of the photo; a framing that does not fit is left out', () => {
    const tightPhoto: PortraitGeometry = { ...roomy, valid: { x: 700, y: 0, width: 600, height: 1500 } };
    const all = distinctFramings(tightPhoto, 0.07);
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((f) => f.framing.id)).not.toContain('half-body');
    for (const { crop } of all) expect(inside(crop, tightPhoto.valid)).toBe(true);
  });

  it('never cuts the top of the hair: no framing at zero headroom', () => {
    // Hair close to the top of the photo and a tight bottom: nothing fits with headroom.
    const g: PortraitGeometry = { ...roomy, hairTop: 700, valid: { x: 0, y: 690, width: 2000, height: 500 } };
    for (const { crop } of distinctFramings(g, 0.07))
      expect(g.hairTop - crop.y).toBeGreaterThanOrEqual(0.035 * crop.height - 1e-6);
  });

  it('when the photo cuts off the top of the head, frames start inside the photo', () => {
    const cut: PortraitGeometry = {
      ...roomy,
      hairTop: 650,
      headTouchesTop: true,
      valid: { x: 0, y: 650, width: 2000, height: 2350 },
    };
    const all = distinctFramings(cut, 0.07);
    expect(all.length).toBeGreaterThan(1);
    for (const { crop } of all) expect(crop.y).toBeGreaterThanOrEqual(cut.valid.y - 0.5);
  });

  it('the portrait region holds every framing', () => {
    const region = portraitRegion(roomy);
    for (const { crop } of distinctFramings(roomy, 0.07)) {
      expect(crop.x).toBeGreaterThanOrEqual(region.x - 0.5);
      expect(crop.x + crop.width).toBeLessThanOrEqual(region.x + region.width + 0.5);
      expect(crop.y + crop.height).toBeLessThanOrEqual(region.y + region.height + 0.5);
    }
  });
});

describe('output size', () => {
  const hs = FRAMINGS.find((f) => f.id === 'head-shoulders')!;
  const square = FRAMINGS.find((f) => f.id === 'close-square')!;

  it('full size from 1024 photo pixels of frame height up (4:5), never more than 1.25× the photo', () => {
    expect(outputSize(hs, 1024, rules)).toMatchObject({ width: 1024, height: 1280, upscale: 1.25 });
    expect(outputSize(hs, 2000, rules)).toMatchObject({ width: 1024, height: 1280 });
    const small = outputSize(hs, 600, rules)!;
    expect(small.height).toBeLessThanOrEqual(750);
    expect(small.width / small.height).toBeCloseTo(0.8, 2);
    expect(small.upscale).toBeLessThanOrEqual(1.25);
    expect(outputSize(square, 900, rules)).toMatchObject({ width: 1024, height: 1024 });
  });

  it('a framing that would come out under the smallest side is not offered', () => {
    expect(outputSize(hs, 300, rules)).toBeNull();
    expect(outputSize(square, 300, rules)).toBeNull();
  });

  it('offers carry their true size; a small photo loses the framings it cannot fill', () => {
    const big = framingOffers(roomy, 1, 0.07, rules);
    expect(big).toHaveLength(4);
    for (const o of big) expect(o.upscale).toBeLessThanOrEqual(1.25);
    // The same photo at a fifth of its size (portrait pixels = photo pixels / 5).
    const tiny = framingOffers(roomy, 5, 0.07, rules);
    expect(tiny.length).toBeLessThan(big.length);
    for (const o of tiny) expect(o.upscale).toBeLessThanOrEqual(1.25);
  });
});
