import { describe, expect, it } from 'vitest';
import { parseProfile, type EngineError } from '../src/index';
import { ENV_GRID_HZ, REF_VOWELS, resonanceDb } from '../src/voice/envelope';
import {
  FrameClassMapper,
  FrameCollector,
  fitFrameClasses,
  gridLevelDb,
  sourceFrameStats,
} from '../src/voice/frame-classes';
import { baseLifter, lifterFor } from '../src/voice/frame-envelope';
import { getVoiceProfile } from '../src/voice/library';

/** Seeded noise so the frames are the same every run. */
function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296 - 0.5;
  };
}

/** A speaker: vowels shaped by a tract `scale`, a source tilt (dB/oct), a level, and hiss-like unvoiced frames. */
function speakerFrames(
  scale: number,
  tilt: number,
  level: number,
  seed: number,
): { vowel: number; grid: number[] }[] {
  const rand = noise(seed);
  const out: { vowel: number; grid: number[] }[] = [];
  for (let rep = 0; rep < 60; rep++) {
    REF_VOWELS.forEach((v, vowel) => {
      out.push({
        vowel,
        grid: ENV_GRID_HZ.map(
          (f) => resonanceDb(v, f, scale) + tilt * Math.log2(f / 500) + level + 2 * rand(),
        ),
      });
    });
    // An unvoiced, fricative-like frame: energy rising toward the top.
    out.push({ vowel: -1, grid: ENV_GRID_HZ.map((f) => level - 20 + 12 * Math.log2(f / 500) + 2 * rand()) });
  }
  return out;
}

function collect(frames: { vowel: number; grid: number[] }[]): FrameCollector {
  const c = new FrameCollector();
  for (const f of frames) c.add(f.grid, f.vowel >= 0);
  return c;
}

/** RMS distance of two level-free shapes over the voice band (300 Hz – 5 kHz). */
function shapeDistance(a: number[], b: number[]): number {
  const la = gridLevelDb(a);
  const lb = gridLevelDb(b);
  let s = 0;
  let n = 0;
  ENV_GRID_HZ.forEach((f, i) => {
    if (f < 300 || f > 5000) return;
    s += (a[i]! - la - (b[i]! - lb)) ** 2;
    n++;
  });
  return Math.sqrt(s / n);
}

function meanShape(frames: { vowel: number; grid: number[] }[], vowel: number): number[] {
  const own = frames.filter((f) => f.vowel === vowel);
  return ENV_GRID_HZ.map(
    (_, i) => own.reduce((s, f) => s + f.grid[i]! - gridLevelDb(f.grid), 0) / own.length,
  );
}

describe('frame classes', () => {
  // The owner has a short, bright tract; the song's singer a dark one, recorded 20 dB louder, whose
  // frames the converter reads through its formant warp: the warp's estimate leaves them 8 % off.
  const owner = speakerFrames(1.2, 1, -40, 1);
  const singer = speakerFrames(1.1, -5, -20, 2);
  const classes = fitFrameClasses(collect(owner), 12)!;
  const source = sourceFrameStats(collect(singer), classes)!;

  it('are learnt from the owner recording and stay small', () => {
    expect(classes.centroids.length).toBe(12);
    expect(classes.envelopesDb.every((e) => e.length === ENV_GRID_HZ.length)).toBe(true);
    expect(JSON.stringify(classes).length).toBeLessThan(20000);
  });

  it("move each of the singer's vowels onto the owner's same vowel", () => {
    const mapper = new FrameClassMapper(classes, source, 0);
    const d = new Float64Array(ENV_GRID_HZ.length);
    REF_VOWELS.forEach((_, vowel) => {
      const target = meanShape(owner, vowel);
      const frame = singer.find((f) => f.vowel === vowel)!.grid;
      expect(mapper.correction(frame, true, d)).toBe(true);
      const moved = frame.map((v, i) => v + d[i]!);
      const before = shapeDistance(frame, target);
      const after = shapeDistance(moved, target);
      // Closer to the owner's vowel than it was, by far, and closer to it than to any other owner vowel.
      expect(after).toBeLessThan(0.4 * before);
      for (let other = 0; other < REF_VOWELS.length; other++)
        if (other !== vowel) expect(after).toBeLessThan(shapeDistance(moved, meanShape(owner, other)));
    });
  });

  it('leave frames too quiet to be speech alone', () => {
    const mapper = new FrameClassMapper(classes, source);
    const quiet = singer[0]!.grid.map((v) => v - 45);
    expect(mapper.correction(quiet, true, new Float64Array(ENV_GRID_HZ.length))).toBe(false);
  });

  it('need enough speech to be learnt', () => {
    expect(fitFrameClasses(collect(owner.slice(0, 50)), 12)).toBeUndefined();
  });
});

describe('profile versions', () => {
  const v1 = JSON.parse(JSON.stringify(getVoiceProfile('velvet'))) as Record<string, unknown>;
  const classes = fitFrameClasses(collect(speakerFrames(1.1, 0, -30, 3)), 8)!;

  it('a version 1 profile (no classes) still parses, and so does a version 2 one with classes', () => {
    expect(parseProfile({ ...v1, version: 1 }).frameClasses).toBeUndefined();
    expect(parseProfile({ ...v1, version: 2, frameClasses: classes }).frameClasses?.centroids.length).toBe(8);
  });

  it.each([
    ['classes on a version 1 profile', { ...v1, version: 1, frameClasses: classes }],
    [
      'an envelope of the wrong length',
      {
        ...v1,
        version: 2,
        frameClasses: { ...classes, envelopesDb: classes.envelopesDb.map((e) => e.slice(1)) },
      },
    ],
    [
      'a centroid that is not a number',
      {
        ...v1,
        version: 2,
        frameClasses: { ...classes, centroids: classes.centroids.map((c) => c.map(() => 'x')) },
      },
    ],
    [
      'more envelopes than classes',
      {
        ...v1,
        version: 2,
        frameClasses: { ...classes, envelopesDb: [...classes.envelopesDb, classes.envelopesDb[0]] },
      },
    ],
    ['version 3', { ...v1, version: 3 }],
    [
      'an unknown way of reading the envelopes',
      { ...v1, version: 2, frameClasses: { ...classes, envelope: 'fine' } },
    ],
  ])('refuses %s as BAD_PROFILE', (_, raw) => {
    try {
      parseProfile(raw);
      expect.unreachable();
    } catch (e) {
      expect((e as EngineError).code).toBe('BAD_PROFILE');
    }
  });
});

describe('envelope lifter by pitch', () => {
  const n = 2048;
  const sr = 44100;

  it('keeps the plain lifter where the pitch is unknown or high', () => {
    expect(lifterFor(n, sr, 0)).toBe(baseLifter(n));
    expect(lifterFor(n, sr, 880)).toBe(baseLifter(n));
  });

  it('reads a low voice up to twice as finely, never past half its period', () => {
    expect(lifterFor(n, sr, 110)).toBe(Math.round(n / 20));
    for (const f0 of [250, 300, 400]) {
      const l = lifterFor(n, sr, f0);
      expect(l).toBeGreaterThan(baseLifter(n));
      expect(l).toBeLessThanOrEqual((0.5 * sr) / f0);
    }
  });
});
