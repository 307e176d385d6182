import { throwIfAborted } from '../errors';
import { resample } from '../dsp/resample';
import { RawPcmReader, RawPcmWriter } from '../io/raw-pcm';
import { trackPitch } from '../pitch/yin';
import type { RawRef } from '../pipeline/jobs';
import { toChannels } from '../pipeline/raw-resample';
import { Stitcher } from '../pipeline/stitch';
import type { ContentManifest, RvcManifest } from './manifest';
import type { Loaded } from './registry';
import type { RmvpePitch } from './rmvpe';
import { floatData, floatTensor, int64Tensor } from './session';

/** Loudness is measured, and cuts are placed, on 10 ms frames. */
const ENERGY_FRAME_SEC = 0.01;
/** Matching a piece's loudness never changes it by more than this factor (±18 dB). */
const MAX_LOUDNESS_GAIN = 8;
/** Coarse pitch spans 1..255; 1 also means unvoiced. */
const COARSE_MAX = 255;

/** The models one RVC conversion uses. */
export interface RvcModels {
  voice: Loaded<RvcManifest>;
  content: Loaded<ContentManifest>;
  /** RMVPE when the voice names one; otherwise the engine's YIN gives the F0. */
  f0?: RmvpePitch;
}

/**
 * Where a vocal of `x.length` samples is cut into pieces of at most `maxSamples`: each cut falls at
 * the quietest 10 ms of the second half of the allowed length. Returns the cut points, from 0 to
 * the end.
 */
export function planSegments(x: Float32Array, sampleRate: number, maxSamples: number): number[] {
  const frame = Math.max(1, Math.round(ENERGY_FRAME_SEC * sampleRate));
  const cuts = [0];
  let start = 0;
  while (x.length - start > maxSamples) {
    let best = start + maxSamples;
    let bestEnergy = Infinity;
    for (let f = start + Math.floor(maxSamples / 2); f + frame <= start + maxSamples; f += frame) {
      let e = 0;
      for (let i = f; i < f + frame; i++) e += x[i]! * x[i]!;
      if (e < bestEnergy) {
        bestEnergy = e;
        best = f + (frame >> 1);
      }
    }
    cuts.push(best);
    start = best;
  }
  cuts.push(x.length);
  return cuts;
}

/** RVC's coarse pitch: mel-scaled f0 mapped linearly onto 1..255 between the manifest's limits. */
export function coarsePitch(f0: Float32Array, range: { minHz: number; maxHz: number }): Float32Array {
  const mel = (f: number): number => 1127 * Math.log(1 + f / 700);
  const lo = mel(range.minHz);
  const hi = mel(range.maxHz);
  return f0.map((f) => {
    if (f <= 0) return 1;
    const c = ((mel(f) - lo) * (COARSE_MAX - 1)) / (hi - lo) + 1;
    return Math.round(Math.max(1, Math.min(COARSE_MAX, c)));
  });
}

/** Seeded standard-normal noise (mulberry32 + Box–Muller), so a render is reproducible. */
function gaussian(n: number, seed: number): Float32Array {
  let a = seed >>> 0;
  const u = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  return out;
}

/**
 * Converts a lead vocal into an RVC voice: the vocal is cut at quiet points into pieces the model
 * takes at once; each piece, with some context on each side, becomes content features (16 kHz,
 * upsampled to the voice's frame rate), an F0 track moved by `semitones`, its coarse form and noise;
 * the voice model's audio comes back to the song's rate and the pieces are crossfaded. Writes a
 * mono file at the song's rate and length.
 */
export async function convertWithRvc(
  models: RvcModels,
  lead: RawRef,
  frames: number,
  semitones: number,
  dst: string,
  opts: { signal?: AbortSignal; onProgress?: (p: number) => void; seed?: number } = {},
): Promise<RawRef> {
  const m = models.voice.manifest;
  const sr = lead.sampleRate;
  const reader = new RawPcmReader(lead.path, sr, lead.channels);
  const writer = new RawPcmWriter(dst, 1);
  try {
    const vocal = readMono(reader, frames);
    const cuts = planSegments(vocal, sr, Math.round(m.chunking.maxSegmentSec * sr));
    const pad = Math.round(m.chunking.padSec * sr);
    const xfade = Math.max(2, Math.round(m.chunking.crossfadeSec * sr));
    const stitch = new Stitcher(xfade, (p) => writer.write(p));
    for (let i = 0; i + 1 < cuts.length; i++) {
      throwIfAborted(opts.signal);
      const from = Math.max(0, cuts[i]! - (xfade >> 1));
      const to = Math.min(frames, cuts[i + 1]! + (xfade >> 1));
      const region = vocal.slice(Math.max(0, from - pad), Math.min(frames, to + pad));
      const regionStart = Math.max(0, from - pad);
      const y = await renderPiece(models, region, sr, semitones, (opts.seed ?? 1) + i);
      const piece = y.slice(from - regionStart, to - regionStart);
      if (m.loudness === 'match') matchLoudness(piece, vocal.subarray(from, to));
      stitch.push([piece], from, i + 2 === cuts.length);
      opts.onProgress?.((i + 1) / (cuts.length - 1));
    }
  } finally {
    reader.close();
    writer.close();
  }
  return { path: dst, sampleRate: sr, channels: 1 };
}

