import { throwIfAborted } from '../errors';
import { realTransform, type RealTransform } from '../dsp/any-fft';
import { hann } from '../dsp/fft';
import { RawPcmReader, RawPcmWriter } from '../io/raw-pcm';
import type { ScratchDir } from '../io/temp';
import type { PreparedInput } from '../pipeline/input';
import type { RawRef } from '../pipeline/jobs';
import { resampleRaw } from '../pipeline/raw-resample';
import type { MdxManifest } from './manifest';
import type { Loaded } from './registry';
import { floatData, floatTensor } from './session';

/** Lead and accompaniment of a song separated by a neural model, at the song's rate and channels. */
export interface NeuralStems {
  lead: RawRef;
  accompaniment: RawRef;
}

/**
 * MDX-Net separation: the song at the model's rate and in stereo is cut into overlapping chunks of
 * `dimT` STFT frames (hop from the manifest); each chunk's spectrum, as [1, 4, dimF, dimT]
 * (real and imaginary parts of left, then right), goes through the model; the output spectrum is
 * inverted, scaled by the model's compensation factor and overlap-added with a window. The vocal
 * comes back to the song's rate and channels; the accompaniment is the mixture minus the vocal,
 * sample-exact.
 */
export async function separateWithMdx(
  model: Loaded<MdxManifest>,
  input: PreparedInput,
  scratch: ScratchDir,
  opts: { signal?: AbortSignal; onProgress?: (p: number) => void } = {},
): Promise<NeuralStems> {
  const m = model.manifest;
  const song: RawRef = { path: input.path, sampleRate: input.sampleRate, channels: input.channels };
  const atModel = resampleRaw(song, scratch.file('mdx-in.f32'), m.sampleRate, 2);
  const vocalAtModel = scratch.file('mdx-vocal.f32');
  await runChunks(model, atModel, vocalAtModel, opts);
  const vocal = resampleRaw(
    { path: vocalAtModel, sampleRate: m.sampleRate, channels: 2 },
    scratch.file('mdx-lead.f32'),
    input.sampleRate,
    input.channels,
  );
  const lead = trimTo(vocal, input.frames, scratch.file('lead.f32'));
  const accompaniment = subtract(song, lead, input.frames, scratch.file('acc.f32'));
  return { lead, accompaniment };
}

/** Chunk geometry of a manifest. */
function geometry(m: MdxManifest): { chunk: number; step: number } {
  const chunk = m.stft.hop * (m.stft.dimT - 1);
  return { chunk, step: Math.max(m.stft.hop, Math.round(chunk * (1 - m.overlap))) };
}

/** Runs the model over overlapping chunks of a stereo model-rate file and writes the vocal. */
async function runChunks(
  model: Loaded<MdxManifest>,
  src: RawRef,
  dst: string,
  opts: { signal?: AbortSignal; onProgress?: (p: number) => void },
): Promise<void> {
  const m = model.manifest;
  const { chunk, step } = geometry(m);
  const reader = new RawPcmReader(src.path, src.sampleRate, 2);
  const writer = new RawPcmWriter(dst, 2);
  const total = reader.info.frames;
  const spec = new ChunkSpectra(m);
  // Chunks start half a chunk before the song, so its first samples sit where windows are high.
  const first = -Math.floor(chunk / 2);
  const count = Math.max(1, Math.ceil((total - first) / step));
  // Crossfade window over a chunk's chunk+1 samples; never zero, so every sample has weight.
  const fade = Float32Array.from(
    { length: chunk + 1 },
    (_, i) => Math.sin((Math.PI * (i + 0.5)) / (chunk + 1)) ** 2,
  );
  const acc = [new Float64Array(chunk + 1 + step), new Float64Array(chunk + 1 + step)];
  const weight = new Float64Array(chunk + 1 + step);
  let accStart = first;
  let written = 0;
  try {
    for (let k = 0; k < count; k++) {
      throwIfAborted(opts.signal);
      const start = first + k * step;
      // Everything before this chunk is final: write it and slide the accumulator.
      flush(start);
      const half = m.stft.nFft / 2;
      const mix = reader.read(start - half, chunk + 2 * half);
      const out = await spec.separate(model, mix);
      const off = start - accStart;
      for (let i = 0; i <= chunk; i++) {
        const w = fade[i]!;
        acc[0]![off + i] = acc[0]![off + i]! + w * out[0]![i]!;
        acc[1]![off + i] = acc[1]![off + i]! + w * out[1]![i]!;
        weight[off + i] = weight[off + i]! + w;
      }
      opts.onProgress?.((k + 1) / count);
    }
    flush(Number.POSITIVE_INFINITY);
  } finally {
    reader.close();
    writer.close();
  }

  function flush(until: number): void {
    const from = Math.max(0, accStart, written);
    const to = Math.min(total, until, accStart + weight.length);
    if (to > from) {
      const n = to - from;
      const o = from - accStart;
      const block = acc.map((a) => {
        const b = new Float32Array(n);
        for (let i = 0; i < n; i++) {
          const w = weight[o + i]!;
          b[i] = w > 1e-9 ? (a[o + i]! / w) * m.compensate : 0;
        }
        return b;
      });
      writer.write(block);
      written = to;
    }
    if (until === Number.POSITIVE_INFINITY) return;
    const shift = until - accStart;
    for (const a of [...acc, weight]) {
      a.copyWithin(0, shift);
      a.fill(0, a.length - shift);
    }
    accStart = until;
  }
}

