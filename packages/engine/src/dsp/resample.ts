/** Zero crossings of the sinc on each side of the kernel: ~100 dB stop band with the Kaiser window. */
const ZERO_CROSSINGS = 16;
/** Kaiser window shape. */
const KAISER_BETA = 8.6;
/** The pass band ends a little under the lower Nyquist frequency, so the kernel's transition fits. */
const CUTOFF = 0.95;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Zeroth-order modified Bessel function (series), for the Kaiser window. */
function bessel0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 40; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

/**
 * Band-limited sample-rate converter between two integer rates (44.1 kHz ↔ 16 kHz, 40 kHz → 48 kHz…):
 * a Kaiser-windowed sinc evaluated at exact rational positions, one precomputed kernel per phase.
 */
export class Resampler {
  /** Output samples per `down` input samples. */
  readonly up: number;
  readonly down: number;
  /** Kernel taps per phase and the offset of the first tap from floor(position). */
  private readonly taps: number;
  private readonly first: number;
  private readonly table: Float32Array;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    if (!Number.isInteger(fromRate) || !Number.isInteger(toRate) || fromRate <= 0 || toRate <= 0)
      throw new Error(`sample rates must be positive integers, got ${fromRate} → ${toRate}`);
    const g = gcd(fromRate, toRate);
    this.up = toRate / g;
    this.down = fromRate / g;
    const fc = CUTOFF * Math.min(1, toRate / fromRate);
    const half = Math.ceil(ZERO_CROSSINGS / fc);
    this.taps = 2 * half;
    this.first = -half + 1;
    this.table = new Float32Array(this.up * this.taps);
    const norm = bessel0(KAISER_BETA);
    for (let ph = 0; ph < this.up; ph++) {
      const frac = ph / this.up;
      let sum = 0;
      for (let j = 0; j < this.taps; j++) {
        const d = frac - (this.first + j);
        const x = fc * d;
        const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
        const r = d / half;
        const w = Math.abs(r) >= 1 ? 0 : bessel0(KAISER_BETA * Math.sqrt(1 - r * r)) / norm;
        const v = fc * sinc * w;
        this.table[ph * this.taps + j] = v;
        sum += v;
      }
      // Unit gain at DC in every phase, so a constant stays a constant.
      for (let j = 0; j < this.taps; j++)
        this.table[ph * this.taps + j] = this.table[ph * this.taps + j]! / sum;
    }
  }

  /** Output length for `inputLength` samples. */
  outputLength(inputLength: number): number {
    return Math.round((inputLength * this.up) / this.down);
  }

  /** Input samples [from, to) needed for output samples [outStart, outStart + outLength). */
  inputRange(outStart: number, outLength: number): [number, number] {
    const a = Math.floor((outStart * this.down) / this.up) + this.first;
    const b = Math.floor(((outStart + outLength - 1) * this.down) / this.up) + this.first + this.taps;
    return [a, b];
  }

  /**
   * Output samples [outStart, outStart + outLength), reading input from `x`, which holds input
   * samples starting at absolute index `xStart` (zero outside it).
   */
  run(x: Float32Array, xStart: number, outStart: number, outLength: number): Float32Array {
    const y = new Float32Array(outLength);
    const { up, down, taps, first, table } = this;
    for (let o = 0; o < outLength; o++) {
      const n = outStart + o;
      const num = n * down;
      const i0 = Math.floor(num / up);
      const ph = num - i0 * up;
      const base = i0 + first - xStart;
      const t = ph * taps;
      let acc = 0;
      const lo = Math.max(0, -base);
      const hi = Math.min(taps, x.length - base);
      for (let j = lo; j < hi; j++) acc += x[base + j]! * table[t + j]!;
      y[o] = acc;
    }
    return y;
  }
}

/** Resamples a whole signal from `fromRate` to `toRate`. */
export function resample(x: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return x.slice();
  const r = new Resampler(fromRate, toRate);
  return r.run(x, 0, 0, r.outputLength(x.length));
}
