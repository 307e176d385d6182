import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, FaceResult, Human } from '@vladmandic/human';

// Face detection, landmarks and embeddings come from @vladmandic/human on the tfjs WASM backend.
// Everything it needs (models, .wasm files) ships inside the installed packages; nothing is fetched.

const require = createRequire(import.meta.url);

/** Folder of the installed @vladmandic/human package (its exports map hides package.json). */
function humanRoot(): string {
  return path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
}

/** Folder holding the tfjs WASM binaries, with a trailing separator as tfjs expects. */
function wasmDir(): string {
  return path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), path.sep);
}

let guardInstalled = false;

/**
 * Human and tfjs load models through `fetch`. Node's fetch cannot read file:// URLs, and the pipeline
 * must never reach the network, so this thread's fetch serves files under the model folder and
 * refuses every other URL.
 */
function installModelFetch(modelDir: string): void {
  if (guardInstalled) return;
  guardInstalled = true;
  const root = path.resolve(modelDir) + path.sep;
  globalThis.fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file://')) throw new Error(`network access refused: ${url}`);
    const file = path.resolve(fileURLToPath(url));
    if (!file.startsWith(root)) throw new Error(`file outside the model folder refused: ${file}`);
    return new Response(await readFile(file), { status: 200 });
  };
}

/** Human configuration: face only; detection, mesh with iris, and the description model for embeddings. */
function humanConfig(modelDir: string): Partial<Config> {
  const config = {
    backend: 'wasm',
    wasmPath: wasmDir(),
    modelBasePath: pathToFileURL(modelDir + path.sep).href,
    cacheModels: false,
    debug: false,
    async: false,
    warmup: 'none',
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 8, minConfidence: 0.3, iouThreshold: 0.2, return: false },
      mesh: { enabled: true },
      attention: { enabled: false },
      iris: { enabled: true },
      description: { enabled: true },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  };
  return config as unknown as Partial<Config>;
}

let creating: Promise<Human> | null = null;
let loading: Promise<Human> | null = null;

/**
 * The thread's one Human instance with the tfjs WASM backend set up, its models not loaded: what
 * the likeness judge needs on its own thread (it shares the backend, not the models).
 */
export function getHumanBackend(): Promise<Human> {
  creating ??= (async () => {
    const root = humanRoot();
    const modelDir = path.join(root, 'models');
    installModelFetch(modelDir);
    const mod = require(path.join(root, 'dist', 'human.node-wasm.js')) as {
      Human: new (config: Partial<Config>) => Human;
    };
    const human = new mod.Human(humanConfig(modelDir));
    await human.init();
    return human;
  })();
  return creating;
}

/** The thread's one Human instance, models loaded on first use and reused for every later call. */
export function getHuman(): Promise<Human> {
  loading ??= (async () => {
    const human = await getHumanBackend();
    await human.load();
    return human;
  })();
  return loading;
}

/** Runs face detection on raw RGB pixels; coordinates in the result are pixels of that image. */
export async function detectFaces(rgb: Uint8Array, width: number, height: number): Promise<FaceResult[]> {
  const human = await getHuman();
  // tfjs wants a typed array it may read as int32; the pixels stay 0..255.
  const tensor = human.tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const result = await human.detect(tensor);
    return result.face;
  } finally {
    tensor.dispose();
  }
}
