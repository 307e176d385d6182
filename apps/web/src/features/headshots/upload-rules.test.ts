import { describe, expect, it } from 'vitest';
import {
  formatPhotoReason,
  HEADSHOT_LIMITS,
  PHOTO_DECLINE_CODES,
  readImageHeader,
  sniffFormat,
} from '@ai-covers/contracts';
import { activateLanguage, i18n } from '../../shared/i18n/i18n';
import { checkPhotoFile, hasEnoughPhotos, judgeHeader, reasonText, splitAtLimit } from './upload-rules';
import { imageHeader, photoFile } from './headshots-test-kit';
import { toggleStyle, styleCategories } from './style-choice';
import { missingSteps } from './HeadshotsUploadPage';

const t = i18n.getFixedT('en');

describe('format by content, not by name (§5)', () => {
  it.each(['png', 'jpeg', 'webp', 'bmp'] as const)('reads %s and its size from the header', (format) => {
    expect(readImageHeader(imageHeader(format, 1200, 1500))).toEqual({ format, width: 1200, height: 1500 });
  });

  it('refuses a renamed text file and a GIF, whatever their names say', async () => {
    const text = photoFile(new TextEncoder().encode('BM this is not an image at all, just text'), 'me.bmp');
    const gif = photoFile(new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000'), 'me.jpg');
    expect((await checkPhotoFile(text)).reasons).toEqual(['FORMAT_NOT_SUPPORTED']);
    expect((await checkPhotoFile(gif)).reasons).toEqual(['FORMAT_NOT_SUPPORTED']);
    expect(reasonText(t, 'FORMAT_NOT_SUPPORTED', {})).toBe('Format not supported');
  });

  it('accepts a PNG named .jpg: the bytes decide', async () => {
    const verdict = await checkPhotoFile(photoFile(imageHeader('png', 800, 800), 'holiday.jpg'));
    expect(verdict).toMatchObject({ approved: true, header: { format: 'png' } });
  });

  it('calls a cut-short header of a known format unreadable', () => {
    expect(sniffFormat(imageHeader('png', 800, 800).slice(0, 10))).toBe('png');
    expect(judgeHeader(readImageHeader(imageHeader('png', 800, 800).slice(0, 10))).reasons).toEqual([
      'UNREADABLE',
    ]);
  });
});

describe('size limits with width × height in the message (§5)', () => {
  it('refuses more than 5000 × 5000 and names both sizes', async () => {
    const verdict = await checkPhotoFile(photoFile(imageHeader('jpeg', 6000, 6000), 'big.jpg'));
    expect(verdict.reasons).toEqual(['TOO_LARGE']);
    expect(reasonText(t, 'TOO_LARGE', verdict.data)).toBe(
      'Maximum resolution exceeded: 6000 × 6000 (at most 5000 × 5000).',
    );
  });

  it('refuses under the minimum resolution and names both sizes', async () => {
    const verdict = await checkPhotoFile(photoFile(imageHeader('webp', 400, 300), 'small.webp'));
    expect(verdict.reasons).toEqual(['TOO_SMALL']);
    expect(reasonText(t, 'TOO_SMALL', verdict.data)).toBe(
      'Minimum resolution not reached: 400 × 300 (at least 512 × 512).',
    );
  });

  it.each([
    [5000, 5000, true],
    [5001, 4000, false],
    [512, 512, true],
    [511, 2000, false],
  ])('%i × %i approved: %s', (width, height, approved) => {
    expect(judgeHeader({ format: 'bmp', width, height }).approved).toBe(approved);
  });

  it('shows the reasons in the page language', async () => {
    const verdict = judgeHeader({ format: 'jpeg', width: 6000, height: 5200 });
    await i18n.loadLanguages('de');
    expect(reasonText(i18n.getFixedT('de'), 'TOO_LARGE', verdict.data)).toContain('6000 × 5200');
  });
});

describe('5 to 20 photos (§5)', () => {
  it('keeps what fits under 20 and refuses the rest', () => {
    expect(splitAtLimit(18, ['a', 'b', 'c', 'd'])).toEqual({ accepted: ['a', 'b'], refused: ['c', 'd'] });
    expect(splitAtLimit(20, ['a'])).toEqual({ accepted: [], refused: ['a'] });
    expect(splitAtLimit(0, new Array(21).fill('x')).refused).toHaveLength(1);
  });

  it('needs 5 approved photos to go on', () => {
    expect(hasEnoughPhotos(4)).toBe(false);
    expect(hasEnoughPhotos(HEADSHOT_LIMITS.minPhotos)).toBe(true);
  });

  it('lists what is missing before a submit, and nothing once all is there (declined photos are left out, not in the way)', () => {
    const ready = {
      approved: 5,
      checking: 0,
      min: 5,
      agreed: true,
      gender: 'female' as const,
      styles: 1,
      available: 1,
    };
    expect(missingSteps(ready)).toEqual([]);
    expect(missingSteps({ ...ready, approved: 4, available: 0 }).map((s) => s.key)).toEqual([
      'headshots.submit.needPhotos',
      'headshots.submit.needPack',
    ]);
    expect(
      missingSteps({ ...ready, agreed: false, gender: null, styles: 0, checking: 2 }).map((s) => s.key),
    ).toEqual([
      'headshots.submit.needAgreement',
      'headshots.submit.needChecks',
      'headshots.submit.needGender',
      'headshots.submit.needStyle',
    ]);
  });

  it('asks for more varied photos when the approved ones cannot fill the pack, once the checks are done', () => {
    const ready = {
      approved: 5,
      checking: 0,
      min: 5,
      agreed: true,
      gender: 'male' as const,
      styles: 1,
      available: 1,
    };
    expect(missingSteps({ ...ready, morePhotos: 3 })).toEqual([
      { key: 'headshots.submit.needVariety', values: { count: 3 } },
    ]);
    expect(t('headshots.submit.needVariety', { count: 3 })).toMatch(/^Add 3 more photos that differ/);
    // Still checking, or too few photos: those steps say what to do first.
    expect(missingSteps({ ...ready, morePhotos: 3, checking: 1 }).map((s) => s.key)).toEqual([
      'headshots.submit.needChecks',
    ]);
    expect(missingSteps({ ...ready, morePhotos: 3, approved: 4 }).map((s) => s.key)).toEqual([
      'headshots.submit.needPhotos',
    ]);
    expect(missingSteps({ ...ready, morePhotos: 0 })).toEqual([]);
  });
});

describe('every decline reason of the check, in every language', () => {
  // Every code the contract has, so a new one cannot reach the page without its copy.
  const data = {
    sizeMb: 21,
    maxMb: 20,
    width: 300,
    height: 200,
    maxWidth: 5000,
    maxHeight: 5000,
    minWidth: 512,
    minHeight: 512,
  };

  it.each(PHOTO_DECLINE_CODES)("%s reads as the server's English message and is translated", async (code) => {
    expect(reasonText(t, code, data)).toBe(formatPhotoReason(code, data));
    for (const lang of ['de', 'es', 'fr', 'id', 'it', 'ja', 'ko', 'pt'] as const) {
      await activateLanguage(lang);
      const text = reasonText(i18n.getFixedT(lang), code, data);
      expect(text, lang).not.toBe(formatPhotoReason(code, data));
      expect(text, lang).not.toContain('headshots.reasons');
      expect(text, lang).not.toMatch(/\{\{?\w+\}/);
    }
    await activateLanguage('en');
  });
});

describe('style choice (§2: one, or up to m)', () => {
  it('swaps the one style when m is 1', () => {
    expect(toggleStyle(['a'], 'b', 1)).toEqual(['b']);
  });

  it('adds up to m, ignores a click past m, removes on a second click', () => {
    expect(toggleStyle(['a', 'b'], 'c', 3)).toEqual(['a', 'b', 'c']);
    expect(toggleStyle(['a', 'b', 'c'], 'd', 3)).toEqual(['a', 'b', 'c']);
    expect(toggleStyle(['a', 'b', 'c'], 'b', 3)).toEqual(['a', 'c']);
  });

  it('lists categories once, in first-seen order', () => {
    expect(
      styleCategories([{ category: 'Studio' }, { category: 'Outdoor' }, { category: 'Studio' }]),
    ).toEqual(['Studio', 'Outdoor']);
  });
});
