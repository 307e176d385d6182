import { describe, expect, it } from 'vitest';
import {
  chokeMatte,
  compositeWithWrap,
  decontaminateEdges,
  relightSubject,
  retouchSkin,
} from '../src/make/compose';

const px = (n: number, v: [number, number, number]) => Buffer.from(Array.from({ length: n }, () => v).flat());

describe('skin retouch', () => {
  it('changes nothing outside the skin mask', () => {
    const rgb = Buffer.from([100, 90, 80, 100, 90, 80]);
    const blurred = Buffer.from([104, 94, 84, 104, 94, 84]);
    retouchSkin(rgb, blurred, Buffer.from([0, 255]), 0.5);
    expect([...rgb.subarray(0, 3)]).toEqual([100, 90, 80]);
    expect([...rgb.subarray(3)]).toEqual([102, 92, 82]);
  });

  it('smooths fine texture but leaves strong edges (eyelids, nostrils) alone', () => {
    const texture = Buffer.from([100, 100, 100]);
    retouchSkin(texture, Buffer.from([104, 104, 104]), Buffer.from([255]), 1);
    expect(texture[0]).toBe(104);
    const edge = Buffer.from([100, 100, 100]);
    retouchSkin(edge, Buffer.from([160, 160, 160]), Buffer.from([255]), 1);
    expect(edge[0]).toBe(100);
  });
});

describe('compositing', () => {
  it('keeps the backdrop where the matte is empty and the subject where it is full', () => {
    const back = px(2, [10, 20, 30]);
    compositeWithWrap(
      back,
      px(2, [200, 200, 200]),
      Buffer.from([0, 255]),
      Buffer.from([0, 255]),
      px(2, [10, 20, 30]),
      0.5,
    );
    expect([...back]).toEqual([10, 20, 30, 200, 200, 200]);
  });

  it('wraps backdrop light onto the subject only at its edge', () => {
    const back = px(1, [0, 0, 255]);
    compositeWithWrap(
      back,
      px(1, [200, 200, 200]),
      Buffer.from([255]),
      Buffer.from([128]),
      px(1, [0, 0, 255]),
      0.5,
    );
    expect(back[2]!).toBeGreaterThan(200);
    expect(back[0]!).toBeLessThan(200);
  });

  it('edge clean-up pulls half-transparent pixels toward the subject colour', () => {
    const rgb = px(1, [250, 250, 250]); // old white background showing through the rim
    decontaminateEdges(rgb, Buffer.from([128]), Buffer.from([50, 40, 30]), Buffer.from([128]));
    expect(rgb[0]!).toBeLessThan(180);
  });

  it('choking the matte clears faint alpha and keeps solid alpha', () => {
    const m = Buffer.from([10, 20, 128, 255]);
    chokeMatte(m, 20);
    expect([...m]).toEqual([0, 0, 117, 255]);
  });

  it('relighting brightens the key side and darkens the other', () => {
    const rgb = px(2, [120, 120, 120]);
    const frame = { width: 2, height: 1, faceCx: 1, faceWidth: 1, chinY: 10, faceHeight: 1 };
    relightSubject(
      rgb,
      { side: -1, contrast: 0.3, fromAbove: 0, wrap: 0, warmth: 0, shadow: 0 },
      frame,
      [128, 128, 128],
    );
    expect(rgb[0]!).toBeGreaterThan(120);
    expect(rgb[3]!).toBeLessThan(rgb[0]!);
  });

  it('models the face from its shape: the cheek toward the key lit, the far cheek in fill, the centre as it was', () => {
    const W = 60;
    const rgb = px(W * W, [120, 120, 120]);
    // Face 40 px wide and high, centred; chin at y = 50.
    const frame = { width: W, height: W, faceCx: 30, faceWidth: 40, chinY: 50, faceHeight: 40 };
    relightSubject(
      rgb,
      { side: -1, contrast: 0.34, fromAbove: 0, wrap: 0, warmth: 0, shadow: 0 },
      frame,
      [128, 128, 128],
    );
    const at = (x: number, y: number) => rgb[(y * W + x) * 3]!;
    const near = at(14, 30);
    const far = at(46, 30);
    expect(near).toBeGreaterThan(at(30, 30));
    expect(far).toBeLessThan(at(30, 30) - 10);
    expect(Math.abs(at(30, 30) - 120)).toBeLessThan(12);
  });
});
