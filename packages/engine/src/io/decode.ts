import { statSync } from 'node:fs';
import { EngineError } from '../errors';
import { decodeArgs } from './ffmpeg-args';
import { probe, type ProbeInfo } from './probe';
import { run } from './process';
import type { RawPcmInfo } from './raw-pcm';

/** Limits applied while decoding. */
export interface DecodeLimits {
  maxSeconds: number;
  minSeconds?: number;
  signal?: AbortSignal;
}

/** A decoded input: raw float32 scratch file plus what ffprobe reported. */
export interface Decoded extends RawPcmInfo {
  probe: ProbeInfo;
  durationSec: number;
}

/**
 * Decodes any ffmpeg-readable input to a raw float32 file at its native rate (stereo kept,
 * surround folded to stereo), enforcing duration limits with typed errors.
 */
export async function decodeToRaw(input: string, rawPath: string, limits: DecodeLimits): Promise<Decoded> {
  const info = await probe(input, limits.signal);
  if (info.durationSec !== undefined && info.durationSec > limits.maxSeconds + 0.5) {
    throw tooLong(info.durationSec, limits.maxSeconds);
  }
  const channels: 1 | 2 = info.channels === 1 ? 1 : 2;
  const res = await run('ffmpeg', decodeArgs(input, rawPath, channels, limits.maxSeconds), limits.signal);
  if (res.code !== 0) {
    const line = res.stderr.split('\n').find((l) => l.trim()) ?? 'decoder failed';
    throw new EngineError('CORRUPT', `The audio could not be decoded: ${line.trim().slice(0, 200)}`);
  }
  const bytes = statSync(rawPath).size;
  const frames = Math.floor(bytes / (4 * channels));
  const durationSec = frames / info.sampleRate;
  if (frames === 0) throw new EngineError('EMPTY', 'The file contains no audio samples.');
  if (durationSec > limits.maxSeconds + 0.5) throw tooLong(durationSec, limits.maxSeconds);
  if (limits.minSeconds !== undefined && durationSec < limits.minSeconds) {
    throw new EngineError(
      'TOO_SHORT',
      `The audio is ${durationSec.toFixed(1)} s long; at least ${limits.minSeconds} s are needed.`,
      { durationSec, minSeconds: limits.minSeconds },
    );
  }
  return { path: rawPath, sampleRate: info.sampleRate, channels, frames, probe: info, durationSec };
}

function tooLong(duration: number, max: number): EngineError {
  return new EngineError(
    'TOO_LONG',
    `The audio is ${formatDuration(duration)} long; the limit is ${formatDuration(max)}.`,
    { durationSec: duration, maxSeconds: max },
  );
}

/** m:ss for messages. */
export function formatDuration(sec: number): string {
  const s = Math.round(sec);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
