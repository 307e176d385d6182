/** In-place iterative radix-2 complex FFT of a power-of-two size (tables precomputed once). */
export class ComplexFFT {
  private readonly rev: Uint32Array;
  private readonly cosT: Float64Array;
  private readonly sinT: Float64Array;

  constructor(readonly size: number) {
    if (size < 2 || (size & (size - 1)) !== 0)
      throw new Error(`FFT size must be a power of two, got ${size}`);
    const m = size;
    this.rev = new Uint32Array(m);
    const bits = Math.log2(m);
    for (let i = 0; i < m; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.rev[i] = r;
    }
    this.cosT = new Float64Array(m >> 1 || 1);
    this.sinT = new Float64Array(m >> 1 || 1);
    for (let k = 0; k < m >> 1; k++) {
      this.cosT[k] = Math.cos((2 * Math.PI * k) / m);
      this.sinT[k] = Math.sin((2 * Math.PI * k) / m);
    }
  }

  /** Transforms (re, im) in place: forward uses e^{−2πi·jk/n}, inverse e^{+2πi·jk/n} (no 1/n). */
  run(re: Float64Array, im: Float64Array, inverse = false): void {
    const n = this.size;
    const rev = this.rev;
    for (let i = 0; i < n; i++) {
      const j = rev[i]!;
      if (j > i) {
        const tr = re[i]!;
        re[i] = re[j]!;
        re[j] = tr;
        const ti = im[i]!;
        im[i] = im[j]!;
        im[j] = ti;
      }
    }
    const cosT = this.cosT;
    const sinT = this.sinT;
    const sign = inverse ? 1 : -1;
    for (let size = 2; size <= n; size <<= 1) {
      const halfSize = size >> 1;
      const step = n / size;
      for (let start = 0; start < n; start += size) {
        for (let j = 0, k = 0; j < halfSize; j++, k += step) {
          const wr = cosT[k]!;
          const wi = sign * sinT[k]!;
          const a = start + j;
          const b = a + halfSize;
          const br = re[b]!;
          const bi = im[b]!;
          const tr = br * wr - bi * wi;
          const ti = br * wi + bi * wr;
          const ar = re[a]!;
          const ai = im[a]!;
          re[b] = ar - tr;
          im[b] = ai - ti;
          re[a] = ar + tr;
          im[a] = ai + ti;
        }
      }
    }
  }
}

/**
 * Real-input FFT of power-of-two size, built on a half-size complex radix-2 FFT.
 * Twiddles and bit-reversal tables are precomputed once per size so the per-frame
 * hot path allocates nothing.
 */
export class RealFFT {
  readonly size: number;
  readonly bins: number;
  private readonly half: number;
  /** The half-size complex FFT the real transform is built on. */
  private readonly half2: ComplexFFT;
  // Twiddles e^{-2πik/N} for the real/complex split step.
  private readonly splitCos: Float64Array;
  private readonly splitSin: Float64Array;
  private readonly zr: Float64Array;
  private readonly zi: Float64Array;

  constructor(size: number) {
    if (size < 4 || (size & (size - 1)) !== 0)
      throw new Error(`FFT size must be a power of two >= 4, got ${size}`);
    this.size = size;
    this.half = size >> 1;
    this.bins = this.half + 1;
    const m = this.half;
    this.half2 = new ComplexFFT(m);
    this.splitCos = new Float64Array(m + 1);
    this.splitSin = new Float64Array(m + 1);
    for (let k = 0; k <= m; k++) {
      this.splitCos[k] = Math.cos((2 * Math.PI * k) / size);
      this.splitSin[k] = -Math.sin((2 * Math.PI * k) / size);
    }
    this.zr = new Float64Array(m);
    this.zi = new Float64Array(m);
  }

  /** Forward transform of `input` (length size) into bins 0..size/2 of `outRe`/`outIm`. */
  forward(
    input: ArrayLike<number>,
    outRe: Float32Array | Float64Array,
    outIm: Float32Array | Float64Array,
  ): void {
    const m = this.half;
    const zr = this.zr;
    const zi = this.zi;
    for (let i = 0; i < m; i++) {
      zr[i] = input[2 * i]!;
      zi[i] = input[2 * i + 1]!;
    }
    this.half2.run(zr, zi);
    const sc = this.splitCos;
    const ss = this.splitSin;
    for (let k = 0; k <= m; k++) {
      const k1 = k === m ? 0 : k;
      const k2 = k === 0 ? 0 : m - k;
      const ar = zr[k1]!;
      const ai = zi[k1]!;
      const br = zr[k2]!;
      const bi = -zi[k2]!;
      const er = 0.5 * (ar + br);
      const ei = 0.5 * (ai + bi);
      // O = -i (Zk - conj(Z[M-k])) / 2
      const or = 0.5 * (ai - bi);
      const oi = -0.5 * (ar - br);
      const wr = sc[k]!;
      const wi = ss[k]!;
      outRe[k] = er + (or * wr - oi * wi);
      outIm[k] = ei + (or * wi + oi * wr);
    }
  }

  /** Inverse transform of bins 0..size/2 into `out` (length size), normalised so inverse(forward(x)) = x. */
  inverse(inRe: ArrayLike<number>, inIm: ArrayLike<number>, out: Float32Array | Float64Array): void {
    const m = this.half;
    const zr = this.zr;
    const zi = this.zi;
    const sc = this.splitCos;
    const ss = this.splitSin;
    for (let k = 0; k < m; k++) {
      const xr = inRe[k]!;
      const xi = inIm[k]!;
      const cr = inRe[m - k]!;
      const ci = -inIm[m - k]!;
      const er = 0.5 * (xr + cr);
      const ei = 0.5 * (xi + ci);
      const dr = 0.5 * (xr - cr);
      const di = 0.5 * (xi - ci);
      // O = D × W^{-k}; W^{-k} = conj of the stored forward twiddle.
      const wr = sc[k]!;
      const wi = -ss[k]!;
      const or = dr * wr - di * wi;
      const oi = dr * wi + di * wr;
      zr[k] = er - oi;
      zi[k] = ei + or;
    }
    this.half2.run(zr, zi, true);
    const inv = 1 / m;
    for (let i = 0; i < m; i++) {
      out[2 * i] = zr[i]! * inv;
      out[2 * i + 1] = zi[i]! * inv;
    }
  }
}

/** Periodic Hann window, the STFT window that sums to a constant at hop size/4. */
export function hann(size: number): Float32Array {
  const w = new Float32Array(size);
  for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  return w;
}

/** Smallest power of two >= n. */
export function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p <<= 1;
  return p;
}

/** FFT size of roughly `seconds` at `sampleRate`, rounded to a power of two. */
export function fftSizeFor(sampleRate: number, seconds: number): number {
  return 2 ** Math.round(Math.log2(sampleRate * seconds));
}
