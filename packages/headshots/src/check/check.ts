import type { HeadshotFormat, PhotoCheckResult } from '@ai-covers/contracts';
import type { FramingId } from '../make/framing';
import { framingOffers, photoCapacity } from '../make/offer';
import { findDuplicate } from './fingerprint';
import { planPortrait } from '../make/portrait';
import type { CheckOutcome } from '../pool/jobs';
import type { CheckSettings, MakeSettings } from '../settings';
import { readImageHeader } from '@ai-covers/contracts';
import { loadInput, type PhotoInput } from './input';
import { judgeUpload, type Verdict } from './rules';

/** The outcome of checking one photo. */
export interface PhotoCheck extends PhotoCheckResult {
  /** Face embedding of the main face, when one was measured (for likeness against this person). */
  embedding?: number[];
  /**
   * Perceptual hash of the picture (16 hex digits), when it could be decoded. Keep it with an
   * approved photo and pass the person's list as `approved` to later checks: a copy is declined.
   */
  fingerprint?: string;
  /** Framings this photo can give at their true size (none when declined). */
  framings: FramingId[];
  /**
   * Distinct results this photo can give in a pack (framings × light set-ups; 0 when declined).
   * A pack's capacity is the sum over its photos (packCapacity): say it before payment.
   */
  capacity: number;
}

/** A photo that passed the upload rules and goes on to decoding and face checks. */
export interface Screened {
  bytes: Uint8Array;
  format: HeadshotFormat;
  width: number;
  height: number;
}

/**
 * The upload rules of §5, judged on the calling thread from the file size and header only:
 * format by magic bytes, size limits read before any decoding (so a decompression bomb is refused
 * without being decoded). Returns either a declined check or the photo to send on.
 */
export async function screenUpload(
  input: PhotoInput,
  s: CheckSettings,
): Promise<{ declined: PhotoCheck; screened?: undefined } | { declined?: undefined; screened: Screened }> {
  const loaded = await loadInput(input, s.maxBytes);
  const header = loaded.bytes ? readImageHeader(loaded.bytes) : null;
  const verdict = judgeUpload(loaded.bytes ? header : 'other', loaded.size, s);
  if (verdict.reasons.length > 0 || !loaded.bytes || !header || header === 'other') {
    const known = header && header !== 'other' ? header : null;
    return {
      declined: declinedCheck(verdict, known?.format ?? null, known?.width ?? null, known?.height ?? null),
    };
  }
  return {
    screened: { bytes: loaded.bytes, format: header.format, width: header.width, height: header.height },
  };
}

function declinedCheck(
  v: Verdict,
  format: HeadshotFormat | null,
  width: number | null,
  height: number | null,
): PhotoCheck {
  return {
    approved: false,
    reasons: v.reasons,
    data: v.data,
    face: null,
    width,
    height,
    format,
    framings: [],
    capacity: 0,
  };
}

/** Combines a screened photo with its worker outcome into the public result. */
export function photoCheckFrom(
  screened: Screened,
  outcome: CheckOutcome,
  make: MakeSettings,
  approvedPrints: readonly string[] = [],
): PhotoCheck {
  const f = outcome.face;
  const decoded = outcome.width > 0;
  const reasons = [...outcome.verdict.reasons];
  const data = { ...outcome.verdict.data };
  const dup = outcome.fingerprint ? findDuplicate(outcome.fingerprint, approvedPrints) : null;
  if (dup) {
    reasons.push('DUPLICATE_PHOTO');
    // 1-based, as people count their photos.
    Object.assign(data, { duplicateOf: dup.index + 1, duplicateBits: dup.bits });
  }
  const approved = reasons.length === 0;
  // The framings before the matte: the hair top is estimated, the pack refines it.
  let framings: FramingId[] = [];
  if (approved && f) {
    const { layout } = planPortrait(f, outcome.width, outcome.height, make.height);
    framings = framingOffers(layout.geometry, layout.scale, make.headroom, make).map((o) => o.framing.id);
  }
  const result: PhotoCheck = {
    approved,
    reasons,
    data,
    face: f
      ? {
          x: Math.round(f.box.x),
          y: Math.round(f.box.y),
          width: Math.round(f.box.width),
          height: Math.round(f.box.height),
          score: Math.round(f.box.score * 1000) / 1000,
        }
      : null,
    // Upright size when decoded (EXIF rotation may swap the header's), else the header's.
    width: decoded ? outcome.width : screened.width,
    height: decoded ? outcome.height : screened.height,
    format: screened.format,
    framings,
    capacity: photoCapacity(framings.length),
  };
  if (f && f.embedding.length > 0) result.embedding = f.embedding;
  if (outcome.fingerprint) result.fingerprint = outcome.fingerprint.hash;
  return result;
}
