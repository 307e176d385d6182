/** Pure builders for ffmpeg/ffprobe argument lists, kept separate so they are unit-tested. */
import { confinedInputArgs, decodeInputArgs } from './input-formats';

/** ffprobe arguments that print streams and format as JSON. */
export function probeArgs(input: string): string[] {
  return [
    '-v',
    'error',
    ...confinedInputArgs(),
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    '--',
    input,
  ];
}

/** ffmpeg arguments that decode the first audio stream to raw interleaved float32 at the native rate. */
export function decodeArgs(input: string, output: string, channels: 1 | 2, maxSeconds?: number): string[] {
  const args = decodeInputArgs(input);
  // Reading one second past the limit is enough to prove the input is too long.
  if (maxSeconds !== undefined) args.push('-t', String(maxSeconds + 1));
  args.push('-ac', String(channels), '-f', 'f32le', '-acodec', 'pcm_f32le', '-y', output);
  return args;
}

/** Output formats the encoder understands. */
export type EncodeFormat = { kind: 'wav' } | { kind: 'mp3'; bitrateKbps: number };

/** ffmpeg arguments that read raw float32 from stdin and encode to `output`. */
export function encodeArgs(
  sampleRate: number,
  channels: number,
  format: EncodeFormat,
  output: string,
): string[] {
  const args = ['-nostdin', '-hide_banner', '-v', 'error', '-f', 'f32le', '-ar', String(sampleRate)];
  args.push('-ac', String(channels), '-i', 'pipe:0');
  if (format.kind === 'mp3') {
    args.push('-c:a', 'libmp3lame', '-b:a', `${format.bitrateKbps}k`, '-f', 'mp3');
  } else {
    args.push('-c:a', 'pcm_s16le', '-f', 'wav');
  }
  args.push('-y', output);
  return args;
}

/** Picks the encode format from a file extension and an optional bitrate. */
export function formatForPath(path: string, bitrateKbps?: number): EncodeFormat | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith('.wav')) return { kind: 'wav' };
  if (lower.endsWith('.mp3')) return { kind: 'mp3', bitrateKbps: bitrateKbps ?? 320 };
  return undefined;
}
