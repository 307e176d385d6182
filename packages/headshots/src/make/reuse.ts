import sharp from 'sharp';
import type { Settings } from '../settings';
import { KEEP_MAX_SIDE, unpackKept } from './kept';
import type { PortraitLayout } from './portrait';

// A pack's matte from the portrait its photo's preview kept: the same check, cut and model under
// the same settings made it (the stamp says so), so matting the photo again would give the same
// mask. Kept at most KEEP_MAX_SIDE wide, it is scaled back to the pack's portrait; the model itself
// sees at most matteMaxSide (1024), so nothing the matte knew is lost on the way.

/** Farthest a kept eye may sit from where the pack's own cut puts it (portrait pixels) to count as the same cut. */
const SAME_CUT_PX = 1;

/**
 * The matte at the pack portrait's own size, or null when the kept bytes are not this photo's
 * portrait under these settings (damaged, another stamp, another cut): the pack mattes it then.
 */
export async function keptMatte(
  bytes: Uint8Array,
  layout: Pick<PortraitLayout, 'width' | 'height' | 'face'>,
  settings: Settings,
): Promise<Uint8Array | null> {
  const kept = await unpackKept(bytes, settings);
  if (!kept) return null;
  const k = Math.min(1, KEEP_MAX_SIDE / Math.max(layout.width, layout.height));
  if (kept.width !== Math.max(1, Math.round(layout.width * k))) return null;
  if (kept.height !== Math.max(1, Math.round(layout.height * k))) return null;
  const sameEyes = layout.face.eyes.every(
    ([x, y], i) =>
      Math.abs(kept.face.eyes[i]![0] - x * k) <= SAME_CUT_PX &&
      Math.abs(kept.face.eyes[i]![1] - y * k) <= SAME_CUT_PX,
  );
  if (!sameEyes) return null;
  if (k >= 1) return kept.matte;
  const mask = await sharp(kept.matte, { raw: { width: kept.width, height: kept.height, channels: 1 } })
    .resize(layout.width, layout.height, { fit: 'fill', kernel: 'cubic' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  if (mask.length !== layout.width * layout.height) return null;
  return new Uint8Array(mask.buffer, mask.byteOffset, mask.length);
}
