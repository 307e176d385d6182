import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COVER_ART_LIMITS,
  CoverArtMsg,
  clampCrop,
  cropProblem,
  fitCrop,
  moveCrop,
  outputSize,
  presetRatio,
  resizeCrop,
  roundCrop,
  titleFromSongName,
  titleProblem,
  type CropPreset,
  type CropRect,
} from './cover-art-rules';
import { artDesign } from './cover-art';

const square = { width: 2048, height: 2048 };
const inside = (c: CropRect, o: { width: number; height: number }) =>
  c.x >= 0 && c.y >= 0 && c.x + c.width <= o.width && c.y + c.height <= o.height;
const whole = (c: CropRect) => [c.x, c.y, c.width, c.height].every(Number.isInteger);

describe('crop presets (lock ratio = height per width, §9 default 1.5)', () => {
  it.each<[CropPreset, number | null]>([
    ['album', 1],
    ['video', 9 / 16],
    ['story', 16 / 9],
    ['poster', 1.5],
    ['free', null],
  ])('%s has ratio %s', (preset, ratio) => {
    expect(presetRatio(preset)).toBe(ratio);
  });

  it.each<[string, { width: number; height: number }, CropPreset, CropRect]>([
    ['album on the square', square, 'album', { x: 0, y: 0, width: 2048, height: 2048 }],
    ['video on the square', square, 'video', { x: 0, y: 448, width: 2048, height: 1152 }],
    ['story on the square', square, 'story', { x: 448, y: 0, width: 1152, height: 2048 }],
    // 2048 / 1.5 = 1365.33…: §5 rounds to a whole pixel, centred with a whole offset.
    ['poster on the square', square, 'poster', { x: 342, y: 0, width: 1365, height: 2048 }],
    [
      'poster on a landscape photo',
      { width: 4000, height: 3000 },
      'poster',
      { x: 1000, y: 0, width: 2000, height: 3000 },
    ],
    [
      'video on a landscape photo',
      { width: 4000, height: 3000 },
      'video',
      { x: 0, y: 375, width: 4000, height: 2250 },
    ],
    ['free is the whole image', { width: 999, height: 301 }, 'free', { x: 0, y: 0, width: 999, height: 301 }],
    [
      'an odd width centres on a whole pixel',
      { width: 1001, height: 500 },
      'album',
      { x: 251, y: 0, width: 500, height: 500 },
    ],
  ])('%s', (_name, origin, preset, expected) => {
    expect(fitCrop(origin, presetRatio(preset))).toEqual(expected);
  });

  it('a fitted crop is whole, inside the image and passes the server check, for any image and preset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 256, max: 6000 }),
        fc.integer({ min: 256, max: 6000 }),
        fc.constantFrom<CropPreset>('album', 'video', 'story', 'poster', 'free'),
        (width, height, preset) => {
          const origin = { width, height };
          const crop = fitCrop(origin, presetRatio(preset));
          expect(whole(crop) && inside(crop, origin)).toBe(true);
          expect(cropProblem(crop, origin, presetRatio(preset))).toBeNull();
        },
      ),
    );
  });
});

