import { describe, expect, it } from 'vitest';
import { DUPLICATE_BITS, samePhoto } from '../src/check/fingerprint';

/** Flips the lowest `bits` bits of a 16-hex-digit fingerprint, one per hex digit from the end. */
function flip(fp: string, bits: number): string {
  const digits = fp.split('');
  for (let i = 0; i < bits; i++) {
    const at = 15 - (i % 16);
    const mask = 1 << Math.floor(i / 16);
    digits[at] = (parseInt(digits[at]!, 16) ^ mask).toString(16);
  }
  return digits.join('');
}

describe('samePhoto', () => {
  const fp = '9c3a51f0e27b4d86';

  it('holds up to DUPLICATE_BITS differing bits and not one more', () => {
    expect(samePhoto(fp, fp)).toBe(true);
    expect(samePhoto(fp, flip(fp, DUPLICATE_BITS))).toBe(true);
    expect(samePhoto(fp, flip(fp, DUPLICATE_BITS + 1))).toBe(false);
  });

  it('never matches a malformed fingerprint', () => {
    expect(samePhoto(fp, 'not-a-fingerprint')).toBe(false);
    expect(samePhoto('', '')).toBe(false);
  });
});
