/**
 * EBU R128 / ITU-R BS.1770-4 integrated loudness and true peak, streaming so a 10-minute song
 * never has to sit in memory. K-weighting coefficients are derived per sample rate
 * (libebur128's formulation) rather than hard-coded for 48 kHz.
 */

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** K-weighting stage 1 (high shelf) and stage 2 (RLB high-pass) for `fs`. */
export function kWeighting(fs: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const G = 3.999843853973347;
  let Q = 0.7071752369554196;
  let K = Math.tan((Math.PI * f0) / fs);
  const Vh = 10 ** (G / 20);
  const Vb = Vh ** 0.4996667741545416;
  let a0 = 1 + K / Q + K * K;
  const pre: Biquad = {
    b0: (Vh + (Vb * K) / Q + K * K) / a0,
    b1: (2 * (K * K - Vh)) / a0,
    b2: (Vh - (Vb * K) / Q + K * K) / a0,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q + K * K) / a0,
  };
  f0 = 38.13547087602444;
  Q = 0.5003270373238773;
  K = Math.tan((Math.PI * f0) / fs);
  a0 = 1 + K / Q + K * K;
  const rlb: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (K * K - 1)) / a0, a2: (1 - K / Q + K * K) / a0 };
  return [pre, rlb];
}

// Polyphase 4x interpolator for true peak: 48-tap Kaiser-ish windowed sinc, 12 taps per phase.
const TP_TAPS = 12;
const TP_PHASES = 4;
const TP_COEF: Float64Array[] = (() => {
  const n = TP_TAPS * TP_PHASES;
  const phases = Array.from({ length: TP_PHASES }, () => new Float64Array(TP_TAPS));
  for (let i = 0; i < n; i++) {
    const t = (i - (n - 1) / 2) / TP_PHASES;
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / n);
    phases[i % TP_PHASES]![Math.floor(i / TP_PHASES)] = sinc * w;
  }
  return phases;
})();

/**
 * No interpolated sample can exceed the window's largest |sample| times the largest phase's sum of
 * |coefficients| (1.80): a window whose samples all stay under the peak found so far over that sum
 * cannot raise it, and is skipped. After the limiter most windows are such, and the answer is the
 * same as interpolating every one (the slack covers rounding in the sum).
 */
const TP_GAIN_BOUND = Math.max(...TP_COEF.map((c) => c.reduce((a, b) => a + Math.abs(b), 0))) * (1 + 1e-9);

/** Streaming integrated-loudness and true-peak meter. */
export class LoudnessMeter {
  private readonly filters: [Biquad, Biquad];
  private readonly state: Float64Array[];
  private readonly hist: Float64Array[];
  private histPos = 0;
  private readonly segLen: number;
  private segPos = 0;
  private segSum = 0;
  private readonly segments: number[] = [];
  private peak = 0;
  private samplePeak = 0;
  /** Samples left until no sample that could raise the true peak is in the interpolator's window. */
  private hot = 0;

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
    /** True-peak oversampling costs ~4x the rest; skip it when only loudness is needed. */
    private readonly withTruePeak = true,
  ) {
    this.filters = kWeighting(sampleRate);
    this.state = Array.from({ length: channels }, () => new Float64Array(4 * 2));
    // Twice the taps, each sample written at i and i + TP_TAPS: the interpolator then reads its
    // window contiguously instead of wrapping an index in the innermost loop.
    this.hist = Array.from({ length: channels }, () => new Float64Array(2 * TP_TAPS));
    this.segLen = Math.round(sampleRate * 0.1);
  }

  /** Feeds planar frames. */
  push(planar: Float32Array[], length = planar[0]?.length ?? 0): void {
    const [p, r] = this.filters;
    const ch = this.channels;
    for (let i = 0; i < length; i++) {
      let e = 0;
      for (let c = 0; c < ch; c++) {
        const x = planar[c]![i]!;
        const s = this.state[c]!;
        // Direct form I, two cascaded biquads.
        const y1 = p.b0 * x + p.b1 * s[0]! + p.b2 * s[1]! - p.a1 * s[2]! - p.a2 * s[3]!;
        s[1] = s[0]!;
        s[0] = x;
        s[3] = s[2]!;
        s[2] = y1;
        const y2 = r.b0 * y1 + r.b1 * s[4]! + r.b2 * s[5]! - r.a1 * s[6]! - r.a2 * s[7]!;
        s[5] = s[4]!;
        s[4] = y1;
        s[7] = s[6]!;
        s[6] = y2;
        e += y2 * y2;
        const ax = Math.abs(x);
        if (ax > this.samplePeak) this.samplePeak = ax;
        if (ax * TP_GAIN_BOUND > this.peak) this.hot = TP_TAPS;
        const h = this.hist[c]!;
        h[this.histPos] = x;
        h[this.histPos + TP_TAPS] = x;
      }
      this.histPos = (this.histPos + 1) % TP_TAPS;
      this.segSum += e;
      if (++this.segPos === this.segLen) {
        this.segments.push(this.segSum / this.segLen);
        this.segSum = 0;
        this.segPos = 0;
      }
      if (!this.withTruePeak || this.hot === 0) continue;
      this.hot--;
      // Interpolate every 4th output of the 4x upsampled stream via the polyphase bank.
      const base = this.histPos;
      for (let c = 0; c < ch; c++) {
        const h = this.hist[c]!;
        for (let ph = 0; ph < TP_PHASES; ph++) {
          const coef = TP_COEF[ph]!;
          let acc = 0;
          for (let t = 0; t < TP_TAPS; t++) acc += coef[t]! * h[base + t]!;
          const a = Math.abs(acc);
          if (a > this.peak) this.peak = a;
        }
      }
    }
  }

  /** Integrated loudness in LUFS (−Infinity for silence). */
  integrated(): number {
    const blocks: number[] = [];
    for (let i = 0; i + 4 <= this.segments.length; i++) {
      blocks.push(
        (this.segments[i]! + this.segments[i + 1]! + this.segments[i + 2]! + this.segments[i + 3]!) / 4,
      );
    }
    if (blocks.length === 0 && this.segments.length > 0) {
      // Inputs shorter than one 400 ms block: use what there is rather than report silence.
      blocks.push(this.segments.reduce((a, b) => a + b, 0) / this.segments.length);
    }
    const lufs = (z: number): number => -0.691 + 10 * Math.log10(z);
    const abs = blocks.filter((z) => lufs(z) > -70);
    if (abs.length === 0) return -Infinity;
    const rel = lufs(abs.reduce((a, b) => a + b, 0) / abs.length) - 10;
    const gated = abs.filter((z) => lufs(z) > rel);
    return lufs(gated.reduce((a, b) => a + b, 0) / gated.length);
  }

  /** True peak in dBTP (4x oversampled, max with sample peak). */
  truePeakDb(): number {
    return 20 * Math.log10(Math.max(this.peak, this.samplePeak, 1e-12));
  }

  /** Sample peak in dBFS. */
  samplePeakDb(): number {
    return 20 * Math.log10(Math.max(this.samplePeak, 1e-12));
  }
}

/** Convenience: loudness and true peak of whole in-memory planar audio. */
export function measureLoudness(
  planar: Float32Array[],
  sampleRate: number,
): { lufs: number; truePeakDb: number; samplePeakDb: number } {
  const m = new LoudnessMeter(sampleRate, planar.length);
  m.push(planar);
  return { lufs: m.integrated(), truePeakDb: m.truePeakDb(), samplePeakDb: m.samplePeakDb() };
}
