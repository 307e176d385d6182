import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine, EngineLog } from '../engine';
import { ScratchDir } from '../io/temp';
import { RawPcmReader, RawPcmWriter } from '../io/raw-pcm';
import { renderCover, type CoverStages } from '../pipeline/cover';
import { analyseLead } from '../pipeline/lead-analysis';
import { midiToHz } from '../pitch/yin';
import type { CoverOptions, CoverResult } from '../types';
import { avatarSvg } from '../voice/avatar';
import { ENV_GRID_HZ } from '../voice/envelope';
import {
  getVoice as getBuiltinVoice,
  listVoices as listBuiltinVoices,
  noteInfo,
  type VoiceInfo,
} from '../voice/library';
import type { VoiceProfile } from '../voice/profile';
import { SAMPLE_RATE, renderReferenceSinger, sampleTonic, writeSampleClip } from '../voice/render-sample';
import type { RvcManifest } from './manifest';
import { separateWithMdx } from './mdx';
import { loadModels, type Loaded, type ModelRegistry } from './registry';
import { RmvpePitch } from './rmvpe';
import { convertWithRvc, type RvcModels } from './rvc';

/** Settings of the ONNX engine. */
export interface OnnxEngineOptions {
  /** Folder of `<id>/manifest.json` model folders (the server's MODELS_DIR). */
  modelsDir: string;
  /** Where the sample clips of model voices are rendered (default `<modelsDir>/.samples`). */
  samplesDir?: string;
  log?: EngineLog;
}

/** A model voice: what the library shows, the profile the planner reads and the models that sing it. */
interface ModelVoice {
  info: VoiceInfo;
  profile: VoiceProfile;
  models: RvcModels;
}

/**
 * The neural engine: separation by an MDX-Net model when the folder has one (the DSP separation
 * otherwise), conversion by RVC voices, which join the built-in voices in the library (those still
 * go through the DSP converter).
 */
export async function openOnnxEngine(o: OnnxEngineOptions): Promise<Engine> {
  const registry = await loadModels(o.modelsDir, o.log);
  try {
    const samplesDir = o.samplesDir ?? join(o.modelsDir, '.samples');
    const voices = new Map<string, ModelVoice>();
    for (const loaded of registry.voices.values()) {
      const m = loaded.manifest;
      if (getBuiltinVoice(m.id)) {
        o.log?.warn(`voice "${m.id}" left out: a built-in voice has that id`);
        continue;
      }
      voices.set(m.id, {
        info: voiceInfo(m, samplesDir),
        profile: voiceProfile(m),
        models: rvcModels(registry, loaded),
      });
    }
    for (const v of voices.values()) await ensureSample(v, o.log);
    const stagesFor = (voice: ModelVoice | undefined): CoverStages => ({
      engine: 'onnx',
      ...(registry.separator ? { separate: separateStage(registry) } : {}),
      ...(voice ? { convertVocal: rvcStage(voice.models) } : {}),
    });
    return {
      kind: 'onnx',
      description: `Neural models the operator supplies: ${registry.separator ? `separation by ${registry.separator.manifest.name}` : 'DSP separation'}, ${voices.size} RVC voice${voices.size === 1 ? '' : 's'} beside the built-in DSP voices.`,
      listVoices: () => [...listBuiltinVoices(), ...[...voices.values()].map((v) => v.info)],
      getVoice: (id) => voices.get(id)?.info ?? getBuiltinVoice(id),
      createCover: (opts: CoverOptions): Promise<CoverResult> => {
        const voice = typeof opts.voice === 'string' ? voices.get(opts.voice) : undefined;
        return renderCover(voice ? { ...opts, voice: voice.profile } : opts, stagesFor(voice));
      },
      close: () => registry.close(),
    };
  } catch (e) {
    await registry.close();
    throw e;
  }
}

function rvcModels(registry: ModelRegistry, voice: Loaded<RvcManifest>): RvcModels {
  const m = voice.manifest;
  const f0 = m.f0 ? registry.f0.get(m.f0) : undefined;
  return { voice, content: registry.content.get(m.content)!, ...(f0 ? { f0: new RmvpePitch(f0) } : {}) };
}

/** MDX-Net separation, then the lead's pitch and spectrum for the planner. */
function separateStage(registry: ModelRegistry): NonNullable<CoverStages['separate']> {
  const model = registry.separator!;
  return async (input, ctx, opts) => {
    const stems = await separateWithMdx(model, input, ctx.scratch, opts);
    const lead = analyseLead(stems.lead, input.frames);
    return { ...stems, ...lead, frames: input.frames };
  };
}

/** RVC conversion of the whole lead, moved by the plan's key. */
function rvcStage(models: RvcModels): NonNullable<CoverStages['convertVocal']> {
  return (lead, frames, plan, ctx, opts) =>
    convertWithRvc(models, lead, frames, plan.key.semitones, ctx.scratch.file('rvc-vocal.f32'), opts);
}

function voiceInfo(m: RvcManifest, samplesDir: string): VoiceInfo {
  return {
    id: m.id,
    name: m.name,
    category: m.category,
    description: m.description,
    range: { low: noteInfo(m.range.lowMidi), high: noteInfo(m.range.highMidi) },
    avatarSvg: avatarSvg(m.id, m.hue, m.category),
    samplePath: join(samplesDir, `${m.id}.mp3`),
  };
}

/** What the planner needs of a model voice: its range (for the auto key); the model does the timbre. */
function voiceProfile(m: RvcManifest): VoiceProfile {
  return {
    version: 1,
    id: m.id,
    name: m.name,
    pitch: {
      medianMidi: m.range.medianMidi,
      meanLogHz: Math.log(midiToHz(m.range.medianMidi)),
      stdSemitones: (m.range.highMidi - m.range.lowMidi) / 3.3,
      lowMidi: m.range.lowMidi,
      highMidi: m.range.highMidi,
    },
    envelopeDb: ENV_GRID_HZ.map(() => 0),
    formantScale: 1,
    breathiness: 0,
    vibrato: { rateHz: 5.5, depthCents: 0 },
    source: 'model',
  };
}

/**
 * Renders a model voice's sample clip when it is missing: the library's reference melody, sung in
 * the voice's key, through the voice's models. A failure leaves the voice without a sample.
 */
async function ensureSample(v: ModelVoice, log: EngineLog | undefined): Promise<void> {
  if (existsSync(v.info.samplePath)) return;
  const scratch = new ScratchDir();
  try {
    const ref = renderReferenceSinger(sampleTonic(v.profile.pitch.medianMidi));
    const src = scratch.file('sample-in.f32');
    const w = new RawPcmWriter(src, 1);
    w.write([ref.x]);
    w.close();
    const out = await convertWithRvc(
      v.models,
      { path: src, sampleRate: SAMPLE_RATE, channels: 1 },
      ref.x.length,
      0,
      scratch.file('sample-out.f32'),
    );
    const r = new RawPcmReader(out.path, SAMPLE_RATE, 1);
    const y = r.read(0, ref.x.length)[0]!;
    r.close();
    await writeSampleClip(y, SAMPLE_RATE, v.info.samplePath);
    log?.info?.(`rendered the sample of voice "${v.info.id}" to ${v.info.samplePath}`);
  } catch (e) {
    log?.warn(`voice "${v.info.id}" has no sample: ${(e as Error).message}`);
  } finally {
    scratch.dispose();
  }
}
