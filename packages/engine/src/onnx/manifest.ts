import { z } from 'zod';

/** A file of a model, relative to its manifest's folder, with the digest the operator vouches for. */
const modelFile = z.object({
  path: z
    .string()
    .min(1)
    .refine(
      (p) => !p.startsWith('/') && !p.split(/[\\/]/).includes('..'),
      'must stay inside the model folder',
    ),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
});

const id = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be 1–40 of a-z, 0-9 and -');
const rate = z.number().int().min(8000).max(192000);
const tensorName = z.string().min(1).max(200);

/** MDX-Net vocal separator (UVR's ONNX exports): STFT outside the model, [batch, 4, dim_f, dim_t] in and out. */
export const mdxManifest = z.object({
  kind: z.literal('mdx-separator'),
  id,
  name: z.string().min(1).max(100),
  files: z.object({ model: modelFile }),
  tensors: z.object({ input: tensorName, output: tensorName }),
  sampleRate: rate,
  stft: z.object({
    nFft: z.number().int().min(256).max(32768),
    hop: z.number().int().min(64).max(8192),
    dimF: z.number().int().min(16).max(16384),
    dimT: z.number().int().min(2).max(4096),
  }),
  /** Share of a chunk that overlaps the next (crossfaded with a window). */
  overlap: z.number().min(0.25).max(0.9).default(0.5),
  /** Gain the model's output is multiplied by (UVR's "compensate" per model). */
  compensate: z.number().min(0.5).max(2).default(1),
  /** What the model outputs: the vocal, or the instrumental (then vocal = mix − output). */
  outputStem: z.enum(['vocals', 'instrumental']).default('vocals'),
});

/** A speech-content encoder (ContentVec / HuBERT in ONNX): 16 kHz audio in, feature frames out. */
export const contentManifest = z.object({
  kind: z.literal('content-encoder'),
  id,
  name: z.string().min(1).max(100),
  files: z.object({ model: modelFile }),
  tensors: z.object({ input: tensorName, output: tensorName }),
  sampleRate: rate.default(16000),
  /** Feature frames per second (50 for ContentVec/HuBERT at 16 kHz). */
  frameRate: z.number().positive().max(1000).default(50),
  /** Feature size (768 for RVC v2, 256 for v1). */
  dim: z.number().int().min(1).max(4096),
  /** Input [1, 1, samples] or [1, samples]. */
  inputLayout: z.enum(['batch-channel-samples', 'batch-samples']).default('batch-channel-samples'),
  /** Output [1, frames, dim] or [1, dim, frames]. */
  outputLayout: z.enum(['frames-features', 'features-frames']).default('frames-features'),
});

/** RMVPE pitch model in ONNX: log-mel frames in, pitch-class salience out. */
export const rmvpeManifest = z.object({
  kind: z.literal('rmvpe'),
  id,
  name: z.string().min(1).max(100),
  files: z.object({ model: modelFile }),
  tensors: z.object({ input: tensorName, output: tensorName }),
  sampleRate: rate.default(16000),
  hop: z.number().int().min(1).max(4096).default(160),
  mel: z
    .object({
      bins: z.number().int().min(8).max(512).default(128),
      nFft: z.number().int().min(64).max(8192).default(1024),
      fMin: z.number().min(0).default(30),
      fMax: z.number().positive().default(8000),
    })
    .default({ bins: 128, nFft: 1024, fMin: 30, fMax: 8000 }),
  /** The model needs a frame count that is a multiple of this (its U-Net pools by 2⁵). */
  frameMultiple: z.number().int().min(1).max(1024).default(32),
  decode: z
    .object({
      classes: z.number().int().min(2).max(4096).default(360),
      centsOffset: z.number().default(1997.3794084376191),
      centsPerClass: z.number().positive().default(20),
      threshold: z.number().min(0).max(1).default(0.03),
    })
    .default({ classes: 360, centsOffset: 1997.3794084376191, centsPerClass: 20, threshold: 0.03 }),
});

/** An RVC v2 voice exported to ONNX, shown in the voice library like a built-in voice. */
export const rvcManifest = z.object({
  kind: z.literal('rvc-voice'),
  id,
  name: z.string().min(1).max(100),
  category: z.enum(['pop', 'soul', 'rock', 'folk', 'character']),
  description: z.string().min(1).max(300),
  files: z.object({ model: modelFile }),
  /** Id of the content-encoder manifest this voice was trained with. */
  content: id,
  /** Id of an RMVPE manifest; without it the engine's own pitch tracker gives the F0. */
  f0: id.optional(),
  tensors: z
    .object({
      phone: tensorName.default('phone'),
      phoneLengths: tensorName.default('phone_lengths'),
      pitch: tensorName.default('pitch'),
      pitchf: tensorName.default('pitchf'),
      speaker: tensorName.default('ds'),
      noise: tensorName.default('rnd'),
      audio: tensorName.default('audio'),
    })
    .default({
      phone: 'phone',
      phoneLengths: 'phone_lengths',
      pitch: 'pitch',
      pitchf: 'pitchf',
      speaker: 'ds',
      noise: 'rnd',
      audio: 'audio',
    }),
  /** Rate of the audio the model writes (32, 40 or 48 kHz for RVC). */
  sampleRate: rate,
  /** Model frames per second (content ×2): 100 for RVC. */
  frameRate: z.number().positive().max(1000).default(100),
  speaker: z.number().int().min(0).max(1000).default(0),
  noiseChannels: z.number().int().min(1).max(1024).default(192),
  /** Coarse pitch: mel-scaled f0 between these limits mapped onto 1..255. */
  f0Range: z
    .object({ minHz: z.number().positive().default(50), maxHz: z.number().positive().default(1100) })
    .default({ minHz: 50, maxHz: 1100 }),
  /** The voice's comfortable range (MIDI): the auto key moves the song's vocal median onto `medianMidi`. */
  range: z
    .object({
      lowMidi: z.number().min(20).max(110),
      highMidi: z.number().min(20).max(110),
      medianMidi: z.number().min(20).max(110),
    })
    .refine((r) => r.lowMidi <= r.medianMidi && r.medianMidi <= r.highMidi, 'must have low ≤ median ≤ high'),
  chunking: z
    .object({
      /** Longest piece of vocal sent to the model at once; cuts fall at quiet moments. */
      maxSegmentSec: z.number().min(0.5).max(120).default(20),
      /** Audio on each side of a piece that the model hears and the output drops. */
      padSec: z.number().min(0).max(5).default(0.5),
      /** Crossfade between neighbouring pieces. */
      crossfadeSec: z.number().min(0.005).max(1).default(0.04),
    })
    .default({ maxSegmentSec: 20, padSec: 0.5, crossfadeSec: 0.04 }),
  /** `match` gives each piece the loudness of the vocal it replaces; `model` keeps the model's level. */
  loudness: z.enum(['match', 'model']).default('match'),
  /** Colour of the generated avatar (0–359). */
  hue: z.number().int().min(0).max(359).default(200),
});

/** Any model manifest, told apart by `kind`. */
export const modelManifest = z.discriminatedUnion('kind', [
  mdxManifest,
  contentManifest,
  rmvpeManifest,
  rvcManifest,
]);

export type MdxManifest = z.infer<typeof mdxManifest>;
export type ContentManifest = z.infer<typeof contentManifest>;
export type RmvpeManifest = z.infer<typeof rmvpeManifest>;
export type RvcManifest = z.infer<typeof rvcManifest>;
export type ModelManifest = z.infer<typeof modelManifest>;

/** One line for the first problem zod found, with where it is. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid manifest';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'manifest';
  return `${where} ${issue.message}`;
}
