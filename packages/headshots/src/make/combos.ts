import type { StyleDef } from '../styles/catalog';
import type { Framing } from './framing';

/** One result to make: which photo, in which style, on which backdrop, framed and graded how. */
export interface Combo {
  /** Index into the pack's usable photos. */
  photo: number;
  style: string;
  backdrop: number;
  framing: Framing['id'];
  grade: string;
  /** Unique per combination; two results never share one. */
  key: string;
}

interface Triple {
  b: number;
  f: number;
  g: number;
}

/**
 * Orders every backdrop × framing × grade triple so that neighbours differ as much as possible
 * and each option is used about equally early on: the first few results of a photo already vary.
 */
export function variationOrder(backdrops: number, framings: number, grades: number): Triple[] {
  const left: Triple[] = [];
  for (let b = 0; b < backdrops; b++)
    for (let f = 0; f < framings; f++) for (let g = 0; g < grades; g++) left.push({ b, f, g });
  const used = {
    b: new Array<number>(backdrops).fill(0),
    f: new Array<number>(framings).fill(0),
    g: new Array<number>(grades).fill(0),
  };
  const out: Triple[] = [];
  while (left.length > 0) {
    const prev = out[out.length - 1];
    let best = 0;
    let bestScore = -Infinity;
    for (let i = 0; i < left.length; i++) {
      const t = left[i]!;
      const differs = prev ? Number(t.b !== prev.b) + Number(t.f !== prev.f) + Number(t.g !== prev.g) : 3;
      const usage = used.b[t.b]! + used.f[t.f]! + used.g[t.g]!;
      const score = differs * 100 - usage;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    const t = left.splice(best, 1)[0]!;
    used.b[t.b]!++;
    used.f[t.f]!++;
    used.g[t.g]!++;
    out.push(t);
  }
  return out;
}

/**
 * Every distinct combination for the pack, in delivery order: photos and styles take turns, and
 * each photo–style pair walks its own variation order from a different starting point. The first
 * `count` entries are made first; the rest replace results that fail the likeness check.
 */
export function planCombos(
  photos: { index: number; framings: readonly Framing['id'][] }[],
  styles: readonly StyleDef[],
): Combo[] {
  const pairs: { photo: number; style: StyleDef; framings: readonly Framing['id'][]; order: Triple[] }[] = [];
  // Interleave so consecutive pairs change photo and style: (p0,s0), (p1,s1), (p2,s0)…
  const total = photos.length * styles.length;
  for (let k = 0; k < total; k++) {
    const pi = k % photos.length;
    const p = photos[pi]!;
    const s = styles[(pi + Math.floor(k / photos.length)) % styles.length]!;
    pairs.push({
      photo: p.index,
      style: s,
      framings: p.framings,
      order: variationOrder(s.backdrops.length, p.framings.length, s.grades.length),
    });
  }
  const out: Combo[] = [];
  const longest = Math.max(0, ...pairs.map((p) => p.order.length));
  for (let r = 0; r < longest; r++) {
    pairs.forEach((pair, k) => {
      if (r >= pair.order.length) return;
      const t = pair.order[(r + k) % pair.order.length]!;
      const framing = pair.framings[t.f]!;
      const grade = pair.style.grades[t.g]!.id;
      out.push({
        photo: pair.photo,
        style: pair.style.id,
        backdrop: t.b,
        framing,
        grade,
        key: `${pair.photo}:${pair.style.id}:${t.b}:${framing}:${grade}`,
      });
    });
  }
  return out;
}
