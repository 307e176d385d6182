import { spawn } from 'node:child_process';
import type { Size } from '@ai-covers/contracts';
import { mediaToolPath } from '@ai-covers/engine';

/** Frames per second of share videos: smooth enough for a waveform, cheap to encode. */
export const VIDEO_FPS = 25;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * ffmpeg arguments of a share video: the still frame looped, the preview as the sound, and the
 * sound's waveform drawn live into the frame's lower band; H.264 + AAC in an MP4 that starts
 * playing before it has fully loaded. Progress goes to stdout (`-progress pipe:1`).
 */
export function shareVideoArgs(input: {
  frame: string;
  audio: string;
  output: string;
  size: Size;
  band: number;
  maxSeconds: number;
  fps?: number;
}): string[] {
  const fps = input.fps ?? VIDEO_FPS;
  const waveWidth = even(input.size.width * 0.86);
  const waveHeight = even(input.band * 0.7);
  const x = Math.round((input.size.width - waveWidth) / 2);
  const y = Math.round(input.size.height - input.band + (input.band - waveHeight) / 2);
  const filter = [
    `[1:a]aformat=channel_layouts=mono,showwaves=s=${waveWidth}x${waveHeight}:mode=cline:rate=${fps}:scale=sqrt:colors=white,format=rgba,colorchannelmixer=aa=0.85[wave]`,
    `[0:v]scale=${input.size.width}:${input.size.height},setsar=1[still]`,
    `[still][wave]overlay=${x}:${y}:shortest=1,format=yuv420p[v]`,
  ].join(';');
  return [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    '-loop',
    '1',
    '-framerate',
    String(fps),
    '-i',
    input.frame,
    '-i',
    input.audio,
    '-filter_complex',
    filter,
    '-map',
    '[v]',
    '-map',
    '1:a:0',
    '-t',
    input.maxSeconds.toFixed(3),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'stillimage',
    '-crf',
    '26',
    '-r',
    String(fps),
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-shortest',
    '-movflags',
    '+faststart',
    '-y',
    input.output,
  ];
}

/** ffprobe arguments that print a file's duration in seconds. */
export function durationArgs(file: string): string[] {
  return [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    '--',
    file,
  ];
}

/** Seconds of output written so far, from one block of ffmpeg's `-progress` lines (null if none). */
export function progressSeconds(text: string): number | null {
  let last: number | null = null;
  for (const match of text.matchAll(/^out_time_(us|ms)=(\d+)$/gm)) {
    // ffmpeg's out_time_ms is in microseconds too (a long-standing misnomer).
    last = Number(match[2]) / 1_000_000;
  }
  return last;
}

/** Runs ffmpeg or ffprobe (system or bundled, as resolved at start); stdout chunks go to `onStdout`; rejects with stderr's tail. */
export function runTool(
  bin: 'ffmpeg' | 'ffprobe',
  args: string[],
  options: { signal?: AbortSignal; onStdout?: (text: string) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(mediaToolPath(bin), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.length > 64_000) out = out.slice(-16_000);
      options.onStdout?.(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${bin} was not found`) : error),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${bin} exited with ${code}: ${err.trim()}`)),
    );
  });
}

/** A media file's duration in seconds (ffprobe). */
export async function probeDuration(file: string, signal?: AbortSignal): Promise<number> {
  const out = await runTool('ffprobe', durationArgs(file), { signal });
  const seconds = Number(out.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('the audio has no duration');
  return seconds;
}
