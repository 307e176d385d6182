import { RawPcmReader } from '../io/raw-pcm';
import { separateBlock, type SeparationVariant } from '../separate/separate-block';
import { trackPitch } from '../pitch/yin';
import { pitchShift, shifterHop } from '../voice/convert';

/** Where a block sits in the song: core [start, end), read with `pad` context, output with `xfade` overlap. */
export interface BlockSpan {
  start: number;
  end: number;
  pad: number;
  xfade: number;
  total: number;
}

/** A raw scratch file as passed to workers. */
export interface RawRef {
  path: string;
  sampleRate: number;
  channels: number;
}

/** Separation job for one block. */
export interface SeparateJob {
  kind: 'separate';
  input: RawRef;
  span: BlockSpan;
  variant: SeparationVariant;
  /** Skip synthesising the backing stem when nobody will use it. */
  withBacking: boolean;
}

/** Separation output: stems over [start - xfade/2, end + xfade/2) clipped to the song. */
export interface SeparateResult {
  lead: Float32Array[];
  backing: Float32Array[];
  /** f0 of the core frames only, at `hop`. */
  f0: Float32Array;
  hop: number;
  ltas: Float64Array;
  ltasFrames: number;
  fftSize: number;
}

/** Conversion job for one block. */
export interface ConvertJob {
  kind: 'convert';
  lead: RawRef;
  backing: RawRef;
  accompaniment: RawRef;
  span: BlockSpan;
  vocalSemitones: number;
  instrumentSemitones: number;
  formantWarp: number;
  eqDb: Float32Array;
  breathiness: number;
  vibrato: { rateHz: number; depthCents: number };
  backingMode: 'convert' | 'keep' | 'mute';
  levels: { vocal: number; backing: number; instrumental: number };
}

/** Conversion output over the same output range as separation: dry converted vocal (mono) and the rest (stereo). */
export interface ConvertResult {
  vocal: Float32Array;
  rest: Float32Array[];
}

/** Any job a worker runs. */
export type Job = SeparateJob | ConvertJob;

/** Output range of a block: core widened by half the crossfade on each side, clipped. */
export function outputRange(span: BlockSpan): [number, number] {
  const h = span.xfade >> 1;
  return [Math.max(0, span.start - h), Math.min(span.total, span.end + h)];
}

function readWindow(ref: RawRef, span: BlockSpan): { data: Float32Array[]; offset: number } {
  const r = new RawPcmReader(ref.path, ref.sampleRate, ref.channels);
  try {
    const from = Math.max(0, span.start - span.pad);
    const to = Math.min(span.total, span.end + span.pad);
    return { data: r.read(from, to - from), offset: from };
  } finally {
    r.close();
  }
}

function crop(chs: Float32Array[], offset: number, span: BlockSpan): Float32Array[] {
  const [a, b] = outputRange(span);
  return chs.map((c) => c.slice(a - offset, b - offset));
}

/** Runs the separation of one block (pure CPU + file reads; safe in a worker). */
export function runSeparate(job: SeparateJob): SeparateResult {
  const { data, offset } = readWindow(job.input, job.span);
  const r = separateBlock(data, job.input.sampleRate, job.variant, undefined, job.withBacking);
  const f0 = new Float32Array(Math.ceil((job.span.end - job.span.start) / r.hop));
  for (let i = 0; i < f0.length; i++) {
    const t = Math.round((job.span.start + i * r.hop - offset) / r.hop);
    f0[i] = r.f0[t] ?? 0;
  }
  return {
    lead: crop(r.lead, offset, job.span),
    backing: crop(r.backing, offset, job.span),
    f0,
    hop: r.hop,
    ltas: r.ltas,
    ltasFrames: r.ltasFrames,
    fftSize: r.fftSize,
  };
}

function mono(chs: Float32Array[]): Float32Array {
  if (chs.length === 1) return chs[0]!;
  const out = new Float32Array(chs[0]!.length);
  for (const c of chs) for (let i = 0; i < out.length; i++) out[i] = out[i]! + c[i]! / chs.length;
  return out;
}

/** Converts the vocal of one block and prepares the transposed instrumental (safe in a worker). */
export function runConvert(job: ConvertJob): ConvertResult {
  const sr = job.lead.sampleRate;
  const lead = readWindow(job.lead, job.span);
  const acc = readWindow(job.accompaniment, job.span);
  const back =
    job.backingMode === 'keep' && job.levels.backing === 1 ? undefined : readWindow(job.backing, job.span);
  const leadMono = mono(lead.data);
  const hop = shifterHop(sr);
  const pitch = trackPitch(leadMono, sr, hop, { silenceDb: -45 });
  const voiced = Uint8Array.from(pitch.f0, (f) => (f > 0 ? 1 : 0));
  const vocalParams = {
    semitones: job.vocalSemitones,
    preserveEnvelope: true,
    formantWarp: job.formantWarp,
    eqDb: job.eqDb,
    breathiness: job.breathiness,
    vibrato: job.vibrato,
    voiced,
    seed: job.span.start + 1,
    maxShiftHz: 10000,
  };
  const vocal = pitchShift(leadMono, sr, vocalParams);
  // The accompaniment (mix − lead) already contains the backing content: 'keep' scales it in place,
  // 'mute' and 'convert' take it out first.
  const backGain = job.backingMode === 'keep' ? job.levels.backing - 1 : -1;
  const rest: Float32Array[] = acc.data;
  if (back)
    for (let c = 0; c < rest.length; c++) {
      const r = rest[c]!;
      const b = back.data[c]!;
      for (let j = 0; j < r.length; j++) r[j] = r[j]! + b[j]! * backGain;
    }
  if (job.instrumentSemitones !== 0) {
    for (let c = 0; c < rest.length; c++) {
      rest[c] = pitchShift(rest[c]!, sr, {
        semitones: job.instrumentSemitones,
        preserveEnvelope: false,
        overlap: 4,
      });
    }
  }
  if (job.levels.instrumental !== 1)
    for (const r of rest) for (let j = 0; j < r.length; j++) r[j] = r[j]! * job.levels.instrumental;
  if (back && job.backingMode === 'convert') {
    const bv = pitchShift(mono(back.data), sr, {
      ...vocalParams,
      vibrato: undefined,
      breathiness: 0,
      voiced: undefined,
    });
    for (const r of rest) for (let j = 0; j < r.length; j++) r[j] = r[j]! + bv[j]! * job.levels.backing;
  }
  for (let j = 0; j < vocal.length; j++) vocal[j] = vocal[j]! * job.levels.vocal;
  const [v] = crop([vocal], lead.offset, job.span);
  return { vocal: v!, rest: crop(rest, acc.offset, job.span) };
}

/** Dispatches a job by kind. */
export function runJob(job: Job): SeparateResult | ConvertResult {
  return job.kind === 'separate' ? runSeparate(job) : runConvert(job);
}