describe('crop rounding and bounds (§5 whole pixels)', () => {
  it('rounds every value to a whole pixel', () => {
    expect(roundCrop({ x: 10.4, y: 10.5, width: 99.5, height: 100.49 })).toEqual({
      x: 10,
      y: 11,
      width: 100,
      height: 100,
    });
  });

  it('clamps into the image and to the minimum size', () => {
    expect(clampCrop({ x: -50, y: 3000, width: 20000, height: 10 }, square)).toEqual({
      x: 0,
      y: 2048 - 64,
      width: 2048,
      height: 64,
    });
  });

  it('moves stop at the edges', () => {
    const crop = { x: 10, y: 10, width: 100, height: 100 };
    expect(moveCrop(crop, square, -50, 5)).toEqual({ x: 0, y: 15, width: 100, height: 100 });
    expect(moveCrop(crop, square, 5000, 0).x).toBe(2048 - 100);
  });

  it('a locked resize keeps the ratio within a pixel and the image bounds, whatever the drag', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CropPreset>('album', 'video', 'story', 'poster'),
        fc.integer({ min: -3000, max: 3000 }),
        fc.integer({ min: -3000, max: 3000 }),
        (preset, dw, dh) => {
          const ratio = presetRatio(preset)!;
          const start = fitCrop(square, ratio);
          const crop = resizeCrop(start, square, dw, dh, ratio);
          expect(whole(crop) && inside(crop, square)).toBe(true);
          expect(cropProblem(crop, square, ratio)).toBeNull();
        },
      ),
    );
  });

  it('a free resize changes each side on its own', () => {
    const crop = resizeCrop({ x: 0, y: 0, width: 500, height: 500 }, square, 100, -200, null);
    expect(crop).toEqual({ x: 0, y: 0, width: 600, height: 300 });
  });

  it.each<[string, CropRect, string | null]>([
    ['inside', { x: 0, y: 0, width: 2048, height: 2048 }, null],
    ['past the right edge', { x: 100, y: 0, width: 2048, height: 2048 }, CoverArtMsg.cropOutside],
    ['a 20000-pixel crop', { x: 0, y: 0, width: 20000, height: 20000 }, CoverArtMsg.cropOutside],
    ['negative', { x: -1, y: 0, width: 100, height: 100 }, CoverArtMsg.cropOutside],
    ['fractional', { x: 0.5, y: 0, width: 100, height: 100 }, CoverArtMsg.cropOutside],
    ['too small', { x: 0, y: 0, width: 10, height: 10 }, CoverArtMsg.cropTooSmall],
  ])('the server check: %s', (_name, crop, problem) => {
    expect(cropProblem(crop, square, null)).toBe(problem);
  });

  it('a crop off its preset ratio is refused', () => {
    expect(cropProblem({ x: 0, y: 0, width: 1000, height: 1000 }, square, 1.5)).toBe(CoverArtMsg.cropRatio);
  });
});

describe('export sizes', () => {
  it.each<[string, { width: number; height: number }, 'high' | 'low', { width: number; height: number }]>([
    ['high keeps the crop', { width: 1365, height: 2048 }, 'high', { width: 1365, height: 2048 }],
    ['low is 1080 on the long side', { width: 1365, height: 2048 }, 'low', { width: 720, height: 1080 }],
    ['low never enlarges', { width: 500, height: 300 }, 'low', { width: 500, height: 300 }],
    ['high is capped at 4096', { width: 6000, height: 4000 }, 'high', { width: 4096, height: 2731 }],
  ])('%s', (_name, crop, resolution, expected) => {
    expect(outputSize(crop, resolution)).toEqual(expected);
  });
});

describe('titles', () => {
  it.each<[string, string, string | null]>([
    ['a plain title', 'Midnight Drive', null],
    ['another script', '夜のドライブ', null],
    ['emoji with words', 'Summer ☀️ Song', null],
    ['only emoji', '🎵🎶✨', CoverArtMsg.titleNoLetters],
    ['only spaces and marks', ' — ! ', CoverArtMsg.titleNoLetters],
    ['5000 characters', 'a'.repeat(5000), CoverArtMsg.titleTooLong],
    ['100 emoji-free characters', 'b'.repeat(COVER_ART_LIMITS.maxTitleChars), null],
  ])('%s', (_name, title, problem) => {
    expect(titleProblem(title)).toBe(problem);
  });

  it('the design schema trims the title and rounds the crop (§5)', () => {
    const ok = artDesign.parse({ crop: { x: 0.4, y: 1.6, width: 100.5, height: 150 }, title: ' Hi ' });
    expect(ok).toMatchObject({
      crop: { x: 0, y: 2, width: 101, height: 150 },
      title: 'Hi',
      preset: 'poster',
    });
  });

  it('the default title is the song name without its extension', () => {
    expect(titleFromSongName('Midnight Drive.mp3')).toBe('Midnight Drive');
    expect(titleFromSongName('.wav')).toBe('.wav');
  });
});
