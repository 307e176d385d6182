import { throwIfAborted } from '../errors';

/** Block geometry: long enough for REPET-SIM to find repetitions, short enough for flat memory. */
export const BLOCK_SEC = 12;
/** Context read on each side of a block, so its edges are processed like its middle. */
export const PAD_SEC = 1.5;
/** Neighbouring blocks' outputs overlap by this much and are crossfaded. */
export const XFADE_SEC = 0.05;

/** Where a block sits in the song: core [start, end), read with `pad` context, output with `xfade` overlap. */
export interface BlockSpan {
  start: number;
  end: number;
  pad: number;
  xfade: number;
  total: number;
}

/** Splits `total` frames into blocks of `block` frames (last block absorbs a short remainder). */
export function planBlocks(total: number, block: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let s = 0;
  while (s < total) {
    let e = Math.min(total, s + block);
    if (total - e < block / 3) e = total;
    out.push([s, e]);
    s = e;
  }
  return out;
}

/** The blocks a song of `frames` at `sampleRate` is separated and converted in. */
export function planSpans(frames: number, sampleRate: number): BlockSpan[] {
  const pad = Math.round(PAD_SEC * sampleRate);
  const xfade = crossfadeFrames(sampleRate);
  return planBlocks(frames, Math.round(BLOCK_SEC * sampleRate)).map(([start, end]) => ({
    start,
    end,
    pad,
    xfade,
    total: frames,
  }));
}

/**
 * The blocks of a song whose frames [from, to) are planned on their own (the preview's window):
 * blocks before it, within it and after it, so the window's blocks are blocks of the whole song
 * and what is made of them for the preview serves the whole song unchanged. The window's two
 * neighbours are short (a third of a block, the shortest block the planner makes anyway): the
 * preview separates them too, for the context its blocks read past their edges.
 */
export function planSpansAround(frames: number, sampleRate: number, from: number, to: number): BlockSpan[] {
  const pad = Math.round(PAD_SEC * sampleRate);
  const xfade = crossfadeFrames(sampleRate);
  const block = Math.round(BLOCK_SEC * sampleRate);
  const near = Math.round(block / 3);
  // A neighbour of its own only where what is left beside it is a block's third or more.
  const before = from - near >= near ? [from - near] : [];
  const after = frames - (to + near) >= near ? [to + near] : [];
  const cuts = [0, ...before, from, to, ...after, frames];
  const ranges: Array<[number, number]> = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [a, b] = [cuts[i]!, cuts[i + 1]!];
    // The window's neighbours are one block each; the rest is planned as usual.
    const whole = b === from || a === to;
    if (b > a)
      for (const [s, e] of whole ? [[0, b - a]] : planBlocks(b - a, block)) ranges.push([a + s!, a + e!]);
  }
  return ranges.map(([start, end]) => ({ start, end, pad, xfade, total: frames }));
}

/** Crossfade length between blocks, in frames. */
export function crossfadeFrames(sampleRate: number): number {
  return Math.round(XFADE_SEC * sampleRate);
}

/** Output range of a block: core widened by half the crossfade on each side, clipped. */
export function outputRange(span: BlockSpan): [number, number] {
  const h = span.xfade >> 1;
  return [Math.max(0, span.start - h), Math.min(span.total, span.end + h)];
}

/** Runs items through `fn` with bounded concurrency, delivering results strictly in order. */
export async function orderedPipeline<T, R>(
  items: T[],
  concurrency: number,
  fn: (item: T) => Promise<R>,
  onResult: (r: R, i: number) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const inflight: Array<Promise<R>> = [];
  let next = 0;
  const launch = (): void => {
    while (next < items.length && inflight.length < concurrency) {
      const p = fn(items[next++]!);
      p.catch(() => undefined); // observed below; avoid unhandled-rejection noise while queued
      inflight.push(p);
    }
  };
  launch();
  for (let i = 0; i < items.length; i++) {
    throwIfAborted(signal);
    const r = await inflight.shift()!;
    throwIfAborted(signal);
    launch();
    await onResult(r, i);
  }
}

/** Where a block's output goes: its first frame in the song, and whether it is the last block. */
export interface BlockPlace {
  span: BlockSpan;
  from: number;
  last: boolean;
  index: number;
  count: number;
}

/**
 * Plans the blocks of a song of `frames` (or takes `spans`, in song order), runs `job` on each with bounded concurrency and hands the
 * results to `onBlock` in song order, with where each output starts.
 */
export async function runBlocks<R>(
  frames: number,
  sampleRate: number,
  concurrency: number,
  job: (span: BlockSpan) => Promise<R>,
  onBlock: (result: R, place: BlockPlace) => void | Promise<void>,
  signal?: AbortSignal,
  spans: BlockSpan[] = planSpans(frames, sampleRate),
): Promise<void> {
  await orderedPipeline(
    spans,
    concurrency,
    job,
    (r, index) => {
      const [from] = outputRange(spans[index]!);
      return onBlock(r, {
        span: spans[index]!,
        from,
        last: index === spans.length - 1,
        index,
        count: spans.length,
      });
    },
    signal,
  );
}
