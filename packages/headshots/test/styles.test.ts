import { describe, expect, it } from 'vitest';
import { listStyles } from '../src/api';
import { FRAMINGS } from '../src/make/framing';
import { LIGHT_SETUPS } from '../src/make/offer';
import { renderBackdrop } from '../src/styles/backdrop';
import { STYLES } from '../src/styles/catalog';
import { applyGrade, toneCurve } from '../src/styles/grade';

describe('styles', () => {
  it('lists ids, names and the distinct results one photo gives', () => {
    const styles = listStyles();
    expect(styles.map((s) => s.id)).toContain('corporate-grey');
    for (const s of styles) {
      expect(s.name.length).toBeGreaterThan(0);
      // Framings × light set-ups; the same in every style (a backdrop or grade makes no new picture).
      expect(s.variantsPerPhoto).toBe(FRAMINGS.length * LIGHT_SETUPS.length);
    }
    expect(new Set(styles.map((s) => s.id)).size).toBe(styles.length);
  });

  it('grade ids are unique within each style', () => {
    for (const s of STYLES) expect(new Set(s.grades.map((g) => g.id)).size).toBe(s.grades.length);
  });

  it('backdrops are drawn deterministically, and each variant differs', async () => {
    for (const kind of ['studio', 'gradient', 'scene'] as const) {
      const style = STYLES.find((s) => s.backdrops.some((b) => b.spec.kind === kind))!;
      const spec = style.backdrops.find((b) => b.spec.kind === kind)!.spec;
      const [a, b] = await Promise.all([renderBackdrop(spec, 64, 80), renderBackdrop(spec, 64, 80)]);
      expect(a.length).toBe(64 * 80 * 3);
      expect(a.equals(b)).toBe(true);
    }
    const [x, y] = await Promise.all(
      STYLES[1]!.backdrops.slice(0, 2).map((b) => renderBackdrop(b.spec, 64, 80)),
    );
    expect(x!.equals(y!)).toBe(false);
  });

  it('a mono grade leaves no colour; a warm grade warms', () => {
    const px = () => Buffer.from([200, 120, 80, 40, 90, 160]);
    const mono = STYLES.find((s) => s.id === 'mono-classic')!.grades[0]!;
    const a = px();
    applyGrade(a, mono);
    expect(a[0]).toBe(a[1]);
    expect(a[1]).toBe(a[2]);
    const warm = STYLES[0]!.grades.find((g) => g.temperature > 0)!;
    const b = Buffer.from([128, 128, 128]);
    applyGrade(b, warm);
    expect(b[0]!).toBeGreaterThan(b[2]!);
  });

  it('tone curves are monotonic and lift the blacks by the lift', () => {
    const lut = toneCurve(0.25, 0.05);
    for (let i = 1; i < 256; i++) expect(lut[i]!).toBeGreaterThanOrEqual(lut[i - 1]!);
    expect(lut[0]).toBe(Math.round(0.05 * 255));
    expect(lut[255]).toBe(255);
  });
});
