import { describe, expect, it } from 'vitest';
import { refineEdges } from '../src/make/edges';

// A person colour on the left, a magenta background on the right, a soft true edge between; the
// model's matte runs 4 px too far into the background (the usual halo).

const W = 64;
const H = 16;
const FG = [200, 150, 120];
const BG = [255, 0, 255];
const truth = (x: number) => Math.max(0, Math.min(1, (36 - x) / 6)); // 1 up to x=30, 0 from x=36

function scene() {
  const rgb = new Uint8Array(W * H * 3);
  const matte = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const a = truth(x);
      for (let c = 0; c < 3; c++) rgb[p * 3 + c] = Math.round(a * FG[c]! + (1 - a) * BG[c]!);
      matte[p] = Math.round(255 * truth(x - 4));
    }
  return { rgb, matte };
}

/** Magenta share of the result on grey, where the truth is mostly background (outside the edge). */
function halo(rgb: Uint8Array, matte: Uint8Array): number {
  const G = [128, 128, 128];
  const dir = BG.map((v, c) => v - G[c]!);
  const dd = dir.reduce((s, v) => s + v * v, 0);
  let sum = 0;
  let n = 0;
  for (let x = 33; x < 42; x++) {
    const p = 8 * W + x;
    const a = matte[p]! / 255;
    const t = truth(x);
    let dot = 0;
    for (let c = 0; c < 3; c++)
      dot += (a * rgb[p * 3 + c]! + (1 - a) * G[c]! - (t * FG[c]! + (1 - t) * G[c]!)) * dir[c]!;
    sum += Math.max(0, dot / dd);
    n++;
  }
  return sum / n;
}

describe('edge refinement', () => {
  it('reads opacity from the colours and takes the old background out of the edge', () => {
    const before = scene();
    const haloBefore = halo(before.rgb, before.matte);
    const after = scene();
    refineEdges(after.rgb, after.matte, W, H, { band: 3 });
    expect(haloBefore).toBeGreaterThan(0.15);
    expect(halo(after.rgb, after.matte)).toBeLessThan(0.05);
    // Opacity now follows the true edge within a few levels.
    for (const x of [31, 33, 35, 38])
      expect(Math.abs(after.matte[8 * W + x]! / 255 - truth(x))).toBeLessThan(0.1);
    // Far inside and far outside nothing changes.
    expect([...after.rgb.subarray((8 * W + 5) * 3, (8 * W + 5) * 3 + 3)]).toEqual(FG);
    expect(after.matte[8 * W + 60]).toBe(0);
  });
});
