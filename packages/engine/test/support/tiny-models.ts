/**
 * Tiny stand-ins for the models an operator supplies, with the real signatures and outputs that
 * are simple functions of the inputs, written into a models folder with their manifests.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildModel, floats, int64s } from './onnx-builder';

/** Writes `<modelsDir>/<id>/model.onnx` and its manifest (with the file's real sha256). */
export function writeModel(modelsDir: string, manifest: Record<string, unknown>, bytes: Uint8Array): string {
  const id = String(manifest['id']);
  const dir = join(modelsDir, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'model.onnx'), bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const full = { ...manifest, files: { model: { path: 'model.onnx', sha256 } } };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(full, null, 2));
  return dir;
}

/** MDX-shaped model: output = input × gain per channel (L re, L im, R re, R im). */
export function mdxGainModel(
  dimF: number,
  dimT: number,
  gains: [number, number, number, number],
): Uint8Array {
  const shape = ['batch', 4, dimF, dimT];
  return buildModel({
    inputs: [{ name: 'input', type: 'float32', shape }],
    outputs: [{ name: 'output', type: 'float32', shape }],
    initializers: [floats('gain', [1, 4, 1, 1], gains)],
    nodes: [{ op: 'Mul', inputs: ['input', 'gain'], outputs: ['output'] }],
  });
}

/** Content-encoder-shaped model: feature 0 of each frame is the mean of its `hop` samples, the rest 0. */
export function contentMeanModel(dim: number, hop: number): Uint8Array {
  const w = new Float32Array(dim * hop);
  for (let i = 0; i < hop; i++) w[i] = 1 / hop;
  return buildModel({
    inputs: [{ name: 'source', type: 'float32', shape: [1, 1, 'samples'] }],
    outputs: [{ name: 'embed', type: 'float32', shape: [1, 'frames', dim] }],
    initializers: [floats('w', [dim, 1, hop], w)],
    nodes: [
      {
        op: 'Conv',
        inputs: ['source', 'w'],
        outputs: ['conv'],
        attrs: { kernel_shape: { ints: [hop] }, strides: { ints: [hop] } },
      },
      { op: 'Transpose', inputs: ['conv'], outputs: ['embed'], attrs: { perm: { ints: [0, 2, 1] } } },
    ],
  });
}

/** RMVPE-shaped model: salience is 1 at class `peak` in every frame, whatever the mel input. */
export function rmvpeConstantModel(melBins: number, classes: number, peak: number): Uint8Array {
  const bias = new Float32Array(classes);
  bias[peak] = 1;
  return buildModel({
    inputs: [{ name: 'input', type: 'float32', shape: [1, melBins, 'frames'] }],
    outputs: [{ name: 'output', type: 'float32', shape: [1, 'frames', classes] }],
    initializers: [
      floats('w', [melBins, classes], new Float32Array(melBins * classes)),
      floats('b', [classes], bias),
    ],
    nodes: [
      { op: 'Transpose', inputs: ['input'], outputs: ['t'], attrs: { perm: { ints: [0, 2, 1] } } },
      { op: 'MatMul', inputs: ['t', 'w'], outputs: ['m'] },
      { op: 'Add', inputs: ['m', 'b'], outputs: ['output'] },
    ],
  });
}

/** What the RVC-shaped model writes as audio, each frame held for `hop` samples. */
export type RvcProbe = 'pitchf' | 'pitch' | 'phone0';

/**
 * RVC-v2-shaped model (phone, phone_lengths, pitch, pitchf, ds, rnd → audio): every output frame
 * is `hop` samples holding one input value per frame, so the tests can read back what it was fed.
 */
export function rvcProbeModel(dim: number, hop: number, probe: RvcProbe): Uint8Array {
  const nodes =
    probe === 'pitchf'
      ? [{ op: 'Identity', inputs: ['pitchf'], outputs: ['v'] }]
      : probe === 'pitch'
        ? [{ op: 'Cast', inputs: ['pitch'], outputs: ['v'], attrs: { to: { i: 1 } } }]
        : [{ op: 'Gather', inputs: ['phone', 'zero'], outputs: ['v'], attrs: { axis: { i: 2 } } }];
  return buildModel({
    inputs: [
      { name: 'phone', type: 'float32', shape: [1, 'frames', dim] },
      { name: 'phone_lengths', type: 'int64', shape: [1] },
      { name: 'pitch', type: 'int64', shape: [1, 'frames'] },
      { name: 'pitchf', type: 'float32', shape: [1, 'frames'] },
      { name: 'ds', type: 'int64', shape: [1] },
      { name: 'rnd', type: 'float32', shape: [1, 192, 'frames'] },
    ],
    outputs: [{ name: 'audio', type: 'float32', shape: [1, 1, 'samples'] }],
    initializers: [
      { name: 'zero', dims: [], data: BigInt64Array.from([0n]) },
      int64s('col', [3], [1, -1, 1]),
      int64s('wide', [3], [1, 1, hop]),
      int64s('flat', [3], [1, 1, -1]),
    ],
    nodes: [
      ...nodes,
      { op: 'Reshape', inputs: ['v', 'col'], outputs: ['c'] },
      { op: 'Expand', inputs: ['c', 'wide'], outputs: ['e'] },
      { op: 'Reshape', inputs: ['e', 'flat'], outputs: ['audio'] },
    ],
  });
}