/** STFT analysis and synthesis of one chunk in the layout MDX-Net models expect. */
class ChunkSpectra {
  private readonly fft: RealTransform;
  private readonly window: Float32Array;
  private readonly frame: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;

  constructor(private readonly m: MdxManifest) {
    this.fft = realTransform(m.stft.nFft);
    this.window = hann(m.stft.nFft);
    this.frame = new Float64Array(m.stft.nFft);
    this.re = new Float64Array(this.fft.bins);
    this.im = new Float64Array(this.fft.bins);
  }

  /**
   * Takes the chunk's mixture (planar stereo, with nFft/2 of context on each side) and returns the
   * model's stem over the chunk's own hop·(dimT−1)+1 samples.
   */
  async separate(model: Loaded<MdxManifest>, mix: Float32Array[]): Promise<Float32Array[]> {
    const { nFft, hop, dimF, dimT } = this.m.stft;
    const chunk = hop * (dimT - 1);
    const input = new Float32Array(4 * dimF * dimT);
    for (let c = 0; c < 2; c++) {
      for (let t = 0; t < dimT; t++) {
        // Frame t is centred on chunk sample t·hop, i.e. mix sample t·hop + nFft/2.
        const x = mix[c]!;
        for (let i = 0; i < nFft; i++) this.frame[i] = x[t * hop + i]! * this.window[i]!;
        this.fft.forward(this.frame, this.re, this.im);
        for (let f = 0; f < dimF; f++) {
          input[(2 * c * dimF + f) * dimT + t] = this.re[f]!;
          input[((2 * c + 1) * dimF + f) * dimT + t] = this.im[f]!;
        }
      }
    }
    const result = await model.session.run({
      [this.m.tensors.input]: floatTensor(input, [1, 4, dimF, dimT]),
    });
    const out = floatData(result[this.m.tensors.output], 'separation output');
    if (out.length !== input.length)
      throw new Error(`the separator returned ${out.length} values, expected ${input.length}`);
    const stems: Float32Array[] = [];
    for (let c = 0; c < 2; c++) {
      const y = new Float64Array(chunk + nFft);
      const norm = new Float64Array(chunk + nFft);
      for (let t = 0; t < dimT; t++) {
        this.re.fill(0);
        this.im.fill(0);
        for (let f = 0; f < dimF; f++) {
          this.re[f] = out[(2 * c * dimF + f) * dimT + t]!;
          this.im[f] = out[((2 * c + 1) * dimF + f) * dimT + t]!;
        }
        this.fft.inverse(this.re, this.im, this.frame);
        for (let i = 0; i < nFft; i++) {
          y[t * hop + i] = y[t * hop + i]! + this.frame[i]! * this.window[i]!;
          norm[t * hop + i] = norm[t * hop + i]! + this.window[i]! * this.window[i]!;
        }
      }
      const stem = new Float32Array(chunk + 1);
      const half = nFft / 2;
      for (let i = 0; i <= chunk; i++) {
        const d = norm[half + i]!;
        stem[i] = d > 1e-9 ? y[half + i]! / d : 0;
      }
      if (this.m.outputStem === 'instrumental') {
        // The model gave the accompaniment; the vocal is what is left of the mixture.
        const x = mix[c]!;
        for (let i = 0; i <= chunk; i++) stem[i] = x[half + i]! - stem[i]!;
      }
      stems.push(stem);
    }
    return stems;
  }
}

/** Copies the first `frames` frames of `src` (zero-padded if shorter) to `dst`. */
function trimTo(src: RawRef, frames: number, dst: string): RawRef {
  const r = new RawPcmReader(src.path, src.sampleRate, src.channels);
  const w = new RawPcmWriter(dst, src.channels);
  try {
    const step = src.sampleRate * 10;
    for (let s = 0; s < frames; s += step) w.write(r.read(s, Math.min(step, frames - s)));
  } finally {
    r.close();
    w.close();
  }
  return { ...src, path: dst };
}

/** Writes `mix − lead` (same rate, channels and length). */
function subtract(mix: RawRef, lead: RawRef, frames: number, dst: string): RawRef {
  const a = new RawPcmReader(mix.path, mix.sampleRate, mix.channels);
  const b = new RawPcmReader(lead.path, lead.sampleRate, lead.channels);
  const w = new RawPcmWriter(dst, mix.channels);
  try {
    const step = mix.sampleRate * 10;
    for (let s = 0; s < frames; s += step) {
      const n = Math.min(step, frames - s);
      const x = a.read(s, n);
      const y = b.read(s, n);
      w.write(x.map((c, ch) => c.map((v, i) => v - y[ch]![i]!)));
    }
  } finally {
    a.close();
    b.close();
    w.close();
  }
  return { path: dst, sampleRate: mix.sampleRate, channels: mix.channels };
}
