import { RawPcmReader } from '../io/raw-pcm';
import { separateBlock, type BlockSeparation, type SeparationVariant } from '../separate/separate-block';
import { outputRange, type BlockSpan } from './blocks';
import { trackPitch } from '../pitch/yin';
import { pitchShift, shifterHop, type ShiftParams } from '../voice/convert';
import { straightNoteFrames } from '../voice/vibrato';
import { removeLeadLeftover } from './leftover';
import { ANALYSIS_OVERLAP, analysisFftSize } from '../dsp/stft';
import { FrameClassMapper, type FrameClasses, type SourceFrameStats } from '../voice/frame-classes';
import { runStem, type StemJob, type StemResult } from './stem-job';

/** The separated lead is quieter than a dry vocal; frames under this are unvoiced for breath and vibrato. */
const LEAD_SILENCE_DB = -45;
/** A vocal's air above this is noise: it passes through unshifted, which saves time. */
const VOCAL_MAX_SHIFT_HZ = 10000;
/** Instruments tolerate a 4× overlap vocoder (half the cost of the vocal's 8×). */
const INSTRUMENT_OVERLAP = 4;

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

/** Separation output: stems over [start - xfade/2, end + xfade/2) clipped to the song, f0 of the core frames only. */
export type SeparateResult = BlockSeparation;

/** Conversion job for one block. */
export interface ConvertJob {
  kind: 'convert';
  lead: RawRef;
  /** Vocal-like content off the lead (absent when the separation makes none). */
  backing?: RawRef;
  accompaniment: RawRef;
  /** The whole song's vocal, already converted (mono, song rate): then the block only levels it. */
  convertedVocal?: RawRef;
  span: BlockSpan;
  vocalSemitones: number;
  instrumentSemitones: number;
  formantWarp: number;
  eqDb: Float32Array;
  breathiness: number;
  vibrato: { rateHz: number; depthCents: number };
  /** The target voice's frame classes and the song's statistics for them (trained voices). */
  frameClasses?: { classes: FrameClasses; source: SourceFrameStats };
  backingMode: 'convert' | 'keep' | 'mute';
  levels: { vocal: number; backing: number; instrumental: number };
}

/** Conversion output over the same output range as separation: dry converted vocal (mono) and the rest (stereo). */
export interface ConvertResult {
  vocal: Float32Array;
  rest: Float32Array[];
}

/** Any job a worker runs. */
export type Job = SeparateJob | ConvertJob | StemJob;

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
  const r = separateBlock(data, job.input.sampleRate, { variant: job.variant, withBacking: job.withBacking });
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
  const lead = readWindow(job.convertedVocal ?? job.lead, job.span);
  const acc = readWindow(job.accompaniment, job.span);
  const usesBacking = job.backing && !(job.backingMode === 'keep' && job.levels.backing === 1);
  const back = usesBacking ? readWindow(job.backing!, job.span) : undefined;
  const leadMono = mono(lead.data);
  const leadF0 = job.convertedVocal
    ? undefined
    : trackPitch(leadMono, sr, shifterHop(sr), { silenceDb: LEAD_SILENCE_DB }).f0;
  const vocalParams = dspVocalParams(job, leadF0, sr);
  // A vocal another engine already converted is only levelled here.
  const vocal = job.convertedVocal ? Float32Array.from(lead.data[0]!) : pitchShift(leadMono, sr, vocalParams);
  // When the lead moves against the instrumental (by octaves), the singer's leftover in the
  // accompaniment would sing on at the old pitch: take it out where the lead sings.
  const octaveApart = job.vocalSemitones !== job.instrumentSemitones;
  const accData =
    octaveApart && leadF0 && lead.offset === acc.offset
      ? removeLeadLeftover(acc.data, perAnalysisHop(leadF0, sr), sr)
      : acc.data;
  const rest = prepareRest(job, accData, back?.data, sr);
  if (back && job.backingMode === 'convert') {
    const bv = pitchShift(mono(back.data), sr, {
      ...vocalParams,
      vibrato: undefined,
      breathiness: 0,
      voiced: undefined,
      f0: undefined,
    });
    for (const r of rest) for (let j = 0; j < r.length; j++) r[j] = r[j]! + bv[j]! * job.levels.backing;
  }
  for (let j = 0; j < vocal.length; j++) vocal[j] = vocal[j]! * job.levels.vocal;
  const [v] = crop([vocal], lead.offset, job.span);
  return { vocal: v!, rest: crop(rest, acc.offset, job.span) };
}

/** A track per shifter hop read per analysis hop (both centre frame t at t·hop). */
function perAnalysisHop(f0: Float32Array, sr: number): Float32Array {
  const step = analysisFftSize(sr) / ANALYSIS_OVERLAP / shifterHop(sr);
  return Float32Array.from({ length: Math.ceil(f0.length / step) }, (_, i) => f0[Math.round(i * step)] ?? 0);
}

/** The DSP converter's settings for this block's lead (voicing drives breath and vibrato). */
function dspVocalParams(job: ConvertJob, f0: Float32Array | undefined, sr: number): ShiftParams {
  const voiced = f0 ? Uint8Array.from(f0, (f) => (f > 0 ? 1 : 0)) : undefined;
  const straight = f0 ? straightNoteFrames(f0, shifterHop(sr) / sr) : undefined;
  return {
    semitones: job.vocalSemitones,
    preserveEnvelope: true,
    formantWarp: job.formantWarp,
    eqDb: job.eqDb,
    breathiness: job.breathiness,
    vibrato: job.vibrato,
    ...(voiced ? { voiced } : {}),
    // A voice whose classes were read by pitch is converted with envelopes read so (decision 201).
    ...(f0 && job.frameClasses?.classes.envelope === 'pitch' ? { f0 } : {}),
    ...(straight ? { straight } : {}),
    seed: job.span.start + 1,
    maxShiftHz: VOCAL_MAX_SHIFT_HZ,
    ...(job.frameClasses
      ? { envelopeMap: new FrameClassMapper(job.frameClasses.classes, job.frameClasses.source) }
      : {}),
  };
}

/**
 * The accompaniment of a block ready to mix: the backing scaled or taken out, transposed by the
 * instrumental key, levelled. The accompaniment (mix − lead) already contains the backing content:
 * 'keep' scales it in place, 'mute' and 'convert' take it out first.
 */
function prepareRest(
  job: ConvertJob,
  acc: Float32Array[],
  back: Float32Array[] | undefined,
  sr: number,
): Float32Array[] {
  const rest = acc;
  const backGain = job.backingMode === 'keep' ? job.levels.backing - 1 : -1;
  if (back)
    for (let c = 0; c < rest.length; c++) {
      const r = rest[c]!;
      const b = back[c]!;
      for (let j = 0; j < r.length; j++) r[j] = r[j]! + b[j]! * backGain;
    }
  if (job.instrumentSemitones !== 0) {
    for (let c = 0; c < rest.length; c++) {
      rest[c] = pitchShift(rest[c]!, sr, {
        semitones: job.instrumentSemitones,
        preserveEnvelope: false,
        overlap: INSTRUMENT_OVERLAP,
      });
    }
  }
  if (job.levels.instrumental !== 1)
    for (const r of rest) for (let j = 0; j < r.length; j++) r[j] = r[j]! * job.levels.instrumental;
  return rest;
}

/** Dispatches a job by kind. */
export function runJob(job: Job): SeparateResult | ConvertResult | StemResult {
  if (job.kind === 'stem') return runStem(job);
  return job.kind === 'separate' ? runSeparate(job) : runConvert(job);
}
