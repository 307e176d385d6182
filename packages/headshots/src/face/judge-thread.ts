import { judgeDescriptor } from './judge';

// Where the likeness judge runs. Its model (face-api on tfjs WASM) grows a thread's WASM memory to
// about 0.4 GB, which WASM never gives back; run in every check/render worker, that was paid once per
// worker. A pool's workers therefore send their pixels to one judge thread of the pool (pool.ts)
// and wait for the descriptor; anywhere else (tests, tools, the judge thread itself) it runs here.

type Judge = (rgb: Uint8Array, width: number, height: number) => Promise<number[] | null>;

let elsewhere: Judge | null = null;

/** Sends this thread's judge requests to `judge` (a worker's link to its pool's judge thread). */
export function judgeElsewhere(judge: Judge): void {
  elsewhere = judge;
}

/**
 * The judge's descriptor of the largest face in raw RGB pixels, or null when it finds no face.
 * The same figure wherever it runs; the pixels are copied, never taken from the caller.
 */
export function judgeOf(rgb: Uint8Array, width: number, height: number): Promise<number[] | null> {
  return elsewhere ? elsewhere(Uint8Array.from(rgb), width, height) : judgeDescriptor(rgb, width, height);
}
