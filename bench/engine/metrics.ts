/**
 * Separation metrics. SDR here is the global, projection-free SDR of the Music Demixing
 * Challenge (10·log10 ‖s‖²/‖s−ŝ‖² over all channels), stricter than BSS Eval v4's SDR; SI-SDR
 * follows Le Roux et al. 2019.
 */

/** Global SDR in dB of estimate `est` against reference `ref` (planar, same lengths). */
export function sdr(ref: Float32Array[], est: Float32Array[]): number {
  let num = 0;
  let den = 0;
  for (let c = 0; c < ref.length; c++) {
    const r = ref[c]!;
    const e = est[c]!;
    for (let i = 0; i < r.length; i++) {
      num += r[i]! * r[i]!;
      den += (r[i]! - e[i]!) ** 2;
    }
  }
  return 10 * Math.log10((num + 1e-12) / (den + 1e-12));
}

/** Scale-invariant SDR in dB. */
export function siSdr(ref: Float32Array[], est: Float32Array[]): number {
  let dot = 0;
  let rr = 0;
  for (let c = 0; c < ref.length; c++) {
    const r = ref[c]!;
    const e = est[c]!;
    for (let i = 0; i < r.length; i++) {
      dot += r[i]! * e[i]!;
      rr += r[i]! * r[i]!;
    }
  }
  const a = dot / (rr + 1e-12);
  let num = 0;
  let den = 0;
  for (let c = 0; c < ref.length; c++) {
    const r = ref[c]!;
    const e = est[c]!;
    for (let i = 0; i < r.length; i++) {
      const t = a * r[i]!;
      num += t * t;
      den += (t - e[i]!) ** 2;
    }
  }
  return 10 * Math.log10((num + 1e-12) / (den + 1e-12));
}

/** Pearson correlation of two equal-length series. */
export function corr(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}
