import { open, stat } from 'node:fs/promises';
import { EngineError } from '../errors';
import { probeArgs } from './ffmpeg-args';
import { run } from './process';

/** What ffprobe says about an input, before decoding. */
export interface ProbeInfo {
  sampleRate: number;
  channels: number;
  durationSec: number | undefined;
  codec: string;
  container: string;
}

// Magic numbers of audio containers: a file that starts like audio but fails to parse is CORRUPT, not NOT_AUDIO.
const AUDIO_MAGIC: Array<[number, string]> = [
  [0, 'RIFF'],
  [0, 'ID3'],
  [0, 'fLaC'],
  [0, 'OggS'],
  [0, 'FORM'],
  [4, 'ftyp'],
  [0, 'caff'],
];

/** True when the first bytes look like a known audio container or an MPEG audio frame. */
export function looksLikeAudio(head: Buffer): boolean {
  for (const [off, magic] of AUDIO_MAGIC) {
    if (head.subarray(off, off + magic.length).toString('latin1') === magic) return true;
  }
  return head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
}

/** Checks existence/size and asks ffprobe for the first audio stream; throws typed errors. */
export async function probe(input: string, signal?: AbortSignal): Promise<ProbeInfo> {
  let size: number;
  try {
    const st = await stat(input);
    if (!st.isFile()) throw new EngineError('INPUT_NOT_FOUND', `Input is not a file: ${input}`);
    size = st.size;
  } catch (e) {
    if (e instanceof EngineError) throw e;
    throw new EngineError('INPUT_NOT_FOUND', `Input file not found: ${input}`);
  }
  if (size === 0) throw new EngineError('EMPTY', 'The file is empty (0 bytes).');
  const fh = await open(input, 'r');
  const head = Buffer.alloc(16);
  try {
    await fh.read(head, 0, 16, 0);
  } finally {
    await fh.close();
  }
  const res = await run('ffprobe', probeArgs(input), signal);
  if (res.code !== 0) {
    if (looksLikeAudio(head)) {
      throw new EngineError(
        'CORRUPT',
        `The audio file is damaged and cannot be read: ${firstLine(res.stderr)}`,
      );
    }
    throw new EngineError('NOT_AUDIO', 'The file is not an audio or video format that can be decoded.');
  }
  let parsed: { streams?: Array<Record<string, unknown>>; format?: Record<string, unknown> };
  try {
    parsed = JSON.parse(res.stdout) as typeof parsed;
  } catch {
    throw new EngineError('CORRUPT', 'ffprobe returned unreadable metadata for this file.');
  }
  const stream = (parsed.streams ?? []).find((s) => s['codec_type'] === 'audio');
  if (!stream) {
    throw new EngineError('NOT_AUDIO', 'The file contains no audio stream.');
  }
  const sampleRate = Number(stream['sample_rate']);
  const channels = Number(stream['channels']);
  if (!Number.isFinite(sampleRate) || sampleRate <= 0 || !Number.isFinite(channels) || channels <= 0) {
    throw new EngineError('CORRUPT', 'The audio stream has no valid sample rate or channel count.');
  }
  const d = Number(stream['duration'] ?? parsed.format?.['duration']);
  return {
    sampleRate,
    channels,
    durationSec: Number.isFinite(d) ? d : undefined,
    codec: String(stream['codec_name'] ?? 'unknown'),
    container: String(parsed.format?.['format_name'] ?? 'unknown'),
  };
}

function firstLine(s: string): string {
  const line = s.split('\n').find((l) => l.trim().length > 0) ?? 'unknown decoder error';
  return line.trim().slice(0, 200);
}
