import { RawPcmReader, RawPcmWriter } from '../io/raw-pcm';
import type { ScratchDir } from '../io/temp';
import { ANALYSIS_OVERLAP, analysisFftSize } from '../dsp/stft';
import type { SeparationVariant } from '../separate/separate-block';
import { crossfadeFrames, outputRange, runBlocks, type BlockSpan } from './blocks';
import type { RawRef, SeparateResult } from './jobs';
import type { BlockRunner } from './pool';
import { Stitcher } from './stitch';
import type { PreparedInput } from './input';

/** Separated stems on scratch, plus the lead's pitch track. */
export interface SeparatedFiles {
  lead: RawRef;
  /** Vocal-like content off the lead; a neural separator makes none. */
  backing?: RawRef;
  accompaniment: RawRef;
  f0: Float32Array;
  f0Hop: number;
  frames: number;
  /** Long-term average power spectrum of the lead over voiced frames. */
  ltas: Float64Array;
  fftSize: number;
}

/** Separates the whole decoded input block by block into lead/backing/accompaniment scratch files. */
export async function separateFile(
  input: PreparedInput,
  scratch: ScratchDir,
  runner: BlockRunner,
  opts: {
    variant?: SeparationVariant;
    withBacking?: boolean;
    signal?: AbortSignal;
    onProgress?: (p: number) => void;
    /**
     * The blocks to separate (default: the whole song's), consecutive blocks of the song. Files of
     * a stretch are still indexed by the song's frames (silence before it), so a block's job reads
     * them where it would read the whole song's.
     */
    spans?: BlockSpan[];
    /** Blocks separated before (by start frame): taken as they are instead of separated again. */
    reuse?: ReadonlyMap<number, SeparateResult>;
    /** Receives each block's separation, by start frame, for a later call's `reuse`. */
    keep?: Map<number, SeparateResult>;
    /** Prefix of the scratch files' names (a stretch's files beside the whole song's). */
    prefix?: string;
  },
): Promise<SeparatedFiles> {
  const sr = input.sampleRate;
  const ch = input.channels;
  const pre = opts.prefix ?? '';
  const ref = (name: string): RawRef => ({ path: scratch.file(pre + name), sampleRate: sr, channels: ch });
  const out = { lead: ref('lead.f32'), backing: ref('backing.f32'), accompaniment: ref('acc.f32') };
  const wLead = new RawPcmWriter(out.lead.path, ch);
  const wBack = new RawPcmWriter(out.backing.path, ch);
  const wAcc = new RawPcmWriter(out.accompaniment.path, ch);
  const mix = new RawPcmReader(input.path, sr, ch);
  let written = opts.spans?.[0] ? outputRange(opts.spans[0])[0] : 0;
  for (let s = 0; s < written; s += sr * 10) {
    const silence = Array.from({ length: ch }, () => new Float32Array(Math.min(sr * 10, written - s)));
    for (const w of [wLead, wBack, wAcc]) w.write(silence);
  }
  const stLead = new Stitcher(crossfadeFrames(sr), (p) => {
    wLead.write(p);
    // Accompaniment = mixture − lead, sample-exact, so the two stems always sum to the input.
    const m = mix.read(written, p[0]!.length);
    for (let c = 0; c < m.length; c++) {
      const a = m[c]!;
      const l = p[c]!;
      for (let j = 0; j < a.length; j++) a[j] = a[j]! - l[j]!;
    }
    wAcc.write(m);
    written += p[0]!.length;
  });
  const stBack = new Stitcher(crossfadeFrames(sr), (p) => wBack.write(p));
  const parts: BlockStats[] = [];
  try {
    await runBlocks(
      input.frames,
      sr,
      runner.size,
      (span) =>
        reused(opts.reuse?.get(span.start)) ??
        runner.run({
          kind: 'separate',
          input: { path: input.path, sampleRate: sr, channels: ch },
          span,
          variant: opts.variant ?? 'full',
          withBacking: opts.withBacking ?? false,
        }),
      (r: SeparateResult, { span, from, last, index, count }) => {
        opts.keep?.set(span.start, r);
        stLead.push(r.lead, from, last);
        stBack.push(r.backing, from, last);
        // Its statistics only: the stems are on scratch now.
        parts.push({ f0: r.f0, hop: r.hop, ltas: r.ltas, ltasFrames: r.ltasFrames, fftSize: r.fftSize });
        opts.onProgress?.((index + 1) / count);
      },
      opts.signal,
      opts.spans,
    );
  } finally {
    wLead.close();
    wBack.close();
    wAcc.close();
    mix.close();
  }
  return { ...out, ...blockStats(parts, sr), frames: input.frames };
}

/** A block's earlier result as a job's answer. */
function reused<R>(r: R | undefined): Promise<R> | undefined {
  return r === undefined ? undefined : Promise.resolve(r);
}

/** What the plan needs of a block's separation. */
type BlockStats = Pick<SeparateResult, 'f0' | 'hop' | 'ltas' | 'ltasFrames' | 'fftSize'>;

/** The pitch track and the lead's average spectrum over consecutive blocks. */
export function blockStats(
  parts: BlockStats[],
  sampleRate: number,
): Pick<SeparatedFiles, 'f0' | 'f0Hop' | 'ltas' | 'fftSize'> {
  const fftSize = parts[0]?.fftSize ?? analysisFftSize(sampleRate);
  const f0 = new Float32Array(parts.reduce((a, p) => a + p.f0.length, 0));
  const ltas = new Float64Array(fftSize / 2 + 1);
  let at = 0;
  let frames = 0;
  for (const p of parts) {
    f0.set(p.f0, at);
    at += p.f0.length;
    frames += p.ltasFrames;
    for (let k = 0; k < ltas.length; k++) ltas[k] = ltas[k]! + p.ltas[k]!;
  }
  if (frames > 0) for (let k = 0; k < ltas.length; k++) ltas[k] = ltas[k]! / frames;
  return { f0, f0Hop: parts[0]?.hop ?? fftSize / ANALYSIS_OVERLAP, ltas, fftSize };
}
