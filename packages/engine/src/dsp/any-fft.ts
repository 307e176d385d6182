import { ComplexFFT, RealFFT, nextPow2 } from './fft';

/** A real-input DFT of a fixed size: bins 0..size/2 forward, and back. */
export interface RealTransform {
  readonly size: number;
  readonly bins: number;
  forward(
    input: ArrayLike<number>,
    outRe: Float32Array | Float64Array,
    outIm: Float32Array | Float64Array,
  ): void;
  /** Inverse of `forward`, normalised so inverse(forward(x)) = x. */
  inverse(inRe: ArrayLike<number>, inIm: ArrayLike<number>, out: Float32Array | Float64Array): void;
}

/**
 * A real DFT of any size: the radix-2 FFT for powers of two, otherwise Bluestein's chirp-z
 * algorithm on top of a power-of-two complex FFT. Neural separators use sizes such as 6144 and
 * 7680 (3·2^11, 15·2^9), which the radix-2 FFT cannot do.
 */
export function realTransform(size: number): RealTransform {
  if (size >= 4 && (size & (size - 1)) === 0) return new RealFFT(size);
  let odd = size;
  while (odd % 2 === 0) odd /= 2;
  // Sizes such as 7680 = 15·512: one radix-m step over power-of-two FFTs, ten times Bluestein's speed.
  if (odd <= MAX_DIRECT_RADIX && size / odd >= 2) return new MixedRadixDFT(size, odd);
  return new BluesteinDFT(size);
}

/** Largest odd factor done as a direct DFT step (its cost grows with it; Bluestein takes over). */
const MAX_DIRECT_RADIX = 63;

/**
 * The full n-bin spectrum of a real signal from its bins 0..bins−1 (the upper half mirrored as
 * conjugates), with the imaginary parts multiplied by `sign` (−1 gives the conjugate spectrum).
 */
function hermitian(
  inRe: ArrayLike<number>,
  inIm: ArrayLike<number>,
  n: number,
  bins: number,
  sign: 1 | -1,
): { re: Float64Array; im: Float64Array } {
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const m = k < bins ? k : n - k;
    re[k] = inRe[m]!;
    im[k] = sign * (k < bins ? inIm[m]! : -inIm[m]!);
  }
  return { re, im };
}

/**
 * A length-n DFT with n = m·L (L a power of two): m FFTs of length L over the decimated inputs
 * x[r + m·j], combined by X[k] = Σ_r e^{−2πi·rk/n} · F_r[k mod L].
 */
class MixedRadixDFT implements RealTransform {
  readonly bins: number;
  private readonly len: number;
  private readonly fft: ComplexFFT;
  private readonly subRe: Float64Array[];
  private readonly subIm: Float64Array[];
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly fullRe: Float64Array;
  private readonly fullIm: Float64Array;
  private readonly tr: Float64Array;
  private readonly ti: Float64Array;
  private readonly wmCos: Float64Array;
  private readonly wmSin: Float64Array;

  constructor(
    readonly size: number,
    private readonly radix: number,
  ) {
    this.tr = new Float64Array(radix);
    this.ti = new Float64Array(radix);
    // The m-point DFT's twiddles e^{∓2πi·rt/m}, row t.
    this.wmCos = Float64Array.from({ length: radix * radix }, (_, i) =>
      Math.cos((2 * Math.PI * ((Math.floor(i / radix) * (i % radix)) % radix)) / radix),
    );
    this.wmSin = Float64Array.from({ length: radix * radix }, (_, i) =>
      Math.sin((2 * Math.PI * ((Math.floor(i / radix) * (i % radix)) % radix)) / radix),
    );
    this.bins = Math.floor(size / 2) + 1;
    this.len = size / radix;
    this.fft = new ComplexFFT(this.len);
    this.subRe = Array.from({ length: radix }, () => new Float64Array(this.len));
    this.subIm = Array.from({ length: radix }, () => new Float64Array(this.len));
    this.cos = Float64Array.from({ length: size }, (_, i) => Math.cos((2 * Math.PI * i) / size));
    this.sin = Float64Array.from({ length: size }, (_, i) => Math.sin((2 * Math.PI * i) / size));
    this.fullRe = new Float64Array(size);
    this.fullIm = new Float64Array(size);
  }

  /** DFT (sign −1) or unscaled inverse (sign +1) of complex input into bins [0, count). */
  private transform(
    re: ArrayLike<number>,
    im: ArrayLike<number> | undefined,
    sign: number,
    count: number,
  ): void {
    const { radix: m, len, cos, sin, subRe, subIm, fullRe, fullIm } = this;
    for (let r = 0; r < m; r++) {
      const sr = subRe[r]!;
      const si = subIm[r]!;
      for (let j = 0; j < len; j++) {
        sr[j] = re[r + m * j]!;
        si[j] = im ? im[r + m * j]! : 0;
      }
      this.fft.run(sr, si, sign > 0);
    }
    // Per q: twiddle the m sub-results, then an m-point DFT gives bins q, q + L, q + 2L, …
    const { tr, ti, wmCos, wmSin } = this;
    for (let q = 0; q < len; q++) {
      for (let r = 0, w = 0; r < m; r++, w += q) {
        const c = cos[w]!;
        const sv = sign * sin[w]!;
        const a = subRe[r]![q]!;
        const b = subIm[r]![q]!;
        tr[r] = a * c - b * sv;
        ti[r] = a * sv + b * c;
      }
      for (let t = 0; t < m; t++) {
        const k = q + len * t;
        if (k >= count) break;
        let accRe = 0;
        let accIm = 0;
        const row = t * m;
        for (let r = 0; r < m; r++) {
          const c = wmCos[row + r]!;
          const sv = sign * wmSin[row + r]!;
          accRe += tr[r]! * c - ti[r]! * sv;
          accIm += tr[r]! * sv + ti[r]! * c;
        }
        fullRe[k] = accRe;
        fullIm[k] = accIm;
      }
    }
  }

