import { basename, extname, join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { EngineError, throwIfAborted } from '../errors';
import { formatForPath, type EncodeFormat } from '../io/ffmpeg-args';
import { midiToName } from '../pitch/yin';
import { getVoiceProfile } from '../voice/library';
import { parseProfile, type VoiceProfile } from '../voice/profile';
import { planConversion, type ConversionPlan } from '../voice/plan';
import { finalizeMix, type SinkTarget } from './finalize';
import { measureLeadFrames } from './lead-frames';
import { missingLead } from './lead-presence';
import { prepareInput, type PreparedInput } from './input';
import { prepareOwnStems } from './own-stems';
import { previewFirstPays, renderPreviewFirst } from './preview-first';
import type { BlockSpan } from './blocks';
import type { ConvertJob, RawRef } from './jobs';
import { convertAndMix } from './mix-blocks';
import { renderWindowFirst, type ClassMapping } from './window-first';
import { songAutoKey } from './song-key';
import { withRun, type RunContext } from './run';
import { separateFile, type SeparatedFiles } from './separate-file';
import type { CoverOptions, CoverRenderStage, CoverResult } from '../types';

/** Integrated loudness of a cover unless the caller asks for another (streaming services' level). */
const DEFAULT_TARGET_LUFS = -14;
/** True peak never exceeds this, so lossy encoding does not clip. */
const TRUE_PEAK_CEILING_DBTP = -1;
const DEFAULT_REVERB = 0.2;
const MP3_BITRATES = [32, 64, 96, 128, 160, 192, 256, 320];
/** The preview is a listening copy: 128 kbps is enough and keeps it small. */
const PREVIEW_FORMAT = { kind: 'mp3', bitrateKbps: 128 } as const;

/** Share of the convert stage a whole-song vocal conversion takes (the blocks then only mix). */
const VOCAL_SHARE = 0.8;

/** Share of the progress bar each stage takes. */
const STAGES = {
  decode: [0, 0.04],
  separate: [0.04, 0.45],
  convert: [0.45, 0.85],
  finalize: [0.85, 1],
} as const;

/** The finalize pass measures and levels the mix first (its first half), then encodes the files. */
function finalizeStep(within: number): CoverRenderStage {
  return within <= 0.5 ? 'mix' : 'encode';
}

/** Validates options and fills defaults; throws BAD_OPTION with a specific message. */
export function resolveCoverOptions(o: CoverOptions): {
  profile: VoiceProfile;
  outputs: Array<{ path: string; format: EncodeFormat }>;
  backing: 'convert' | 'keep' | 'mute';
  reverb: number;
  levels: { vocal: number; backing: number; instrumental: number };
} {
  const bad = (m: string): never => {
    throw new EngineError('BAD_OPTION', m);
  };
  const profile = typeof o.voice === 'string' ? getVoiceProfile(o.voice) : parseProfile(o.voice);
  if (!o.outputs || o.outputs.length === 0) bad('At least one output file is required.');
  const outputs = o.outputs.map((t) => {
    const fmt = t.format
      ? t.format === 'mp3'
        ? ({ kind: 'mp3', bitrateKbps: t.bitrateKbps ?? 320 } as const)
        : ({ kind: 'wav' } as const)
      : formatForPath(t.path, t.bitrateKbps);
    if (!fmt) return bad(`Output "${t.path}" must end in .wav or .mp3.`);
    if (fmt.kind === 'mp3' && !MP3_BITRATES.includes(fmt.bitrateKbps)) {
      bad(`MP3 bitrate ${fmt.bitrateKbps} kbps is not supported (use 128 or 320).`);
    }
    return { path: t.path, format: fmt };
  });
  const backing = o.backing ?? 'keep';
  if (!['convert', 'keep', 'mute'].includes(backing))
    bad(`backing must be convert, keep or mute, got "${backing}".`);
  const reverb = o.reverb ?? DEFAULT_REVERB;
  if (typeof reverb !== 'number' || !(reverb >= 0 && reverb <= 1))
    bad(`reverb must be between 0 and 1, got ${reverb}.`);
  const lv = { vocal: 1, backing: 1, instrumental: 1, ...(o.levels ?? {}) };
  for (const [k, v] of Object.entries(lv))
    if (!(v >= 0 && v <= 4)) bad(`levels.${k} must be between 0 and 4.`);
  if (o.key !== undefined && o.key !== 'auto' && (!Number.isInteger(o.key) || Math.abs(o.key) > 24)) {
    bad(`key must be a whole number between -24 and 24 or "auto", got ${String(o.key)}.`);
  }
  return { profile, outputs, backing, reverb, levels: lv };
}

/** Steps of a cover another engine can supply; the DSP engine uses none. */
export interface CoverStages {
  /** Engine name reported in the result. */
  engine: string;
  /** Separates the decoded song (default: the DSP separation, block by block). */
  separate?: (
    input: PreparedInput,
    ctx: RunContext,
    opts: { signal?: AbortSignal; onProgress: (p: number) => void },
  ) => Promise<SeparatedFiles>;
  /**
   * Converts the separated lead for the whole song into a mono file at the song's rate (default:
   * the DSP converter, block by block).
   */
  convertVocal?: (
    lead: RawRef,
    frames: number,
    plan: ConversionPlan,
    ctx: RunContext,
    opts: { signal?: AbortSignal; onProgress: (p: number) => void },
  ) => Promise<RawRef>;
}

/** Full cover: decode → separate → plan → convert + remix → normalise → encode (atomic outputs). */
export function createCover(o: CoverOptions): Promise<CoverResult> {
  return renderCover(o, { engine: 'dsp' });
}

/** A cover with some of its steps supplied by another engine. */
export async function renderCover(o: CoverOptions, stages: CoverStages): Promise<CoverResult> {
  const t0 = performance.now();
  const opts = resolveCoverOptions(o);
  const report = (stage: keyof typeof STAGES, p: number, step?: CoverRenderStage): void => {
    const [a, b] = STAGES[stage];
    const within = Math.max(0, Math.min(1, p));
    o.onProgress?.(a + (b - a) * within, step ?? (stage === 'finalize' ? finalizeStep(within) : stage));
  };
  const timings: Record<string, number> = {};
  const mark = (k: string, since: number): number => {
    const now = performance.now();
    timings[k] = Math.round(now - since);
    return now;
  };
  return withRun(
    o.threads,
    async (ctx) => {
      const { scratch, atomic, runner } = ctx;
      report('decode', 0);
      const own = o.ownVocals
        ? await prepareOwnStems({ vocals: o.ownVocals, instrumental: o.input }, scratch, {
            maxSeconds: o.maxSeconds,
            ...(o.signal ? { signal: o.signal } : {}),
          })
        : undefined;
      const input =
        own?.input ??
        (await prepareInput(o.input, scratch, {
          maxSeconds: o.maxSeconds,
          minSeconds: 1,
          ...(o.signal ? { signal: o.signal } : {}),
        }));
      let t = mark('decodeMs', t0);
      report('decode', 1);
      const previewPath = o.preview
        ? (o.preview.path ?? defaultPreviewPath(opts.outputs[0]!.path))
        : undefined;
      const previewSec = o.preview?.seconds ?? 0;
      const sig = o.signal ? { signal: o.signal } : {};
      const sr = input.sampleRate;
      const withBacking = opts.backing !== 'keep' || opts.levels.backing !== 1;
      const convertJob =
        (sep: SeparatedFiles, plan: ConversionPlan, frameClasses?: ClassMapping, convertedVocal?: RawRef) =>
        (span: BlockSpan): ConvertJob => ({
          kind: 'convert',
          lead: sep.lead,
          ...(sep.backing ? { backing: sep.backing } : {}),
          accompaniment: sep.accompaniment,
          ...(convertedVocal ? { convertedVocal } : {}),
          span,
          vocalSemitones: plan.key.semitones,
          instrumentSemitones: plan.key.instrumentSemitones,
          formantWarp: plan.formantWarp,
          eqDb: plan.eqDb,
          breathiness: opts.profile.breathiness,
          vibrato: opts.profile.vibrato,
          ...(frameClasses ? { frameClasses } : {}),
          backingMode: opts.backing,
          levels: opts.levels,
        });
      // The window first only where it is at most half the song: a shorter song would be rendered
      // nearly twice, for a preview that comes little before the whole cover.
      const windowFirst =
        o.onPreview && previewPath && !own && previewFirstPays(input.frames, sr, previewSec);
      // An automatic key comes from the whole song's lead pitch, read off the mixture before
      // anything is separated (decision 235), so the preview's window and the whole song take it
      // whichever is rendered first. It runs beside the first separation's blocks. Own stems give
      // the lead itself: their separated pitch is the song's.
      const autoWanted = (o.key ?? 'auto') === 'auto';
      const songKey = autoWanted && !own ? songAutoKey(input, opts.profile, o.signal) : undefined;
      // Awaited where a plan is made; a failure before that is the render's, not an unhandled one.
      songKey?.catch(() => undefined);
      // The DSP engine renders the window as blocks of the whole song and keeps them (decision 195);
      // another engine's stages render it as a song of its own (decision 152).
      const ownSteps = !stages.separate && !stages.convertVocal;
      const work =
        windowFirst && ownSteps
          ? await renderWindowFirst(input, ctx, {
              withBacking,
              reverb: opts.reverb,
              plan: async (st) =>
                planConversion(
                  opts.profile,
                  st.f0,
                  st.ltas,
                  sr,
                  st.fftSize,
                  (await songKey) ?? o.key ?? 'auto',
                ),
              ...(opts.profile.frameClasses ? { classes: opts.profile.frameClasses } : {}),
              convertJob: (sep, plan, fc) => convertJob(sep, plan, fc),
              preview: { path: previewPath, seconds: previewSec, format: PREVIEW_FORMAT },
              loudness: {
                targetLufs: o.targetLufs ?? DEFAULT_TARGET_LUFS,
                ceilingDbtp: TRUE_PEAK_CEILING_DBTP,
              },
              ...sig,
            })
          : undefined;
      const early =
        work?.preview ??
        (windowFirst && !ownSteps
          ? await renderPreviewFirst(
              songKey ? { ...o, key: await songKey } : o,
              input,
              scratch,
              { path: previewPath, seconds: previewSec },
              (w) => renderCover(w, stages),
            )
          : undefined);
      if (early && previewPath) {
        o.onPreview?.({ path: previewPath, durationSec: Math.min(previewSec, input.frames / sr) });
        t = mark('previewMs', t);
      }
      // Own stems need no separation: the user already gave the vocal and the instrumental apart.
      const sep = own
        ? own.sep
        : stages.separate
          ? await stages.separate(input, ctx, { ...sig, onProgress: (p) => report('separate', p) })
          : await separateFile(input, scratch, runner, {
              withBacking,
              ...sig,
              ...(work ? { spans: work.spans, reuse: work.separated } : {}),
              onProgress: (p) => report('separate', p),
            });
      work?.separated.clear();
      t = mark('separateMs', t);
      // Before any conversion (and before anything is charged for it): a song without a singer
      // would come back as its own backing track under a new name.
      const noLead = missingLead(sep.f0, sep.f0Hop, sr, input.frames / sr);
      if (noLead)
        throw new EngineError('NO_VOCAL', 'No lead vocal was found in this song.', { reason: noLead });
      // The preview's window took the same key; the DSP engine's whole song takes the window's whole
      // plan, so its blocks serve unchanged.
      const key = (await songKey) ?? o.key ?? 'auto';
      const songPlan = planConversion(opts.profile, sep.f0, sep.ltas, sr, sep.fftSize, key);
      const plan = work?.preview?.plan ?? songPlan;
      throwIfAborted(o.signal);
      // Another engine may convert the whole vocal first; the blocks then only mix it in.
      const convertedVocal = stages.convertVocal
        ? await stages.convertVocal(sep.lead, input.frames, plan, ctx, {
            ...sig,
            onProgress: (p) => report('convert', VOCAL_SHARE * p),
          })
        : undefined;
      // A trained voice's frame classes need the song's own statistics first (one read of the lead).
      const classes = opts.profile.frameClasses;
      const classSource =
        classes && !convertedVocal && !work?.preview
          ? measureLeadFrames(sep.lead, input.frames, sep.f0, sep.f0Hop, plan.formantWarp, classes, o.signal)
          : undefined;
      const frameClasses =
        work?.preview?.frameClasses ??
        (classes && classSource ? { classes, source: classSource } : undefined);
      const blockShare = convertedVocal ? 1 - VOCAL_SHARE : 1;
      const blockBase = convertedVocal ? VOCAL_SHARE : 0;
      const job = convertJob(sep, plan, frameClasses, convertedVocal);
      const converted = work?.preview?.converted;
      const { mixRaw, mixLufs } = await convertAndMix({
        frames: input.frames,
        sampleRate: sr,
        concurrency: runner.size,
        ...(work ? { spans: work.spans } : {}),
        job: (span) => {
          const made = converted?.get(span.start);
          return made ? Promise.resolve(made) : runner.run(job(span));
        },
        onBlock: ({ span, index, count }) => {
          converted?.delete(span.start);
          // After another engine converted the whole vocal, the blocks only mix it in.
          report(
            'convert',
            blockBase + (blockShare * (index + 1)) / count,
            convertedVocal ? 'mix' : 'convert',
          );
        },
        reverb: opts.reverb,
        files: {
          mix: scratch.file('mix.f32'),
          ...(o.stemsDir
            ? { stemVocal: scratch.file('stem-vocal.f32'), stemInst: scratch.file('stem-inst.f32') }
            : {}),
        },
        ...sig,
      });
      t = mark('convertMs', t);

      const targets: SinkTarget[] = opts.outputs.map((x) => ({
        path: atomic.temp(x.path),
        format: x.format,
      }));
      const stemFiles = o.stemsDir
        ? {
            vocals: join(o.stemsDir, 'vocals.wav'),
            instrumental: join(o.stemsDir, 'instrumental.wav'),
            originalVocals: join(o.stemsDir, 'original-vocals.wav'),
          }
        : undefined;
      if (o.stemsDir) mkdirSync(o.stemsDir, { recursive: true });
      const loud = await finalizeMix(
        mixRaw,
        mixLufs,
        scratch,
        targets,
        previewPath && !early
          ? { path: atomic.temp(previewPath), format: PREVIEW_FORMAT, seconds: previewSec }
          : undefined,
        {
          targetLufs: o.targetLufs ?? DEFAULT_TARGET_LUFS,
          ceilingDbtp: TRUE_PEAK_CEILING_DBTP,
          ...(o.signal ? { signal: o.signal } : {}),
          onProgress: (p) => report('finalize', p),
          // The stems are written on the block workers while this thread levels the mix.
          ...(stemFiles
            ? {
                alongside: async (gainDb: number) => {
                  const stem = (raw: RawRef, out: string) =>
                    runner.run({ kind: 'stem', raw, out: atomic.temp(out), gainDb });
                  await Promise.all([
                    stem(
                      { path: scratch.file('stem-vocal.f32'), channels: 1, sampleRate: sr },
                      stemFiles.vocals,
                    ),
                    stem(
                      { path: scratch.file('stem-inst.f32'), channels: 2, sampleRate: sr },
                      stemFiles.instrumental,
                    ),
                    // The separated lead before conversion: people who make covers want the singer's own take too.
                    stem(sep.lead, stemFiles.originalVocals),
                  ]);
                },
              }
            : {}),
        },
      );
      const stems: CoverResult['stems'] = stemFiles;
      throwIfAborted(o.signal);
      atomic.commit();
      mark('finalizeMs', t);
      const durationSec = input.frames / sr;
      report('finalize', 1);
      return {
        engine: stages.engine,
        voiceId: opts.profile.id,
        durationSec,
        sampleRate: sr,
        outputs: opts.outputs.map((x) => ({ path: x.path, format: x.format.kind, durationSec })),
        ...(previewPath
          ? { preview: { path: previewPath, durationSec: Math.min(previewSec, durationSec) } }
          : {}),
        ...(stems ? { stems } : {}),
        key: { ...plan.key, auto: autoWanted },
        songVocal: songPlan.songPitch
          ? {
              medianNote: midiToName(songPlan.songPitch.medianMidi),
              medianMidi: round2(songPlan.songPitch.medianMidi),
              lowMidi: round2(songPlan.songPitch.lowMidi),
              highMidi: round2(songPlan.songPitch.highMidi),
            }
          : undefined,
        formantWarp: round2(plan.formantWarp),
        loudness: { integratedLufs: round2(loud.integratedLufs), truePeakDbtp: round2(loud.truePeakDbtp) },
        workers: runner.mode === 'workers' ? runner.size : 0,
        timingsMs: { ...timings, totalMs: Math.round(performance.now() - t0) },
      };
    },
    o.scratchDir,
  );
}

/** `<dir>/<name>.preview.mp3` beside the first output. */
function defaultPreviewPath(first: string): string {
  return join(
    first.slice(0, first.length - basename(first).length),
    `${basename(first, extname(first))}.preview.mp3`,
  );
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
