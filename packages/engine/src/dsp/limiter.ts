/**
 * Look-ahead peak limiter: the gain starts falling before a peak arrives so the peak is caught
 * without clipping; the true-peak trim after it absorbs the few intersample overs left.
 */
export class Limiter {
  private readonly look: number;
  private readonly delay: Float32Array[];
  private readonly req: Float32Array;
  private pos = 0;
  private gain = 1;
  private readonly attack: number;
  private readonly release: number;
  // Monotonic deque for the sliding minimum of required gain over the look-ahead window.
  private readonly dqIdx: Int32Array;
  private readonly dqVal: Float32Array;
  private dqHead = 0;
  private dqTail = 0;
  private n = 0;

  constructor(
    sampleRate: number,
    readonly channels: number,
    private readonly ceiling: number,
    lookaheadSec = 0.005,
    releaseSec = 0.12,
  ) {
    this.look = Math.max(1, Math.round(sampleRate * lookaheadSec));
    this.delay = Array.from({ length: channels }, () => new Float32Array(this.look));
    this.req = new Float32Array(this.look).fill(1);
    this.attack = 1 - Math.exp(-5 / this.look);
    this.release = 1 - Math.exp(-1 / (sampleRate * releaseSec));
    this.dqIdx = new Int32Array(this.look + 2);
    this.dqVal = new Float32Array(this.look + 2);
  }

  /** Processes planar frames in place (output is delayed by the look-ahead). */
  process(planar: Float32Array[], length = planar[0]?.length ?? 0): void {
    const ch = this.channels;
    const cap = this.dqIdx.length;
    for (let i = 0; i < length; i++) {
      let peak = 0;
      for (let c = 0; c < ch; c++) peak = Math.max(peak, Math.abs(planar[c]![i]!));
      const need = peak > this.ceiling ? this.ceiling / peak : 1;
      while (this.dqTail !== this.dqHead && this.dqVal[(this.dqTail - 1 + cap) % cap]! >= need) {
        this.dqTail = (this.dqTail - 1 + cap) % cap;
      }
      this.dqIdx[this.dqTail] = this.n;
      this.dqVal[this.dqTail] = need;
      this.dqTail = (this.dqTail + 1) % cap;
      while (this.dqIdx[this.dqHead]! <= this.n - this.look) this.dqHead = (this.dqHead + 1) % cap;
      const target = this.dqVal[this.dqHead]!;
      this.gain += (target - this.gain) * (target < this.gain ? this.attack : this.release);
      // The smoothed gain can lag a sudden peak by a hair; the per-sample floor makes overs impossible.
      const g = Math.min(this.gain, this.req[this.pos]!);
      this.req[this.pos] = need;
      for (let c = 0; c < ch; c++) {
        const d = this.delay[c]!;
        const out = d[this.pos]!;
        d[this.pos] = planar[c]![i]!;
        planar[c]![i] = out * g;
      }
      this.pos = (this.pos + 1) % this.look;
      this.n++;
    }
  }

  /** Emits the look-ahead tail (call once at the end). */
  flush(): Float32Array[] {
    const tail = Array.from({ length: this.channels }, () => new Float32Array(this.look));
    this.process(tail);
    return tail;
  }

  get latency(): number {
    return this.look;
  }
}
