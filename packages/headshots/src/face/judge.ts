import { createRequire } from 'node:module';
import path from 'node:path';
import type * as FaceApi from '@vladmandic/face-api';
import { getHumanBackend } from './human';

// The likeness judge: a second face-recognition model that the rest of the pipeline never uses
// (@vladmandic/face-api: SSD MobileNet detector, 68-point landmarks, a ResNet-34 face descriptor of
// 128 numbers, MIT). The pipeline's own likeness comes from @vladmandic/human's description model;
// a result must also pass this judge to be delivered, so a flaw that fools one model is caught by
// the other. Its models ship in the package and load from disk; nothing is fetched.

const require = createRequire(import.meta.url);

/** Descriptor distance (Euclidean) under which face-api reads two faces as the same person. */
export const JUDGE_MAX_DISTANCE = 0.6;

type Api = typeof FaceApi;
let loading: Promise<Api> | null = null;

/** The thread's face-api, on the same tfjs WASM engine the face library already set up. */
function getJudge(): Promise<Api> {
  loading ??= (async () => {
    // Human sets up the WASM backend with its binaries' path; face-api shares it (not its models).
    await getHumanBackend();
    const pkg = path.resolve(path.dirname(require.resolve('@vladmandic/face-api')), '..');
    const api = require(path.join(pkg, 'dist', 'face-api.node-wasm.js')) as Api;
    const models = path.join(pkg, 'model');
    await api.nets.ssdMobilenetv1.loadFromDisk(models);
    await api.nets.faceLandmark68Net.loadFromDisk(models);
    await api.nets.faceRecognitionNet.loadFromDisk(models);
    return api;
  })();
  return loading;
}

/** The judge's descriptor of the largest face in raw RGB pixels, or null when it finds no face. */
export async function judgeDescriptor(
  rgb: Uint8Array,
  width: number,
  height: number,
): Promise<number[] | null> {
  const api = await getJudge();
  const input = api.tf.tensor3d(Float32Array.from(rgb), [height, width, 3], 'float32');
  try {
    const found = await api
      .detectSingleFace(
        input as unknown as FaceApi.TNetInput,
        new api.SsdMobilenetv1Options({ minConfidence: 0.3 }),
      )
      .withFaceLandmarks()
      .withFaceDescriptor();
    return found ? Array.from(found.descriptor) : null;
  } finally {
    input.dispose();
  }
}

/** Euclidean distance of two descriptors (Infinity when either is missing). */
export function judgeDistance(a: readonly number[] | null, b: readonly number[] | null): number {
  if (!a || !b || a.length === 0 || a.length !== b.length) return Infinity;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(s);
}

/**
 * The judge's verdict on a result: its mean distance to the person's photos other than the one it
 * was made from (to that one when it is the only photo), and the largest of those distances.
 */
export function judgeAgainst(
  result: readonly number[] | null,
  references: readonly (readonly number[] | null)[],
  source: number,
): { mean: number; max: number } {
  // A photo the judge found no face in cannot vouch for anything; it is left out.
  const known = references.flatMap((r, i) => (r ? [{ r, i }] : []));
  const others = known.length > 1 ? known.filter((k) => k.i !== source) : known;
  const d = others.map((k) => judgeDistance(result, k.r));
  if (d.length === 0) return { mean: Infinity, max: Infinity };
  return { mean: d.reduce((a, b) => a + b, 0) / d.length, max: Math.max(...d) };
}
