import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EngineError } from '../errors';
import {
  describeIssue,
  modelManifest,
  type ContentManifest,
  type MdxManifest,
  type ModelManifest,
  type RmvpeManifest,
  type RvcManifest,
} from './manifest';
import { openSession, type ModelSession, type TensorSignature } from './session';

/** Each model lives in its own folder of MODELS_DIR with this file beside its weights. */
export const MANIFEST_FILE = 'manifest.json';

/** A model whose manifest, files, digest and tensor signatures were all checked. */
export interface Loaded<M extends ModelManifest> {
  manifest: M;
  dir: string;
  session: ModelSession;
}

/** Everything a models folder provides, ready to run. */
export interface ModelRegistry {
  separator: Loaded<MdxManifest> | undefined;
  content: Map<string, Loaded<ContentManifest>>;
  f0: Map<string, Loaded<RmvpeManifest>>;
  voices: Map<string, Loaded<RvcManifest>>;
  /** Voices left out, each with the one-line reason the log gives. */
  skipped: Array<{ id: string; reason: string }>;
  close(): Promise<void>;
}

/** Where to report voices left out (the server passes its logger). */
export interface RegistryLog {
  warn(message: string): void;
}

function invalid(message: string): EngineError {
  return new EngineError('MODEL_INVALID', message);
}

/**
 * Reads every `<id>/manifest.json` under `modelsDir`, checks each model's files and sha256, opens
 * it with onnxruntime and compares its inputs and outputs with the manifest. A broken separator,
 * content or pitch model, or an unreadable folder, throws one line naming the file and the
 * problem; a broken voice is left out (and reported) unless no voice is left at all.
 */
export async function loadModels(modelsDir: string, log?: RegistryLog): Promise<ModelRegistry> {
  const manifests = readManifests(modelsDir);
  const opened: ModelSession[] = [];
  const registry: ModelRegistry = {
    separator: undefined,
    content: new Map(),
    f0: new Map(),
    voices: new Map(),
    skipped: [],
    close: async () => {
      await Promise.all(opened.map((s) => s.release()));
    },
  };
  const open = async <M extends ModelManifest>(m: M, dir: string, sig: Signature): Promise<Loaded<M>> => {
    const file = join(dir, m.files.model.path);
    await checkFile(file, m.files.model.sha256);
    try {
      const session = await openSession(file, sig);
      opened.push(session);
      return { manifest: m, dir, session };
    } catch (e) {
      throw invalid(`${file}: ${(e as Error).message}`);
    }
  };
  try {
    for (const { manifest: m, dir } of manifests) {
      if (m.kind === 'mdx-separator') {
        if (registry.separator)
          throw invalid(`${join(dir, MANIFEST_FILE)}: a second separator; keep one in ${modelsDir}`);
        registry.separator = await open(m, dir, mdxSignature(m));
      } else if (m.kind === 'content-encoder')
        registry.content.set(m.id, await open(m, dir, contentSignature(m)));
      else if (m.kind === 'rmvpe') registry.f0.set(m.id, await open(m, dir, rmvpeSignature(m)));
    }
    const voices = manifests.filter(
      (x): x is { manifest: RvcManifest; dir: string } => x.manifest.kind === 'rvc-voice',
    );
    const failures: string[] = [];
    for (const { manifest: m, dir } of voices) {
      try {
        const content = registry.content.get(m.content);
        if (!content)
          throw invalid(
            `${join(dir, MANIFEST_FILE)}: voice "${m.id}" needs the content model "${m.content}", which ${modelsDir} does not have`,
          );
        if (m.f0 && !registry.f0.has(m.f0))
          throw invalid(
            `${join(dir, MANIFEST_FILE)}: voice "${m.id}" names the pitch model "${m.f0}", which ${modelsDir} does not have`,
          );
        registry.voices.set(m.id, await open(m, dir, rvcSignature(m, content.manifest.dim)));
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        failures.push(reason);
        registry.skipped.push({ id: m.id, reason });
        log?.warn(`voice "${m.id}" left out: ${reason}`);
      }
    }
    if (voices.length > 0 && registry.voices.size === 0) throw invalid(failures[0]!);
    if (!registry.separator && registry.voices.size === 0)
      throw invalid(
        `${modelsDir} holds no separator and no voice (each model goes in <id>/${MANIFEST_FILE})`,
      );
    return registry;
  } catch (e) {
    await registry.close();
    throw e;
  }
}

