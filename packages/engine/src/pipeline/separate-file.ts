import { RawPcmReader, RawPcmWriter } from '../io/raw-pcm';
import type { ScratchDir } from '../io/temp';
import { ANALYSIS_OVERLAP, analysisFftSize } from '../dsp/stft';
import type { SeparationVariant } from '../separate/separate-block';
import { crossfadeFrames, runBlocks } from './blocks';
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
  },
): Promise<SeparatedFiles> {
  const sr = input.sampleRate;
  const ch = input.channels;
  const ref = (name: string): RawRef => ({ path: scratch.file(name), sampleRate: sr, channels: ch });
  const out = { lead: ref('lead.f32'), backing: ref('backing.f32'), accompaniment: ref('acc.f32') };
  const wLead = new RawPcmWriter(out.lead.path, ch);
  const wBack = new RawPcmWriter(out.backing.path, ch);
  const wAcc = new RawPcmWriter(out.accompaniment.path, ch);
  const mix = new RawPcmReader(input.path, sr, ch);
  let written = 0;
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
  const f0Parts: Float32Array[] = [];
  let ltas: Float64Array | undefined;
  let ltasFrames = 0;
  let fftSize = analysisFftSize(sr);
  let hop = fftSize / ANALYSIS_OVERLAP;
  try {
    await runBlocks(
      input.frames,
      sr,
      runner.size,
      (span) =>
        runner.run({
          kind: 'separate',
          input: { path: input.path, sampleRate: sr, channels: ch },
          span,
          variant: opts.variant ?? 'full',
          withBacking: opts.withBacking ?? false,
        }),
      (r: SeparateResult, { from, last, index, count }) => {
        stLead.push(r.lead, from, last);
        stBack.push(r.backing, from, last);
        f0Parts.push(r.f0);
        hop = r.hop;
        fftSize = r.fftSize;
        ltasFrames += r.ltasFrames;
        if (!ltas) ltas = r.ltas;
        else for (let k = 0; k < ltas.length; k++) ltas[k] = ltas[k]! + r.ltas[k]!;
        opts.onProgress?.((index + 1) / count);
      },
      opts.signal,
    );
  } finally {
    wLead.close();
    wBack.close();
    wAcc.close();
    mix.close();
  }
  const total = f0Parts.reduce((a, b) => a + b.length, 0);
  const f0 = new Float32Array(total);
  let o = 0;
  for (const p of f0Parts) {
    f0.set(p, o);
    o += p.length;
  }
  const avg = ltas ?? new Float64Array(fftSize / 2 + 1);
  if (ltasFrames > 0) for (let k = 0; k < avg.length; k++) avg[k] = avg[k]! / ltasFrames;
  return { ...out, f0, f0Hop: hop, frames: input.frames, ltas: avg, fftSize };
}
