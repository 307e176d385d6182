import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JUDGE_MAX_DISTANCE, judgeAgainst, judgeDescriptor, judgeDistance } from '../src/face/judge';
import { astronaut } from './helpers/images';

// The independent likeness judge (@vladmandic/face-api), run in this thread on real pixels.

const raw = async (img: sharp.Sharp) => {
  const { data, info } = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return judgeDescriptor(data, info.width, info.height);
};

describe('likeness judge', () => {
  it(
    'reads two photos of one person as the same person; finds no face in a plain picture',
    { timeout: 60_000 },
    async () => {
      const a = await raw(astronaut(768));
      const b = await raw(astronaut(600).modulate({ brightness: 0.9 }).linear([1.05, 1, 0.92], [0, 0, 0]));
      expect(a).toHaveLength(128);
      expect(judgeDistance(a, b)).toBeLessThan(JUDGE_MAX_DISTANCE);
      const none = await raw(
        sharp({ create: { width: 400, height: 500, channels: 3, background: '#7a8590' } }),
      );
      expect(none).toBeNull();
    },
  );

  it('judges a result against the other photos, leaving out the source and photos with no face', () => {
    const v = (x: number) => Array.from({ length: 4 }, () => x);
    const refs = [v(0), v(0.1), null, v(0.2)];
    // Source 0: the others are 1 and 3 (2 has no face): distances 0.2 and 0.4 from v(0).
    expect(judgeAgainst(v(0), refs, 0)).toEqual({
      mean: expect.closeTo(0.3, 6),
      max: expect.closeTo(0.4, 6),
    });
    // One usable photo: the result is judged against it, even if it is the source.
    expect(judgeAgainst(v(0), [v(0.1), null], 0).mean).toBeCloseTo(0.2, 6);
    expect(judgeAgainst(null, refs, 0).mean).toBe(Infinity);
    expect(judgeAgainst(v(0), [null], 0).mean).toBe(Infinity);
  });
});
