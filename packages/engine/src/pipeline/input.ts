import { EngineError } from '../errors';
import { decodeToRaw, type Decoded } from '../io/decode';
import { RawPcmReader } from '../io/raw-pcm';
import type { ScratchDir } from '../io/temp';
import { LoudnessMeter } from '../dsp/loudness';

/** A decoded input with its loudness, proven non-silent. */
export interface PreparedInput extends Decoded {
  loudnessLufs: number;
  samplePeakDb: number;
}

/** Decodes to scratch, measures loudness in chunks and rejects silence. */
export async function prepareInput(
  input: string,
  scratch: ScratchDir,
  limits: { maxSeconds: number; minSeconds?: number; signal?: AbortSignal },
): Promise<PreparedInput> {
  const decoded = await decodeToRaw(input, scratch.file('input.f32'), {
    maxSeconds: limits.maxSeconds,
    ...(limits.minSeconds !== undefined ? { minSeconds: limits.minSeconds } : {}),
    ...(limits.signal ? { signal: limits.signal } : {}),
  });
  const meter = new LoudnessMeter(decoded.sampleRate, decoded.channels, false);
  const r = new RawPcmReader(decoded.path, decoded.sampleRate, decoded.channels);
  try {
    const chunk = decoded.sampleRate * 10;
    for (let s = 0; s < decoded.frames; s += chunk) {
      const n = Math.min(chunk, decoded.frames - s);
      meter.push(r.read(s, n), n);
    }
  } finally {
    r.close();
  }
  const lufs = meter.integrated();
  const peak = meter.samplePeakDb();
  if (!Number.isFinite(lufs) || lufs < -60 || peak < -60) {
    throw new EngineError('SILENT', 'The audio is silent (or too quiet to process: below -60 dBFS).', {
      loudnessLufs: lufs,
      samplePeakDb: peak,
    });
  }
  return { ...decoded, loudnessLufs: lufs, samplePeakDb: peak };
}
