import { describe, expect, it } from 'vitest';
import { planCombos, variationOrder } from '../src/make/combos';
import type { Framing } from '../src/make/framing';
import { STYLES } from '../src/styles/catalog';

const ALL: Framing['id'][] = ['close', 'classic', 'wide', 'offset'];
const photos = (n: number, framings = ALL) => Array.from({ length: n }, (_, index) => ({ index, framings }));

describe('combinations', () => {
  it('variation order visits every triple once, changing all three between neighbours early on', () => {
    const order = variationOrder(3, 4, 3);
    expect(new Set(order.map((t) => `${t.b}${t.f}${t.g}`)).size).toBe(36);
    for (let i = 1; i < 3; i++) {
      const [a, b] = [order[i - 1]!, order[i]!];
      expect(a.b !== b.b && a.f !== b.f && a.g !== b.g).toBe(true);
    }
  });

  it.each([
    [8, 1],
    [5, 2],
    [5, 3],
    [20, 7],
  ])('%i photos × %i styles: every combination once, each a distinct key', (p, s) => {
    const styles = STYLES.slice(0, s);
    const combos = planCombos(photos(p), styles);
    const perStyle = styles.reduce((n, st) => n + st.backdrops.length * ALL.length * st.grades.length, 0);
    expect(combos.length).toBe(p * perStyle);
    expect(new Set(combos.map((c) => c.key)).size).toBe(combos.length);
  });

  it('the first results spread over photos and styles (Basic: 50 from 8 photos)', () => {
    const first = planCombos(photos(8), STYLES.slice(0, 2)).slice(0, 50);
    const perPhoto = new Map<number, number>();
    for (const c of first) perPhoto.set(c.photo, (perPhoto.get(c.photo) ?? 0) + 1);
    expect(perPhoto.size).toBe(8);
    expect(Math.max(...perPhoto.values()) - Math.min(...perPhoto.values())).toBeLessThanOrEqual(1);
    expect(new Set(first.map((c) => c.style)).size).toBe(2);
    expect(new Set(first.map((c) => c.framing)).size).toBe(4);
    expect(new Set(first.map((c) => c.backdrop)).size).toBe(3);
  });

  it('a photo that allows fewer framings gives fewer combinations', () => {
    const combos = planCombos(
      [{ index: 0, framings: ['classic'] }, ...photos(1).map((p) => ({ ...p, index: 1 }))],
      [STYLES[0]!],
    );
    expect(combos.filter((c) => c.photo === 0)).toHaveLength(9);
    expect(combos.filter((c) => c.photo === 1)).toHaveLength(36);
  });
});
