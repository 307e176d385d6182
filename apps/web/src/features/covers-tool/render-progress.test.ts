import { describe, expect, it } from 'vitest';
import { estimateRenderProgress } from './render-progress';

describe('estimateRenderProgress', () => {
  it.each([
    // reported, eta (s), seconds since the answer, shown
    [0.26, null, 30, 0.26],
    [0.26, 0, 30, 0.26],
    [0.5, 100, 0, 0.5],
    [0.5, 100, 50, 0.75],
    [0.5, 100, 500, 0.99],
    [0.2, 80, 20, 0.4],
    [1.2, null, 0, 0.99],
    [-1, null, 0, 0],
  ])('reported %s with eta %s, %s s later: %s', (progress, eta, elapsed, shown) => {
    expect(estimateRenderProgress(progress, eta, elapsed)).toBeCloseTo(shown, 6);
  });

  it('a reload shows the server figure: nothing elapsed since the answer', () => {
    expect(estimateRenderProgress(0.26, 120, 0)).toBe(0.26);
  });
});