/** Runs the content, pitch and voice models on one piece; returns audio at `sr`, as long as `x`. */
export async function renderPiece(
  models: RvcModels,
  x: Float32Array,
  sr: number,
  semitones: number,
  seed: number,
): Promise<Float32Array> {
  const v = models.voice.manifest;
  const c = models.content.manifest;
  const x16 = resample(x, sr, c.sampleRate);
  const content = await contentFeatures(models.content, x16);
  const ratio = v.frameRate / c.frameRate;
  const frames = Math.max(1, Math.floor(content.frames * ratio));
  const phone = new Float32Array(frames * c.dim);
  for (let t = 0; t < frames; t++) {
    const src = Math.min(content.frames - 1, Math.floor(t / ratio));
    phone.set(content.data.subarray(src * c.dim, (src + 1) * c.dim), t * c.dim);
  }
  const f0 = await pitchTrack(models, x, x16, sr, c.sampleRate, frames);
  const shift = 2 ** (semitones / 12);
  const pitchf = f0.map((f) => (f > 0 ? f * shift : 0));
  const t = v.tensors;
  const result = await models.voice.session.run({
    [t.phone]: floatTensor(phone, [1, frames, c.dim]),
    [t.phoneLengths]: int64Tensor([frames], [1]),
    [t.pitch]: int64Tensor(coarsePitch(pitchf, v.f0Range), [1, frames]),
    [t.pitchf]: floatTensor(pitchf, [1, frames]),
    [t.speaker]: int64Tensor([v.speaker], [1]),
    [t.noise]: floatTensor(gaussian(v.noiseChannels * frames, seed), [1, v.noiseChannels, frames]),
  });
  const audio = floatData(result[t.audio], 'voice audio');
  const back = resample(audio, v.sampleRate, sr);
  const out = new Float32Array(x.length);
  out.set(back.subarray(0, Math.min(back.length, out.length)));
  return out;
}

/** Content features of 16 kHz audio as [frames × dim], whatever layout the model writes. */
async function contentFeatures(
  model: Loaded<ContentManifest>,
  x16: Float32Array,
): Promise<{ data: Float32Array; frames: number }> {
  const c = model.manifest;
  const dims = c.inputLayout === 'batch-channel-samples' ? [1, 1, x16.length] : [1, x16.length];
  const result = await model.session.run({ [c.tensors.input]: floatTensor(x16, dims) });
  const out = result[c.tensors.output];
  const data = floatData(out, 'content features');
  const frames = data.length / c.dim;
  if (!Number.isInteger(frames) || frames < 1) throw new Error('the content model returned no whole frames');
  if (c.outputLayout === 'frames-features') return { data, frames };
  const t = new Float32Array(data.length);
  for (let d = 0; d < c.dim; d++) for (let f = 0; f < frames; f++) t[f * c.dim + d] = data[d * frames + f]!;
  return { data: t, frames };
}

/** F0 per voice frame: RMVPE when configured, otherwise YIN on the 16 kHz audio. */
async function pitchTrack(
  models: RvcModels,
  x: Float32Array,
  x16: Float32Array,
  sr: number,
  rate16: number,
  frames: number,
): Promise<Float32Array> {
  const v = models.voice.manifest;
  const out = new Float32Array(frames);
  if (models.f0) {
    const fm = models.f0;
    const raw = await fm.track(fm.sampleRate === rate16 ? x16 : resample(x, sr, fm.sampleRate));
    // Sample the pitch frames at the voice's frame times.
    const perSec = fm.sampleRate / fm.hop;
    for (let t = 0; t < frames; t++) out[t] = raw[Math.round((t * perSec) / v.frameRate)] ?? 0;
    return out;
  }
  const hop = Math.round(rate16 / v.frameRate);
  const yin = trackPitch(x16, rate16, hop, {
    minHz: v.f0Range.minHz,
    maxHz: v.f0Range.maxHz,
    silenceDb: -50,
  });
  out.set(yin.f0.subarray(0, Math.min(frames, yin.f0.length)));
  return out;
}

/** The whole vocal as one mono signal, read in 10 s blocks (a stereo lead is averaged). */
function readMono(reader: RawPcmReader, frames: number): Float32Array {
  const out = new Float32Array(frames);
  const step = reader.info.sampleRate * 10;
  for (let s = 0; s < frames; s += step)
    out.set(toChannels(reader.read(s, Math.min(step, frames - s)), 1)[0]!, s);
  return out;
}

/** Scales `y` to the RMS of `ref` (within ±18 dB); a silent reference leaves it as it is. */
function matchLoudness(y: Float32Array, ref: Float32Array): void {
  const rms = (a: Float32Array): number =>
    Math.sqrt(a.reduce((s, v) => s + v * v, 0) / Math.max(1, a.length));
  const a = rms(ref);
  const b = rms(y);
  if (a <= 1e-6 || b <= 1e-9) return;
  const g = Math.min(MAX_LOUDNESS_GAIN, Math.max(1 / MAX_LOUDNESS_GAIN, a / b));
  for (let i = 0; i < y.length; i++) y[i] = y[i]! * g;
}
