import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type * as Ort from 'onnxruntime-node';
import { EngineError } from '../errors';

type OrtModule = typeof Ort;
const requireModule = createRequire(import.meta.url);
let loaded: OrtModule | undefined;

/**
 * onnxruntime, loaded on first use. It is an optional dependency (its install script downloads CUDA
 * libraries when a package manager runs it), so a DSP-only install may not have it; ENGINE=onnx then
 * stops with one line saying what to install.
 */
export function onnxRuntime(load: (id: string) => unknown = requireModule): OrtModule {
  if (loaded && load === requireModule) return loaded;
  let module: OrtModule;
  try {
    module = load('onnxruntime-node') as OrtModule;
  } catch (e) {
    throw new EngineError('MODEL_INVALID', runtimeMissingMessage(e), undefined, e);
  }
  if (load === requireModule) loaded = module;
  return module;
}

/** The one line a deployment sees when onnxruntime-node is absent or its native binding cannot load. */
export function runtimeMissingMessage(e: unknown): string {
  const missing = (e as { code?: unknown } | null)?.code === 'MODULE_NOT_FOUND';
  const why = missing ? 'is not installed' : `cannot load (${firstLine(e)})`;
  return `ENGINE=onnx needs the onnxruntime-node package, which ${why}: run \`ONNXRUNTIME_NODE_INSTALL=skip npm install\` (its CPU build, no CUDA download) or use ENGINE=dsp`;
}

/** What a manifest says a model input or output is: element type and shape (null = any length). */
export interface TensorSignature {
  name: string;
  type: 'float32' | 'int64';
  shape: Array<number | null>;
}

/** A loaded model with the tensors it was checked to have. */
export interface ModelSession {
  readonly file: string;
  run(feeds: Record<string, Ort.Tensor>): Promise<Record<string, Ort.Tensor>>;
  release(): Promise<void>;
}

/** Inference threads per session: the machine's cores, at most 4 (the engine runs one model at a time). */
function intraOpThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * Opens `file` with onnxruntime (CPU) and checks its real inputs and outputs against what the
 * manifest promised. Returns a one-line reason instead of a session when they differ.
 */
export async function openSession(
  file: string,
  expect: { inputs: TensorSignature[]; outputs: TensorSignature[] },
): Promise<ModelSession> {
  const ort = onnxRuntime();
  let session: Ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(file, {
      executionProviders: ['cpu'],
      graphOptimizationLevel: 'all',
      intraOpNumThreads: intraOpThreads(),
      // Warnings (such as unused initialisers) are the model's business, not the server log's.
      logSeverityLevel: 3,
    });
  } catch (e) {
    throw new Error(`onnxruntime cannot load it (${firstLine(e)})`, { cause: e });
  }
  const problem =
    checkSide('input', session.inputNames, session.inputMetadata, expect.inputs, true) ??
    checkSide('output', session.outputNames, session.outputMetadata, expect.outputs, false);
  if (problem) {
    await session.release();
    throw new Error(problem);
  }
  return {
    file,
    run: async (feeds) => (await session.run(feeds)) as Record<string, Ort.Tensor>,
    release: () => session.release(),
  };
}

function checkSide(
  side: 'input' | 'output',
  names: readonly string[],
  meta: readonly Ort.InferenceSession.ValueMetadata[],
  expected: TensorSignature[],
  exact: boolean,
): string | undefined {
  for (const e of expected) {
    if (!names.includes(e.name))
      return `has no ${side} "${e.name}" (it has ${names.map((n) => `"${n}"`).join(', ')})`;
  }
  // Every input must be fed; an input the manifest does not know would be left empty.
  if (exact) {
    const extra = names.find((n) => !expected.some((e) => e.name === n));
    if (extra) return `has an ${side} "${extra}" the manifest does not describe`;
  }
  for (const e of expected) {
    const m = meta.find((x) => x.name === e.name);
    if (!m) continue;
    if (!m.isTensor) return `${side} "${e.name}" is not a tensor`;
    if (m.type !== e.type) return `${side} "${e.name}" is ${m.type}, expected ${e.type}`;
    const shape = m.shape;
    if (shape.length !== e.shape.length)
      return `${side} "${e.name}" has shape ${showShape(shape)}, expected ${showShape(e.shape)}`;
    for (let i = 0; i < shape.length; i++) {
      const want = e.shape[i];
      const got = shape[i];
      if (want !== null && want !== undefined && typeof got === 'number' && got >= 0 && got !== want)
        return `${side} "${e.name}" has shape ${showShape(shape)}, expected ${showShape(e.shape)}`;
    }
  }
  return undefined;
}

function showShape(shape: ReadonlyArray<number | string | null | undefined>): string {
  return `[${shape.map((d) => (d === null || d === undefined ? '?' : String(d))).join(', ')}]`;
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 200);
}

/** A float32 tensor. */
export function floatTensor(data: Float32Array, dims: number[]): Ort.Tensor {
  return new (onnxRuntime().Tensor)('float32', data, dims);
}

/** An int64 tensor from ordinary numbers. */
export function int64Tensor(values: ArrayLike<number>, dims: number[]): Ort.Tensor {
  const data = new BigInt64Array(values.length);
  for (let i = 0; i < values.length; i++) data[i] = BigInt(Math.round(values[i]!));
  return new (onnxRuntime().Tensor)('int64', data, dims);
}

/** The float data of an output tensor (throws if the model returned another type). */
export function floatData(t: Ort.Tensor | undefined, what: string): Float32Array {
  if (!t || t.type !== 'float32') throw new Error(`the model returned no float32 ${what}`);
  return t.data as Float32Array;
}
