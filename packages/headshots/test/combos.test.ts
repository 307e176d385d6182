import { describe, expect, it } from 'vitest';
import { photoOrder, planCombos } from '../src/make/combos';
import { FRAMINGS, type FramingId } from '../src/make/framing';
import { LIGHT_SETUPS, packCapacity, photoCapacity } from '../src/make/offer';
import { STYLES } from '../src/styles/catalog';

const ALL: FramingId[] = FRAMINGS.map((f) => f.id);
const photos = (n: number, framings = ALL) => Array.from({ length: n }, (_, index) => ({ index, framings }));

describe('combinations', () => {
  it.each([
    [4, 3],
    [2, 3],
    [1, 3],
    [3, 3],
  ])('photo order with %i framings visits every framing × light once, framings first', (f, l) => {
    const order = photoOrder(f, l);
    expect(new Set(order.map((t) => `${t.f}:${t.l}`)).size).toBe(f * l);
    expect(order.slice(0, f).map((t) => t.f)).toEqual([...Array(f).keys()]);
  });

  it.each([
    [8, 1],
    [5, 2],
    [20, 3],
  ])('%i photos × %i styles: photo × framing × light once each; styles add no combination', (p, s) => {
    const combos = planCombos(photos(p), STYLES.slice(0, s));
    expect(combos.length).toBe(p * ALL.length * LIGHT_SETUPS.length);
    expect(new Set(combos.map((c) => c.key)).size).toBe(combos.length);
  });

  it('the first results spread over photos, framings, lights, styles, backdrops and grades (Basic: 50 from 8)', () => {
    const styles = STYLES.slice(0, 2);
    const first = planCombos(photos(8), styles).slice(0, 50);
    const perPhoto = new Map<number, number>();
    for (const c of first) perPhoto.set(c.photo, (perPhoto.get(c.photo) ?? 0) + 1);
    expect(perPhoto.size).toBe(8);
    expect(Math.max(...perPhoto.values()) - Math.min(...perPhoto.values())).toBeLessThanOrEqual(1);
    expect(new Set(first.map((c) => c.style)).size).toBe(2);
    expect(new Set(first.map((c) => c.framing)).size).toBe(4);
    expect(new Set(first.map((c) => c.light)).size).toBe(3);
    for (const s of styles) {
      const mine = first.filter((c) => c.style === s.id);
      expect(new Set(mine.map((c) => c.backdrop)).size).toBe(s.backdrops.length);
      expect(new Set(mine.map((c) => c.grade)).size).toBe(s.grades.length);
    }
  });

  it.each([1, 3, 8])('with %i photos, each photo gets every style in turn', (n) => {
    const first = planCombos(photos(n), STYLES.slice(0, 2)).slice(0, n * 4);
    for (let p = 0; p < n; p++)
      expect(new Set(first.filter((c) => c.photo === p).map((c) => c.style)).size).toBe(2);
  });

  it('a photo that allows fewer framings gives fewer combinations', () => {
    const combos = planCombos(
      [{ index: 0, framings: ['head-shoulders'] }, ...photos(1).map((p) => ({ ...p, index: 1 }))],
      [STYLES[0]!],
    );
    expect(combos.filter((c) => c.photo === 0)).toHaveLength(3);
    expect(combos.filter((c) => c.photo === 1)).toHaveLength(12);
  });

  it('capacity: framings × light set-ups per photo, summed over the photos', () => {
    expect(photoCapacity(4)).toBe(12);
    expect(packCapacity([{ capacity: 12 }, { capacity: 6 }, { capacity: 0 }, {}])).toBe(18);
  });
});
