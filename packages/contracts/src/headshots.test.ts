import { describe, expect, it } from 'vitest';
import {
  formatPhotoReason,
  HEADSHOT_LIMITS,
  HEADSHOT_PLANS,
  PHOTO_DECLINE_CODES,
  PHOTO_DECLINE_MESSAGES,
  photoCheckResult,
} from './headshots';

describe('headshot contracts', () => {
  it('§5 and §9 limits', () => {
    expect(HEADSHOT_LIMITS).toMatchObject({ minPhotos: 5, maxPhotos: 20, maxWidth: 5000, maxHeight: 5000 });
    expect([HEADSHOT_PLANS.basic.results, HEADSHOT_PLANS.pro.results]).toEqual([50, 100]);
  });

  it('every decline code has an English reason; the format message is the spec’s', () => {
    for (const code of PHOTO_DECLINE_CODES) expect(PHOTO_DECLINE_MESSAGES[code].length).toBeGreaterThan(0);
    expect(PHOTO_DECLINE_MESSAGES.FORMAT_NOT_SUPPORTED).toBe('Format not supported');
  });

  it('resolution reasons show width by height', () => {
    expect(
      formatPhotoReason('TOO_LARGE', { width: 6000, height: 4000, maxWidth: 5000, maxHeight: 5000 }),
    ).toBe('Maximum resolution exceeded: 6000 × 4000 (at most 5000 × 5000).');
    expect(formatPhotoReason('TOO_SMALL', { width: 400 })).toContain('400 × {height}');
  });

  it('a check result parses; an unknown code does not', () => {
    const ok = {
      approved: false,
      reasons: ['BLURRY'],
      data: { sharpness: 2 },
      face: null,
      width: 800,
      height: 600,
      format: 'png',
    };
    expect(photoCheckResult.parse(ok)).toEqual(ok);
    expect(photoCheckResult.safeParse({ ...ok, reasons: ['UGLY'] }).success).toBe(false);
  });
});
