import { execFile } from 'node:child_process';
import { INPUT_DEMUXERS, mediaToolPath, type MediaTool } from '@ai-covers/engine';

/**
 * The demuxers a user's file may be read with: the containers of the audio and video the product
 * takes (mp3, wav, flac, aac, ogg/opus, mp4/m4a/mov, webm/mkv, avi) and of the images it takes. A
 * file whose content ffmpeg recognises as anything else (a playlist, a concat list, a device, one
 * of hundreds of rarely used demuxers) is not read at all.
 */
export const ACCEPTED_DEMUXERS = [
  // The engine decodes songs with these same demuxers (its own runs are confined the same way).
  ...INPUT_DEMUXERS,
  'image2',
  'png_pipe',
  'jpeg_pipe',
  'bmp_pipe',
  'webp_pipe',
  'gif',
] as const;

/** Per-run limits of a media tool on user input. */
export interface RunLimits {
  /** Wall time, after which the run is killed (SIGKILL). */
  timeoutMs: number;
  /** Address space of the process, in bytes (Linux: `ulimit -v`). */
  memoryBytes: number;
  /** Bytes of stdout kept; more ends the run. */
  maxOutputBytes?: number;
}

export const PROBE_LIMITS: RunLimits = {
  timeoutMs: 20_000,
  memoryBytes: 1024 ** 3,
  maxOutputBytes: 4 * 1024 ** 2,
};

/**
 * Input options that confine a run to one local file read by an accepted demuxer: only the
 * `file` protocol (no http, no nested playlist or concat entries), only ACCEPTED_DEMUXERS.
 * They go before the `-i` (ffmpeg) or the file name (ffprobe).
 */
export function confinedInputArgs(): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', ACCEPTED_DEMUXERS.join(',')];
}

/**
 * The command that runs `tool` with `args` under a memory limit: through `sh -c 'ulimit -v …;
 * exec "$0" "$@"'`, the arguments passed as positional parameters (never parsed by the shell).
 * Where there is no POSIX shell (Windows) the tool runs without one.
 */
export function limitedCommand(
  toolPath: string,
  args: string[],
  memoryBytes: number,
  platform: NodeJS.Platform = process.platform,
): { file: string; args: string[] } {
  if (platform === 'win32') return { file: toolPath, args };
  const kib = Math.max(1, Math.floor(memoryBytes / 1024));
  return { file: '/bin/sh', args: ['-c', `ulimit -v ${kib} && exec "$0" "$@"`, toolPath, ...args] };
}

/** How a confined run ended: its stdout, or why there is none. */
export type RunOutcome =
  { ok: true; stdout: string; stderr: string } | { ok: false; reason: 'failed' | 'timeout'; stderr: string };

/**
 * Runs ffmpeg or ffprobe on user input within `limits`; the caller puts `confinedInputArgs()` in
 * front of its input. Never throws.
 */
export function runConfined(tool: MediaTool, args: string[], limits: RunLimits): Promise<RunOutcome> {
  const command = limitedCommand(mediaToolPath(tool), args, limits.memoryBytes);
  return new Promise((resolve) => {
    execFile(
      command.file,
      command.args,
      {
        timeout: limits.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: limits.maxOutputBytes ?? 1024 ** 2,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ ok: true, stdout, stderr });
        const overflow = (error as { code?: unknown }).code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
        const timedOut = !overflow && error.killed === true && error.signal === 'SIGKILL';
        resolve({ ok: false, reason: timedOut ? 'timeout' : 'failed', stderr });
      },
    );
  });
}
