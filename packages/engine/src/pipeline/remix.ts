import { EngineError, throwIfAborted } from '../errors';
import { formatForPath } from '../io/ffmpeg-args';
import { decodeToRaw } from '../io/decode';
import { RawPcmReader, RawPcmWriter } from '../io/raw-pcm';
import { LoudnessMeter } from '../dsp/loudness';
import { Reverb } from '../dsp/reverb';
import type { OutputSpec } from '../types';
import { finalizeMix, type SinkTarget } from './finalize';
import { withRun } from './run';

/** Options of `remixStems`. */
export interface RemixOptions {
  /** The converted vocal stem (mono or stereo, dry) a cover wrote with `stemsDir`. */
  vocals: string;
  /** The instrumental stem of the same cover (same rate and length). */
  instrumental: string;
  /** Linear gains 0..4 (default 1 each). */
  levels?: { vocal?: number; instrumental?: number };
  /** Vocal reverb amount 0..1 (default 0.2, as in a cover). */
  reverb?: number;
  outputs: OutputSpec[];
  /** A watermarked excerpt, as a cover writes it. */
  preview?: { path: string; seconds: number };
  targetLufs?: number;
  maxSeconds: number;
  signal?: AbortSignal;
}

/** What `remixStems` wrote. */
export interface RemixResult {
  durationSec: number;
  outputs: Array<{ path: string; format: 'wav' | 'mp3'; durationSec: number }>;
  preview?: { path: string; durationSec: number };
  loudness: { integratedLufs: number; truePeakDbtp: number };
  timingsMs: { totalMs: number };
}

const CHUNK_SEC = 10;
const PREVIEW_FORMAT = { kind: 'mp3', bitrateKbps: 128 } as const;

/**
 * Mixes a finished cover again from its stems with other levels and reverb: no separation and no
 * conversion, only gain, reverb, loudness normalisation and encoding, so it takes seconds where
 * the cover took minutes. The mix follows the cover's own: instrumental + vocal + reverb(vocal).
 */
export async function remixStems(o: RemixOptions): Promise<RemixResult> {
  const t0 = performance.now();
  const vocalGain = o.levels?.vocal ?? 1;
  const instGain = o.levels?.instrumental ?? 1;
  const reverbAmount = o.reverb ?? 0.2;
  for (const [name, v] of [
    ['levels.vocal', vocalGain],
    ['levels.instrumental', instGain],
  ] as const)
    if (!(v >= 0 && v <= 4)) throw new EngineError('BAD_OPTION', `${name} must be between 0 and 4.`);
  if (!(reverbAmount >= 0 && reverbAmount <= 1))
    throw new EngineError('BAD_OPTION', `reverb must be between 0 and 1, got ${reverbAmount}.`);
  const outputs = o.outputs.map((t) => {
    const format =
      t.format === 'wav'
        ? ({ kind: 'wav' } as const)
        : t.format === 'mp3'
          ? ({ kind: 'mp3', bitrateKbps: t.bitrateKbps ?? 320 } as const)
          : formatForPath(t.path, t.bitrateKbps);
    if (!format) throw new EngineError('BAD_OPTION', `Output "${t.path}" must end in .wav or .mp3.`);
    return { path: t.path, format };
  });
  if (outputs.length === 0) throw new EngineError('BAD_OPTION', 'At least one output file is required.');

  return withRun(1, async ({ scratch, atomic }) => {
    const limits = { maxSeconds: o.maxSeconds, ...(o.signal ? { signal: o.signal } : {}) };
    const voc = await decodeToRaw(o.vocals, scratch.file('voc.f32'), limits);
    const inst = await decodeToRaw(o.instrumental, scratch.file('inst.f32'), limits);
    if (voc.sampleRate !== inst.sampleRate)
      throw new EngineError('BAD_OPTION', 'The vocal and instrumental stems have different sample rates.');
    const sr = inst.sampleRate;
    // The stems of one cover have the same length; a frame or two of encoder padding is cut off.
    const frames = Math.min(voc.frames, inst.frames);
    const vr = new RawPcmReader(voc.path, sr, voc.channels);
    const ir = new RawPcmReader(inst.path, sr, inst.channels);
    const mix = { path: scratch.file('mix.f32'), sampleRate: sr, channels: 2 };
    const writer = new RawPcmWriter(mix.path, 2);
    const meter = new LoudnessMeter(sr, 2, false);
    const reverb = new Reverb(sr, reverbAmount);
    try {
      const chunk = CHUNK_SEC * sr;
      for (let s = 0; s < frames; s += chunk) {
        throwIfAborted(o.signal);
        const n = Math.min(chunk, frames - s);
        const vb = vr.read(s, n);
        const ib = ir.read(s, n);
        const v = new Float32Array(n);
        const vl = vb[0]!;
        const vR = vb[1] ?? vl;
        for (let i = 0; i < n; i++) v[i] = 0.5 * (vl[i]! + vR[i]!) * vocalGain;
        const il = ib[0]!;
        const iR = ib[1] ?? il;
        const L = new Float32Array(n);
        const R = new Float32Array(n);
        for (let i = 0; i < n; i++) {
          L[i] = il[i]! * instGain + v[i]!;
          R[i] = iR[i]! * instGain + v[i]!;
        }
        reverb.process(v, L, R, n);
        writer.write([L, R]);
        meter.push([L, R]);
      }
    } finally {
      writer.close();
      vr.close();
      ir.close();
    }
    const targets: SinkTarget[] = outputs.map((x) => ({ path: atomic.temp(x.path), format: x.format }));
    const loud = await finalizeMix(
      mix,
      meter.integrated(),
      scratch,
      targets,
      o.preview
        ? { path: atomic.temp(o.preview.path), format: PREVIEW_FORMAT, seconds: o.preview.seconds }
        : undefined,
      {
        targetLufs: o.targetLufs ?? -14,
        ceilingDbtp: -1,
        ...(o.signal ? { signal: o.signal } : {}),
      },
    );
    throwIfAborted(o.signal);
    atomic.commit();
    const durationSec = frames / sr;
    return {
      durationSec,
      outputs: outputs.map((x) => ({ path: x.path, format: x.format.kind, durationSec })),
      ...(o.preview
        ? { preview: { path: o.preview.path, durationSec: Math.min(o.preview.seconds, durationSec) } }
        : {}),
      loudness: {
        integratedLufs: Math.round(loud.integratedLufs * 100) / 100,
        truePeakDbtp: Math.round(loud.truePeakDbtp * 100) / 100,
      },
      timingsMs: { totalMs: Math.round(performance.now() - t0) },
    };
  });
}