  forward(
    input: ArrayLike<number>,
    outRe: Float32Array | Float64Array,
    outIm: Float32Array | Float64Array,
  ): void {
    this.transform(input, undefined, -1, this.bins);
    for (let k = 0; k < this.bins; k++) {
      outRe[k] = this.fullRe[k]!;
      outIm[k] = this.fullIm[k]!;
    }
  }

  inverse(inRe: ArrayLike<number>, inIm: ArrayLike<number>, out: Float32Array | Float64Array): void {
    const n = this.size;
    const { re, im } = hermitian(inRe, inIm, n, this.bins, 1);
    this.transform(re, im, 1, n);
    for (let j = 0; j < n; j++) out[j] = this.fullRe[j]! / n;
  }
}

/** Bluestein's algorithm: a length-n DFT as a convolution with a chirp, done by power-of-two FFTs. */
class BluesteinDFT implements RealTransform {
  readonly bins: number;
  private readonly fft: ComplexFFT;
  /** The chirp e^{−iπk²/n}. */
  private readonly wRe: Float64Array;
  private readonly wIm: Float64Array;
  /** FFT of the conjugate chirp, wrapped to the padded length. */
  private readonly bRe: Float64Array;
  private readonly bIm: Float64Array;
  private readonly aRe: Float64Array;
  private readonly aIm: Float64Array;

  constructor(readonly size: number) {
    const n = size;
    this.bins = Math.floor(n / 2) + 1;
    const m = nextPow2(2 * n - 1);
    this.fft = new ComplexFFT(m);
    this.wRe = new Float64Array(n);
    this.wIm = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      // k² mod 2n keeps the angle exact for large k.
      const a = (Math.PI * ((k * k) % (2 * n))) / n;
      this.wRe[k] = Math.cos(a);
      this.wIm[k] = -Math.sin(a);
    }
    this.bRe = new Float64Array(m);
    this.bIm = new Float64Array(m);
    for (let k = 0; k < n; k++) {
      this.bRe[k] = this.wRe[k]!;
      this.bIm[k] = -this.wIm[k]!;
      if (k > 0) {
        this.bRe[m - k] = this.wRe[k]!;
        this.bIm[m - k] = -this.wIm[k]!;
      }
    }
    this.fft.run(this.bRe, this.bIm);
    this.aRe = new Float64Array(m);
    this.aIm = new Float64Array(m);
  }

  /** Complex DFT of (re, im) of length n into the work arrays' first n entries. */
  private dft(re: ArrayLike<number>, im: ArrayLike<number> | undefined): void {
    const { aRe, aIm, wRe, wIm, bRe, bIm, size: n } = this;
    aRe.fill(0);
    aIm.fill(0);
    for (let k = 0; k < n; k++) {
      const xr = re[k]!;
      const xi = im ? im[k]! : 0;
      aRe[k] = xr * wRe[k]! - xi * wIm[k]!;
      aIm[k] = xr * wIm[k]! + xi * wRe[k]!;
    }
    this.fft.run(aRe, aIm);
    for (let k = 0; k < aRe.length; k++) {
      const r = aRe[k]! * bRe[k]! - aIm[k]! * bIm[k]!;
      aIm[k] = aRe[k]! * bIm[k]! + aIm[k]! * bRe[k]!;
      aRe[k] = r;
    }
    this.fft.run(aRe, aIm, true);
    const scale = 1 / aRe.length;
    for (let k = 0; k < n; k++) {
      const r = aRe[k]! * scale;
      const i = aIm[k]! * scale;
      aRe[k] = r * wRe[k]! - i * wIm[k]!;
      aIm[k] = r * wIm[k]! + i * wRe[k]!;
    }
  }

  forward(
    input: ArrayLike<number>,
    outRe: Float32Array | Float64Array,
    outIm: Float32Array | Float64Array,
  ): void {
    this.dft(input, undefined);
    for (let k = 0; k < this.bins; k++) {
      outRe[k] = this.aRe[k]!;
      outIm[k] = this.aIm[k]!;
    }
  }

  inverse(inRe: ArrayLike<number>, inIm: ArrayLike<number>, out: Float32Array | Float64Array): void {
    // x = conj(DFT(conj(X)))/n over the full Hermitian spectrum; only the real part is kept.
    const n = this.size;
    const { re, im } = hermitian(inRe, inIm, n, this.bins, -1);
    this.dft(re, im);
    for (let j = 0; j < n; j++) out[j] = this.aRe[j]! / n;
  }
}
