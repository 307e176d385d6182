import { fromRgb, type RgbImage } from '../image/decode';

// A photo's fingerprint for the duplicate rule: a 64-bit perceptual hash (the signs of the lowest
// 8×8 DCT frequencies of the picture at 32×32 grey, against their median). Resizing, recompressing,
// a change of format, a mild colour or exposure change and a small crop keep it within a few bits;
// a different photo lands about 32 bits away. The mirror image's hash comes from the same
// coefficients (mirroring flips the sign of every odd horizontal frequency), so a flipped copy is
// a duplicate too.

const N = 32;
const K = 8;

/** Photos whose fingerprints differ in at most this many of 64 bits are the same photo. */
export const DUPLICATE_BITS = 10;

/** Orthonormal 1-D DCT-II basis, rows are frequencies. */
const BASIS: Float64Array[] = Array.from({ length: K }, (_, u) => {
  const row = new Float64Array(N);
  for (let x = 0; x < N; x++) row[x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N));
  return row;
});

/** The lowest K×K DCT coefficients of an N×N grey image, [v][u] row-major. */
function lowDct(grey: Uint8Array): Float64Array {
  const rows = new Float64Array(N * K);
  for (let y = 0; y < N; y++)
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let x = 0; x < N; x++) s += grey[y * N + x]! * BASIS[u]![x]!;
      rows[y * K + u] = s;
    }
  const out = new Float64Array(K * K);
  for (let v = 0; v < K; v++)
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let y = 0; y < N; y++) s += rows[y * K + u]! * BASIS[v]![y]!;
      out[v * K + u] = s;
    }
  return out;
}

/** 64 bits as 16 hex digits: bit i set when coefficient i (skipping none) is over the median. */
function bitsOf(c: Float64Array): string {
  // The DC term carries only the mean brightness; it is replaced by the median so it never decides.
  const ac = Array.from(c.subarray(1)).sort((a, b) => a - b);
  const median = (ac[31]! + ac[32]!) / 2;
  let hex = '';
  for (let n = 0; n < 16; n++) {
    let nib = 0;
    for (let b = 0; b < 4; b++) {
      const i = n * 4 + b;
      if (i > 0 && c[i]! > median) nib |= 1 << b;
    }
    hex += nib.toString(16);
  }
  return hex;
}

/** Fingerprints of a photo and of its mirror image. */
export async function fingerprintOf(img: RgbImage): Promise<{ hash: string; mirrored: string }> {
  const grey = await fromRgb(img).greyscale().resize(N, N, { fit: 'fill' }).raw().toBuffer();
  const c = lowDct(new Uint8Array(grey.buffer, grey.byteOffset, N * N));
  const m = c.map((v, i) => ((i % K) % 2 === 1 ? -v : v));
  return { hash: bitsOf(c), mirrored: bitsOf(m) };
}

/** Number of differing bits of two fingerprints (64 when either is malformed). */
export function hammingDistance(a: string, b: string): number {
  if (!/^[0-9a-f]{16}$/.test(a) || !/^[0-9a-f]{16}$/.test(b)) return 64;
  let d = 0;
  for (let i = 0; i < 16; i++) {
    let x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    while (x) {
      d += x & 1;
      x >>= 1;
    }
  }
  return d;
}

/**
 * Whether two stored fingerprints are the same photo. Only the stored hashes are compared, so a
 * mirrored copy is caught by the check (which has the mirror's hash), not here; this is for lists
 * of photos that were each checked already (two checks that ran at once never saw each other).
 */
export function samePhoto(a: string, b: string): boolean {
  return hammingDistance(a, b) <= DUPLICATE_BITS;
}

/**
 * The first already-approved photo this one duplicates (as is or mirrored), or null. `approved`
 * holds the fingerprints the check returned for the person's approved photos.
 */
export function findDuplicate(
  own: { hash: string; mirrored: string },
  approved: readonly string[],
): { index: number; bits: number } | null {
  let best: { index: number; bits: number } | null = null;
  approved.forEach((fp, index) => {
    const bits = Math.min(hammingDistance(own.hash, fp), hammingDistance(own.mirrored, fp));
    if (bits <= DUPLICATE_BITS && (!best || bits < best.bits)) best = { index, bits };
  });
  return best;
}
