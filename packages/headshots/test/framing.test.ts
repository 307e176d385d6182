import { describe, expect, it } from 'vitest';
import {
  ASPECT,
  distinctFramings,
  EYE_LINE,
  FRAMINGS,
  frameCrop,
  portraitRegion,
  type PortraitGeometry,
  type Rect,
} from '../src/make/framing';

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

describe('framing', () => {
  it.each(FRAMINGS.map((f) => [f.id, f] as const))(
    '%s: 4:5, eyes on the upper third, headroom kept',
    (_id, f) => {
      const r = frameCrop(roomy, f, 0.07)!;
      expect(r.width / r.height).toBeCloseTo(ASPECT, 6);
      expect((roomy.eyeY - r.y) / r.height).toBeCloseTo(EYE_LINE, 6);
      expect((roomy.hairTop - r.y) / r.height).toBeGreaterThanOrEqual(0.07 - 1e-9);
      expect(inside(r, roomy.valid)).toBe(true);
      expect(roomy.faceHeight / r.height).toBeLessThanOrEqual(f.faceHeight + 1e-9);
    },
  );

  it('a larger headroom setting zooms out', () => {
    const tight = frameCrop(roomy, FRAMINGS[0]!, 0.02)!;
    const loose = frameCrop(roomy, FRAMINGS[0]!, 0.2)!;
    expect(loose.height).toBeGreaterThan(tight.height);
    expect((roomy.hairTop - loose.y) / loose.height).toBeGreaterThanOrEqual(0.2 - 1e-9);
  });

  it('gives four different crops from a roomy photo, wider to closer', () => {
    const all = distinctFramings(roomy, 0.07);
    expect(all.map((f) => f.framing.id)).toEqual(['close', 'classic', 'wide', 'offset']);
    const h = Object.fromEntries(all.map((f) => [f.framing.id, f.crop.height]));
    expect(h['wide']).toBeGreaterThan(h['classic']!);
    expect(h['classic']).toBeGreaterThan(h['close']!);
  });

  it('never frames past the bottom or sides of the photo; presets that collapse count once', () => {
    const tightPhoto: PortraitGeometry = { ...roomy, valid: { x: 700, y: 0, width: 600, height: 1500 } };
    const all = distinctFramings(tightPhoto, 0.07);
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThan(4);
    for (const { crop } of all) expect(inside(crop, tightPhoto.valid)).toBe(true);
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

  it('the offset framing leaves room on the side the face turns to', () => {
    const right = frameCrop({ ...roomy, facing: 1 }, FRAMINGS[3]!, 0.07)!;
    const left = frameCrop({ ...roomy, facing: -1 }, FRAMINGS[3]!, 0.07)!;
    expect((roomy.eyeX - right.x) / right.width).toBeGreaterThan(0.5);
    expect((roomy.eyeX - left.x) / left.width).toBeLessThan(0.5);
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
