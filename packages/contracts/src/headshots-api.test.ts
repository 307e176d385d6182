import { describe, expect, it } from 'vitest';
import {
  headshotDeleteAllBody,
  headshotPhotoAddBody,
  headshotPreviewBody,
  headshotSubmitBody,
  headshotTrialBody,
  headshotZipQuery,
  HeadshotMsg,
} from './headshots';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `photo-${String(i).padStart(4, '0')}`);

describe('headshot HTTP contract', () => {
  it('a submit needs 5 to 20 photo ids, 1 to 3 styles, a plan, a gender and the agreement flag', () => {
    const ok = {
      photo_ids: ids(5),
      styles: ['corporate-grey'],
      gender: 'female',
      plan: 'basic',
      agree: true,
    };
    expect(headshotSubmitBody.parse(ok).plan).toBe('basic');
    expect(headshotSubmitBody.safeParse({ ...ok, photo_ids: ids(21) }).error?.issues[0]?.message).toBe(
      HeadshotMsg.imageLimit,
    );
    expect(headshotSubmitBody.safeParse({ ...ok, photo_ids: ids(4) }).success).toBe(false);
    expect(headshotSubmitBody.safeParse({ ...ok, plan: 'gold' }).success).toBe(false);
    expect(headshotSubmitBody.safeParse({ ...ok, photo_ids: ['../etc/passwd', ...ids(4)] }).success).toBe(
      false,
    );
  });

  it('photo ids come from storage as positive integers', () => {
    expect(headshotPhotoAddBody.parse({ file_id: '12' }).file_id).toBe(12);
    expect(headshotPhotoAddBody.safeParse({ file_id: -1 }).success).toBe(false);
  });

  it('the zip picks results by comma-separated ids, none meaning all', () => {
    expect(headshotZipQuery.parse({}).ids).toEqual([]);
    expect(headshotZipQuery.parse({ ids: 'result-0001, result-0002' }).ids).toEqual([
      'result-0001',
      'result-0002',
    ]);
    expect(headshotZipQuery.safeParse({ ids: 'x' }).success).toBe(false);
  });

  it('delete all needs an explicit confirmation', () => {
    expect(headshotDeleteAllBody.safeParse({}).success).toBe(false);
    expect(headshotDeleteAllBody.safeParse({ confirm: false }).success).toBe(false);
    expect(headshotDeleteAllBody.parse({ confirm: true }).confirm).toBe(true);
  });
});

describe('single-photo mode (§5: one photo)', () => {
  const body = (n: number) => ({ photo_ids: ids(n), styles: ['navy-studio'], agree: true });
  it('the free trial takes exactly one photo', () => {
    expect(headshotTrialBody.safeParse(body(1)).success).toBe(true);
    for (const n of [0, 2, 5]) {
      const parsed = headshotTrialBody.safeParse(body(n));
      expect(parsed.success, String(n)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('the free trial takes one photo (single-photo mode)');
    }
  });
  it('previews keep 1 to 20 photos', () => {
    expect(headshotPreviewBody.safeParse(body(5)).success).toBe(true);
    expect(headshotPreviewBody.safeParse(body(20)).success).toBe(true);
    expect(headshotPreviewBody.safeParse(body(21)).success).toBe(false);
  });
});
