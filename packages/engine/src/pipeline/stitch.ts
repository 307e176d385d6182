/**
 * Joins block outputs that overlap by a short crossfade. Each block delivers
 * [start - x/2, end + x/2); the overlap with the previous block is faded (equal-gain linear,
 * since neighbouring renders of the same content are correlated) and everything else is
 * passed through in order.
 */
export class Stitcher {
  private carry: Float32Array[] | undefined;
  private carryStart = 0;

  constructor(
    private readonly xfade: number,
    private readonly emit: (planar: Float32Array[]) => void,
  ) {}

  /** Adds the output of the next block, which begins at absolute frame `from`. */
  push(planar: Float32Array[], from: number, isLast: boolean): void {
    const len = planar[0]!.length;
    let body = planar;
    if (this.carry) {
      const n = Math.min(
        this.carry[0]!.length,
        len,
        Math.max(0, this.carryStart + this.carry[0]!.length - from),
      );
      const mixed = planar.map((c, ch) => {
        const out = Float32Array.from(c);
        const prev = this.carry![ch] ?? this.carry![0]!;
        const off = from - this.carryStart;
        for (let i = 0; i < n; i++) {
          const w = (i + 0.5) / n;
          out[i] = prev[off + i]! * (1 - w) + c[i]! * w;
        }
        return out;
      });
      const head = this.carry.map((c) => c.subarray(0, from - this.carryStart));
      if (head[0]!.length > 0) this.emit(head);
      body = mixed;
      this.carry = undefined;
    }
    if (isLast) {
      this.emit(body);
      return;
    }
    const keep = Math.min(this.xfade, len);
    this.emit(body.map((c) => c.subarray(0, len - keep)));
    this.carry = body.map((c) => c.slice(len - keep));
    this.carryStart = from + len - keep;
  }
}

/**
 * Pairs two streams of planar chunks that arrive cut differently (a Stitcher may emit a block as
 * one chunk or as two) and emits equal-length, time-aligned pairs in order. Without it, the
 * second chunk of one stream would be matched with the first of the other and audio would be lost.
 */
export class PairAligner {
  private a: Float32Array[] | undefined;
  private b: Float32Array[] | undefined;

  constructor(private readonly emit: (a: Float32Array[], b: Float32Array[]) => void) {}

  pushA(chunk: Float32Array[]): void {
    this.a = append(this.a, chunk);
    this.drain();
  }

  pushB(chunk: Float32Array[]): void {
    this.b = append(this.b, chunk);
    this.drain();
  }

  /** Frames received on one side and not yet matched by the other. */
  get pending(): number {
    return (this.a?.[0]?.length ?? 0) + (this.b?.[0]?.length ?? 0);
  }

  private drain(): void {
    const n = Math.min(this.a?.[0]?.length ?? 0, this.b?.[0]?.length ?? 0);
    if (n === 0) return;
    const a = this.a!;
    const b = this.b!;
    this.emit(
      a.map((c) => c.subarray(0, n)),
      b.map((c) => c.subarray(0, n)),
    );
    this.a = a[0]!.length > n ? a.map((c) => c.slice(n)) : undefined;
    this.b = b[0]!.length > n ? b.map((c) => c.slice(n)) : undefined;
  }
}

function append(held: Float32Array[] | undefined, chunk: Float32Array[]): Float32Array[] {
  if (!held) return chunk.map((c) => c.slice());
  return held.map((h, ch) => {
    const c = chunk[ch]!;
    const out = new Float32Array(h.length + c.length);
    out.set(h);
    out.set(c, h.length);
    return out;
  });
}
