import { HEADSHOT_PLANS, type HeadshotPlanId } from '@ai-covers/contracts';
import { FRAMINGS, photoCapacity, samePhoto } from '@ai-covers/headshots';
import type { PhotoRow } from './headshots.repo';

// A pack's capacity before payment (decision 165): the distinct results its photos give, from what
// the photo check kept with each approved photo. The pipeline refuses a count over it
// (NOT_ENOUGH_COMBINATIONS), so a submit asking for more is refused before the pack is spent.

/** The most distinct results one photo can give (every framing under every light). */
const MOST_PER_PHOTO = photoCapacity(FRAMINGS.length);

/**
 * The photos a pack's run hands the pipeline, in order: approved, a copy of an earlier one left out
 * (two checks that ran at the same time cannot have declined each other), one its check found no
 * framing in left out (it adds nothing and its matte costs minutes), at most `limit`
 * (HEADSHOTS_PACK_PHOTOS_LIMIT). The generation job uses the same choice.
 */
export function packPhotos<T extends Pick<PhotoRow, 'status' | 'fingerprint' | 'capacity'>>(
  rows: readonly T[],
  limit: number | null,
): T[] {
  const out: T[] = [];
  for (const row of rows) {
    if (row.status !== 'approved' || row.capacity === 0) continue;
    const fp = row.fingerprint;
    if (fp && out.some((o) => o.fingerprint && samePhoto(o.fingerprint, fp))) continue;
    out.push(row);
    if (limit !== null && out.length >= limit) break;
  }
  return out;
}

/**
 * Distinct results these photos give. A photo approved before capacities were kept counts as the
 * most a photo gives: it was approved, and a shortfall after payment gives the pack back (decision 166).
 */
export function capacityOf(rows: readonly Pick<PhotoRow, 'capacity'>[]): number {
  return rows.reduce((n, r) => n + (r.capacity ?? MOST_PER_PHOTO), 0);
}

/** What a pack of `count` results from these photos lacks, for the refusal and the upload page. */
interface Shortfall {
  capacity: number;
  count: number;
  /** More varied photos that would likely cover the rest (at these photos' average per photo). */
  morePhotos: number;
}

export function shortfallOf(capacity: number, photos: number, count: number): Shortfall | null {
  if (capacity >= count) return null;
  const perPhoto = photos > 0 && capacity > 0 ? capacity / photos : MOST_PER_PHOTO;
  return { capacity, count, morePhotos: Math.max(1, Math.ceil((count - capacity) / perPhoto)) };
}

/** The refusal's message: how many distinct results these photos give and what to add. */
export function shortfallMessage(s: Shortfall, plan: HeadshotPlanId): string {
  const photos = s.morePhotos === 1 ? '1 more photo' : `${s.morePhotos} more photos`;
  return (
    `These photos give ${s.capacity} distinct headshots; the ${HEADSHOT_PLANS[plan].name} pack has ` +
    `${s.count}. Add ${photos} that differ (other clothes, place or light), then submit again. ` +
    `Your pack stays unused.`
  );
}
