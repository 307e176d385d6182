import type { StyleDef } from '../styles/catalog';
import type { FramingId } from './framing';
import { LIGHT_SETUPS, type LightSetup } from './offer';

/** One result to make: which photo, framed how, under which light, on which backdrop and grade. */
export interface Combo {
  /** Index into the pack's usable photos. */
  photo: number;
  framing: FramingId;
  light: LightSetup['id'];
  style: string;
  backdrop: number;
  grade: string;
  /** Photo, framing and light: unique per combination, so two results are never the same picture. */
  key: string;
}

/**
 * A photo's framing × light pairs in the order it uses them: every framing once before any
 * repeats, each time under a different light, so a photo's first few results already differ in both.
 */
export function photoOrder(framings: number, lights: number): { f: number; l: number }[] {
  const out: { f: number; l: number }[] = [];
  for (let q = 0; q < lights; q++) for (let f = 0; f < framings; f++) out.push({ f, l: (f + q) % lights });
  return out;
}

/**
 * Every distinct result of the pack, in delivery order. A distinct result is a photo × framing ×
 * light set-up; photos take turns, so the first `count` spread over every photo. Styles, backdrops
 * and grades are dealt in turn over the results (they dress a result, they do not make a new one).
 * Entries after the first `count` replace results that fail a gate.
 */
export function planCombos(
  photos: { index: number; framings: readonly FramingId[] }[],
  styles: readonly StyleDef[],
): Combo[] {
  const orders = photos.map((p) => photoOrder(p.framings.length, LIGHT_SETUPS.length));
  const longest = Math.max(0, ...orders.map((o) => o.length));
  const dealt = new Map<string, number>();
  const out: Combo[] = [];
  for (let r = 0; r < longest; r++) {
    photos.forEach((p, i) => {
      const t = orders[i]![r];
      if (!t) return;
      // Turns within a round and, for each photo, from round to round.
      const style = styles[(i + r) % styles.length]!;
      const c = dealt.get(style.id) ?? 0;
      dealt.set(style.id, c + 1);
      const backdrop = c % style.backdrops.length;
      const grade = style.grades[(c + Math.floor(c / style.backdrops.length)) % style.grades.length]!.id;
      const framing = p.framings[t.f]!;
      const light = LIGHT_SETUPS[t.l]!.id;
      const key = `${p.index}:${framing}:${light}`;
      out.push({ photo: p.index, framing, light, style: style.id, backdrop, grade, key });
    });
  }
  return out;
}
