import { LoudnessMeter } from '../dsp/loudness';
import { Reverb } from '../dsp/reverb';
import { RawPcmWriter } from '../io/raw-pcm';
import { crossfadeFrames, outputRange, runBlocks, type BlockPlace, type BlockSpan } from './blocks';
import type { ConvertResult, RawRef } from './jobs';
import { PairAligner, Stitcher } from './stitch';

/** The mixed song (or stretch of it) on scratch, with its integrated loudness. */
export interface MixedBlocks {
  mixRaw: RawRef;
  mixLufs: number;
}

/**
 * Converts the blocks (`job`, in song order) and mixes them: the converted vocal over the rest, with
 * reverb, into a stereo scratch file, measuring its loudness on the way; the scratch stems (dry
 * vocal, instrumental) are written beside when asked. `range` keeps only those frames of the song
 * (the preview's window, mixed as a song of its own: its reverb starts there).
 */
export async function convertAndMix(o: {
  frames: number;
  sampleRate: number;
  concurrency: number;
  spans?: BlockSpan[];
  job: (span: BlockSpan) => Promise<ConvertResult>;
  onBlock?: (place: BlockPlace, result: ConvertResult) => void;
  reverb: number;
  files: { mix: string; stemVocal?: string; stemInst?: string };
  range?: [number, number];
  signal?: AbortSignal;
}): Promise<MixedBlocks> {
  const sr = o.sampleRate;
  const mixW = new RawPcmWriter(o.files.mix, 2);
  const meter = new LoudnessMeter(sr, 2, false);
  const stemVoc = o.files.stemVocal ? new RawPcmWriter(o.files.stemVocal, 1) : undefined;
  const stemInst = o.files.stemInst ? new RawPcmWriter(o.files.stemInst, 2) : undefined;
  const reverb = new Reverb(sr, o.reverb);
  const [keepFrom, keepTo] = o.range ?? [0, o.frames];
  let at = o.spans?.[0] ? outputRange(o.spans[0])[0] : 0;
  // The vocal and the instrumental are stitched separately and may be cut differently; the
  // aligner hands them over as equal, time-aligned pairs.
  const aligner = new PairAligner((voc, rest) => {
    const lo = Math.max(0, keepFrom - at);
    const hi = Math.min(voc[0]!.length, keepTo - at);
    at += voc[0]!.length;
    if (hi <= lo) return;
    const v = voc[0]!.subarray(lo, hi);
    const n = v.length;
    const L = new Float32Array(n);
    const R = new Float32Array(n);
    const rl = rest[0]!.subarray(lo, hi);
    const rr = (rest[1] ?? rest[0]!).subarray(lo, hi);
    for (let i = 0; i < n; i++) {
      L[i] = rl[i]! + v[i]!;
      R[i] = rr[i]! + v[i]!;
    }
    reverb.process(v, L, R, n);
    mixW.write([L, R]);
    meter.push([L, R]);
    stemVoc?.write([v]);
    stemInst?.write([rl, rr]);
  });
  const stVoc = new Stitcher(crossfadeFrames(sr), (p) => aligner.pushA(p));
  const stRest = new Stitcher(crossfadeFrames(sr), (p) => aligner.pushB(p));
  try {
    await runBlocks(
      o.frames,
      sr,
      o.concurrency,
      o.job,
      (r: ConvertResult, place) => {
        stVoc.push([r.vocal], place.from, place.last);
        stRest.push(r.rest, place.from, place.last);
        o.onBlock?.(place, r);
      },
      o.signal,
      o.spans,
    );
    // Every frame of vocal must have met its instrumental; anything left is a stitching bug.
    if (aligner.pending !== 0) throw new Error(`unpaired audio after stitching (${aligner.pending} frames)`);
  } finally {
    mixW.close();
    stemVoc?.close();
    stemInst?.close();
  }
  return { mixRaw: { path: o.files.mix, sampleRate: sr, channels: 2 }, mixLufs: meter.integrated() };
}
