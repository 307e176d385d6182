/**
 * The preview's window first, as part of the whole song (decision 195): the song's blocks are
 * planned around the window (previewWindow: 30 s from 30 % into the song), the window's blocks and
 * one on each side (their context) are separated, the window's blocks converted and mixed on their
 * own into the preview, and the whole song then takes those blocks as they are instead of making
 * them again. So the window is separated and converted once, and the preview is the cover's own
 * audio there: the whole song is converted with the window's plan (formant warp, EQ; its key is
 * the whole song's, decision 235).
 */
import { AtomicOutputs } from '../io/temp';
import { throwIfAborted } from '../errors';
import type { EncodeFormat } from '../io/ffmpeg-args';
import type { FrameClasses, SourceFrameStats } from '../voice/frame-classes';
import type { ConversionPlan } from '../voice/plan';
import { planSpansAround, type BlockSpan } from './blocks';
import { finalizeMix, previewWindow } from './finalize';
import type { PreparedInput } from './input';
import type { ConvertJob, ConvertResult, SeparateResult } from './jobs';
import { measureLeadFrames } from './lead-frames';
import { missingLead } from './lead-presence';
import { convertAndMix } from './mix-blocks';
import type { RunContext } from './run';
import { blockStats, separateFile, type SeparatedFiles } from './separate-file';

/** A trained voice's frame classes with the song's statistics for them. */
export interface ClassMapping {
  classes: FrameClasses;
  source: SourceFrameStats;
}

/** What the window's rendering leaves for the whole song. */
export interface WindowWork {
  /** The whole song's blocks, the window's among them. */
  spans: BlockSpan[];
  /** Separated blocks by start frame (the window's and its neighbours). */
  separated: Map<number, SeparateResult>;
  /** The preview, when the window has a lead vocal (else it is cut from the whole song at the end). */
  preview?: {
    durationSec: number;
    plan: ConversionPlan;
    frameClasses?: ClassMapping;
    /** Converted blocks of the window by start frame. */
    converted: Map<number, ConvertResult>;
  };
}

/** How the whole song would convert and finish a stretch; the window uses the same. */
export interface WindowSteps {
  withBacking: boolean;
  reverb: number;
  /** The plan, once the window is separated (it may wait for the song's automatic key). */
  plan: (sep: Pick<SeparatedFiles, 'f0' | 'ltas' | 'fftSize'>) => ConversionPlan | Promise<ConversionPlan>;
  /** A trained voice's classes (undefined for a built-in voice). */
  classes?: FrameClasses;
  convertJob: (
    sep: SeparatedFiles,
    plan: ConversionPlan,
    classes?: ClassMapping,
  ) => (span: BlockSpan) => ConvertJob;
  preview: { path: string; seconds: number; format: EncodeFormat };
  loudness: { targetLufs: number; ceilingDbtp: number };
  signal?: AbortSignal;
}

/** Renders the preview's window of `input` (see the module) and says what it leaves. */
export async function renderWindowFirst(
  input: PreparedInput,
  ctx: RunContext,
  steps: WindowSteps,
): Promise<WindowWork> {
  const { scratch, runner } = ctx;
  const sr = input.sampleRate;
  const [from, len] = previewWindow(input.frames, sr, steps.preview.seconds);
  const to = from + len;
  const spans = planSpansAround(input.frames, sr, from, to);
  const inside = spans.filter((s) => s.start >= from && s.end <= to);
  const first = spans.indexOf(inside[0]!);
  const last = spans.indexOf(inside.at(-1)!);
  // A block on each side: the window's blocks read past their edges, as in the whole song.
  const around = spans.slice(Math.max(0, first - 1), last + 2);
  const separated = new Map<number, SeparateResult>();
  const sig = steps.signal ? { signal: steps.signal } : {};
  const sep = await separateFile(input, scratch, runner, {
    spans: around,
    keep: separated,
    prefix: 'window-',
    withBacking: steps.withBacking,
    ...sig,
  });
  const stats = blockStats(
    inside.map((s) => separated.get(s.start)!),
    sr,
  );
  // An instrumental stretch: no early preview, the whole song still takes the separated blocks.
  if (missingLead(stats.f0, stats.f0Hop, sr, len / sr)) return { spans, separated };
  const plan = await steps.plan(stats);
  const classes = steps.classes;
  const source = classes
    ? measureLeadFrames(sep.lead, to, stats.f0, stats.f0Hop, plan.formantWarp, classes, steps.signal, from)
    : undefined;
  const frameClasses = classes && source ? { classes, source } : undefined;
  throwIfAborted(steps.signal);
  const converted = new Map<number, ConvertResult>();
  const job = steps.convertJob(sep, plan, frameClasses);
  const mixed = await convertAndMix({
    frames: input.frames,
    sampleRate: sr,
    concurrency: runner.size,
    spans: inside,
    job: (span) => runner.run(job(span)),
    onBlock: ({ span }, r) => converted.set(span.start, r),
    reverb: steps.reverb,
    files: { mix: scratch.file('window-mix.f32') },
    range: [from, to],
    ...sig,
  });
  // Written under a temporary name and renamed: the file is whole when the caller hears of it.
  const atomic = new AtomicOutputs();
  try {
    await finalizeMix(
      mixed.mixRaw,
      mixed.mixLufs,
      scratch,
      [],
      { path: atomic.temp(steps.preview.path), format: steps.preview.format, seconds: steps.preview.seconds },
      { ...steps.loudness, ...sig },
    );
    atomic.commit();
  } catch (e) {
    atomic.abort();
    throw e;
  }
  return {
    spans,
    separated,
    preview: { durationSec: len / sr, plan, ...(frameClasses ? { frameClasses } : {}), converted },
  };
}
