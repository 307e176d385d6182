/**
 * Small Schroeder/Freeverb-style stereo reverb for the vocal bus. Streaming, state kept
 * between blocks so block boundaries are inaudible.
 */
const COMBS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASS = [556, 441, 341, 225];
const SPREAD = 23;

class Comb {
  private buf: Float32Array;
  private i = 0;
  private store = 0;
  constructor(
    len: number,
    private feedback: number,
    private damp: number,
  ) {
    this.buf = new Float32Array(len);
  }
  tick(x: number): number {
    const y = this.buf[this.i]!;
    this.store = y * (1 - this.damp) + this.store * this.damp;
    this.buf[this.i] = x + this.store * this.feedback;
    if (++this.i === this.buf.length) this.i = 0;
    return y;
  }
}

class Allpass {
  private buf: Float32Array;
  private i = 0;
  constructor(len: number) {
    this.buf = new Float32Array(len);
  }
  tick(x: number): number {
    const b = this.buf[this.i]!;
    this.buf[this.i] = x + b * 0.5;
    if (++this.i === this.buf.length) this.i = 0;
    return b - x;
  }
}

/** Stereo reverb; `amount` 0..1 sets both wet level and decay. */
export class Reverb {
  private combs: Comb[][];
  private aps: Allpass[][];
  private readonly wet: number;

  constructor(sampleRate: number, amount: number) {
    const scale = sampleRate / 44100;
    const feedback = 0.7 + 0.28 * amount;
    this.wet = 0.45 * amount;
    this.combs = [0, 1].map((s) =>
      COMBS.map((l) => new Comb(Math.round((l + s * SPREAD) * scale), feedback, 0.3)),
    );
    this.aps = [0, 1].map((s) => ALLPASS.map((l) => new Allpass(Math.round((l + s * SPREAD) * scale))));
  }

  /** Adds reverb of the mono `dry` into stereo `outL`/`outR` (the dry signal itself is not added). */
  process(dry: Float32Array, outL: Float32Array, outR: Float32Array, length = dry.length): void {
    if (this.wet <= 0) return;
    const g = 0.045 * this.wet;
    for (let i = 0; i < length; i++) {
      const x = dry[i]! * g;
      for (let s = 0; s < 2; s++) {
        let acc = 0;
        for (const c of this.combs[s]!) acc += c.tick(x);
        for (const a of this.aps[s]!) acc = a.tick(acc);
        const o = s === 0 ? outL : outR;
        o[i] = o[i]! + acc;
      }
    }
  }
}
