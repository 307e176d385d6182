import { clampByte } from '../util/color';

// Edge refinement after the matting model: the soft rim of hair and shoulders is where a cut-out
// shows a halo (a fringe of the old background's colour) and where a coarse model's edge is off.
// In a band around the model's edge, each pixel is explained as a mix of the nearby person colour
// and the nearby background colour (the colour-line assumption of natural matting): its opacity
// follows from where it lies between the two, and its colour becomes the person's alone.

export interface EdgeOptions {
  /** Half-width of the band around the model's edge, in pixels. */
  band: number;
}

/** One box-blur pass of radius r along rows (step 1) or columns, per channel, edges clamped. */
function boxPass(
  src: Float32Array,
  dst: Float32Array,
  w: number,
  h: number,
  ch: number,
  r: number,
  rows: boolean,
): void {
  const len = rows ? w : h;
  const lines = rows ? h : w;
  const stride = rows ? ch : w * ch;
  const norm = 1 / (2 * r + 1);
  for (let line = 0; line < lines; line++) {
    for (let c = 0; c < ch; c++) {
      const base = (rows ? line * w * ch : line * ch) + c;
      const at = (k: number) => src[base + Math.max(0, Math.min(len - 1, k)) * stride]!;
      let sum = 0;
      for (let k = -r; k <= r; k++) sum += at(k);
      for (let k = 0; k < len; k++) {
        dst[base + k * stride] = sum * norm;
        sum += at(k + r + 1) - at(k - r);
      }
    }
  }
}

/** Gaussian-like blur of a float image (three box passes each way), kept in float. */
function blurF(data: Float32Array, w: number, h: number, channels: 1 | 3, sigma: number): Float32Array {
  // Three boxes of this radius have about the variance of a Gaussian of `sigma`.
  const r = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
  let a = Float32Array.from(data);
  let b = new Float32Array(data.length);
  for (let pass = 0; pass < 3; pass++) {
    boxPass(a, b, w, h, channels, r, true);
    [a, b] = [b, a];
    boxPass(a, b, w, h, channels, r, false);
    [a, b] = [b, a];
  }
  return a;
}

/**
 * Refines `matte` (0..255, in place) and cleans `rgb` (in place) around the edge. Pixels well
 * inside the model's person or background (the matte blurred by the band stays over 97 % or under
 * 3 %) give the local person and background colours; in the band between, where the two colours
 * are well apart, opacity is read from the colour; where they are alike the model's opacity stays.
 * Every pixel of the band loses the local background's share of its colour, so no old-background
 * colour is left to show through a soft edge.
 */
export function refineEdges(
  rgb: Uint8Array,
  matte: Uint8Array,
  w: number,
  h: number,
  opts: EdgeOptions,
): void {
  const n = w * h;
  const m = new Float32Array(n);
  for (let p = 0; p < n; p++) m[p] = matte[p]! / 255;
  const sigma = Math.max(1.5, opts.band);
  // Sure person and sure background lie a band's width away from the model's edge: right at it,
  // the model's "surely person" may already hold some background.
  const wide = blurF(m, w, h, 1, sigma);
  const wf = new Float32Array(n);
  const wb = new Float32Array(n);
  const fgc = new Float32Array(n * 3);
  const bgc = new Float32Array(n * 3);
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    const f = wide[p]! >= 0.97 ? 1 : 0;
    const b = wide[p]! <= 0.03 ? 1 : 0;
    wf[p] = f;
    wb[p] = b;
    for (let c = 0; c < 3; c++) {
      fgc[i + c] = rgb[i + c]! * f;
      bgc[i + c] = rgb[i + c]! * b;
    }
  }
  const [sf, sb, cf, cb] = [
    blurF(wf, w, h, 1, sigma * 2),
    blurF(wb, w, h, 1, sigma * 2),
    blurF(fgc, w, h, 3, sigma * 2),
    blurF(bgc, w, h, 3, sigma * 2),
  ];
  const mb = wide;
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    // The band: where the blurred matte is neither surely person nor surely background.
    const soft = mb[p]!;
    if (soft <= 0.01 || soft >= 0.99) continue;
    const kf = sf[p]!;
    const kb = sb[p]!;
    if (kf < 0.01) continue;
    const F = [cf[i]! / kf, cf[i + 1]! / kf, cf[i + 2]! / kf];
    let alpha = m[p]!;
    let B: number[] | null = null;
    if (kb >= 0.01) {
      B = [cb[i]! / kb, cb[i + 1]! / kb, cb[i + 2]! / kb];
      const d = [F[0]! - B[0]!, F[1]! - B[1]!, F[2]! - B[2]!];
      const dd = d[0]! * d[0]! + d[1]! * d[1]! + d[2]! * d[2]!;
      const sep = Math.sqrt(dd);
      if (sep > 24) {
        const t =
          ((rgb[i]! - B[0]!) * d[0]! + (rgb[i + 1]! - B[1]!) * d[1]! + (rgb[i + 2]! - B[2]!) * d[2]!) / dd;
        const fromColour = Math.max(0, Math.min(1, t));
        // Trust the colour as far as the two colours are apart (fully from 64 levels).
        const trust = Math.min(1, (sep - 24) / 40);
        alpha = trust * fromColour + (1 - trust) * alpha;
      }
    }
    matte[p] = clampByte(alpha * 255);
    // The person's colour alone: the pixel with the background's share taken out where it is
    // mostly person (keeps strands and texture), the nearby person colour where it is mostly
    // background (too little person in it to recover).
    const keep = B ? Math.max(0, Math.min(1, (alpha - 0.35) / 0.65)) : 0;
    for (let c = 0; c < 3; c++) {
      const own = B ? (rgb[i + c]! - (1 - alpha) * B[c]!) / Math.max(alpha, 0.35) : F[c]!;
      rgb[i + c] = clampByte(keep * own + (1 - keep) * F[c]!);
    }
  }
}