/** Parses every manifest, with one-line errors; ids must be unique. */
function readManifests(modelsDir: string): Array<{ manifest: ModelManifest; dir: string }> {
  let entries: string[];
  try {
    if (!statSync(modelsDir).isDirectory()) throw new Error('not a folder');
    entries = readdirSync(modelsDir).sort();
  } catch {
    throw invalid(`MODELS_DIR ${modelsDir} is not a readable folder`);
  }
  const out: Array<{ manifest: ModelManifest; dir: string }> = [];
  const seen = new Set<string>();
  for (const name of entries) {
    const dir = join(modelsDir, name);
    const file = join(dir, MANIFEST_FILE);
    if (!existsSync(file)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw invalid(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
    }
    const parsed = modelManifest.safeParse(raw);
    if (!parsed.success) throw invalid(`${file}: ${describeIssue(parsed.error)}`);
    if (seen.has(parsed.data.id)) throw invalid(`${file}: the id "${parsed.data.id}" is used twice`);
    seen.add(parsed.data.id);
    out.push({ manifest: parsed.data, dir });
  }
  return out;
}

/** Checks that a model file exists and has the digest its manifest gives. */
async function checkFile(file: string, sha256: string): Promise<void> {
  if (!existsSync(file)) throw invalid(`${file}: the file is missing`);
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  } catch {
    throw invalid(`${file}: the file cannot be read`);
  }
  const got = hash.digest('hex');
  if (got !== sha256) throw invalid(`${file}: sha256 is ${got}, the manifest says ${sha256}`);
}

type Signature = { inputs: TensorSignature[]; outputs: TensorSignature[] };

function mdxSignature(m: MdxManifest): Signature {
  const shape = [null, 4, m.stft.dimF, m.stft.dimT];
  return {
    inputs: [{ name: m.tensors.input, type: 'float32', shape }],
    outputs: [{ name: m.tensors.output, type: 'float32', shape }],
  };
}

function contentSignature(m: ContentManifest): Signature {
  return {
    inputs: [
      {
        name: m.tensors.input,
        type: 'float32',
        shape: m.inputLayout === 'batch-channel-samples' ? [1, 1, null] : [1, null],
      },
    ],
    outputs: [
      {
        name: m.tensors.output,
        type: 'float32',
        shape: m.outputLayout === 'frames-features' ? [1, null, m.dim] : [1, m.dim, null],
      },
    ],
  };
}

function rmvpeSignature(m: RmvpeManifest): Signature {
  return {
    inputs: [{ name: m.tensors.input, type: 'float32', shape: [1, m.mel.bins, null] }],
    outputs: [{ name: m.tensors.output, type: 'float32', shape: [1, null, m.decode.classes] }],
  };
}

function rvcSignature(m: RvcManifest, contentDim: number): Signature {
  const t = m.tensors;
  return {
    inputs: [
      { name: t.phone, type: 'float32', shape: [1, null, contentDim] },
      { name: t.phoneLengths, type: 'int64', shape: [1] },
      { name: t.pitch, type: 'int64', shape: [1, null] },
      { name: t.pitchf, type: 'float32', shape: [1, null] },
      { name: t.speaker, type: 'int64', shape: [1] },
      { name: t.noise, type: 'float32', shape: [1, m.noiseChannels, null] },
    ],
    outputs: [{ name: t.audio, type: 'float32', shape: [1, 1, null] }],
  };
}
