import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import {
  PROBE_LIMITS,
  confinedInputArgs,
  runConfined,
  type RunLimits,
} from '../../../platform/media/confined';

/** What the file's content is, as measured by the server (never what the client said). */
export type MediaContent = 'audio' | 'video' | 'image' | 'none';

/** What the store learns about a file at upload (§3 callback: format, width, height, duration). */
export interface MediaFacts {
  content: MediaContent;
  format: string;
  width: number | null;
  height: number | null;
  duration: number | null;
}

const NONE: MediaFacts = { content: 'none', format: '', width: null, height: null, duration: null };
/**
 * Decoding measures at most this much: enough to tell any song the product takes from one that
 * is too long, without decoding hours of a long video.
 */
export const DECODE_CAP_SECONDS = 1200;
const DECODE_LIMITS: RunLimits = { timeoutMs: 60_000, memoryBytes: 1024 ** 3 };
// ffprobe's names of single-image "formats": a PNG renamed .mp3 is still an image.
const IMAGE_FORMAT = /(^|,)(image2|[a-z0-9]+_pipe|gif|apng|webp)(,|$)/;

interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
}

/** ffprobe's arguments: what the file is, read with the accepted demuxers from a local file only. */
export function probeArgs(file: string): string[] {
  return [
    '-v',
    'error',
    ...confinedInputArgs(),
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    '--',
    file,
  ];
}

/**
 * ffmpeg's arguments to decode the first audio stream (up to `capSeconds`) into nothing, printing
 * how far it got: the length of what is really there, whatever the header says.
 */
export function decodeArgs(file: string, capSeconds: number): string[] {
  return [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    ...confinedInputArgs(),
    '-i',
    `file:${file}`,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-t',
    String(capSeconds),
    '-f',
    'null',
    '-progress',
    'pipe:1',
    '-nostats',
    '-',
  ];
}

/** Seconds decoded, from ffmpeg's `-progress` lines (out_time_us, or out_time_ms: microseconds too). */
export function decodedSeconds(progress: string): number | null {
  let last: number | null = null;
  for (const match of progress.matchAll(/^out_time_(?:us|ms)=(\d+)$/gm)) last = Number(match[1]) / 1e6;
  return last;
}

async function runFfprobe(file: string): Promise<FfprobeOutput | null> {
  const run = await runConfined('ffprobe', probeArgs(file), PROBE_LIMITS);
  if (!run.ok) return null;
  try {
    return JSON.parse(run.stdout) as FfprobeOutput;
  } catch {
    return null;
  }
}

/**
 * The true length of the sound: decoded, so a truncated file (an MP3 whose header still counts
 * the frames that were cut) measures what it holds. Null when it cannot be decoded at all.
 */
async function measureByDecoding(file: string, headerSeconds: number | null): Promise<number | null> {
  const run = await runConfined('ffmpeg', decodeArgs(file, DECODE_CAP_SECONDS), DECODE_LIMITS);
  if (!run.ok) return null;
  const decoded = decodedSeconds(run.stdout);
  if (decoded === null || decoded <= 0) return null;
  // At the cap the file is at least that long: its header may say by how much more.
  if (decoded >= DECODE_CAP_SECONDS - 0.5) return Math.max(decoded, headerSeconds ?? 0);
  return Math.round(decoded * 1000) / 1000;
}

const seconds = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) / 1000 : null;
};

/** Reads what ffprobe found: the kind of content, its container, frame size and duration. */
export function factsOf(out: FfprobeOutput): MediaFacts {
  const formatName = (out.format?.format_name ?? '').toLowerCase();
  const streams = out.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  // Cover art inside an MP3 or M4A is a video stream flagged as an attached picture.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  // The image2 demuxer goes by the file's extension: only a decoded frame size makes it an image.
  const still = streams.find((st) => st.codec_type === 'video');
  const image = IMAGE_FORMAT.test(formatName) && (still?.width ?? 0) > 0 && (still?.height ?? 0) > 0;
  // On a covers site a video is worth keeping for its sound; ffprobe's "tty" reading of a text
  // file (a video of ANSI art) is no media at all.
  const content: MediaContent = image
    ? 'image'
    : formatName === 'tty' || IMAGE_FORMAT.test(formatName) || !audio
      ? 'none'
      : video
        ? 'video'
        : 'audio';
  const frame = video ?? (image ? streams.find((s) => s.codec_type === 'video') : undefined);
  return {
    content,
    format: formatName.split(',')[0] ?? '',
    width: frame?.width ?? null,
    height: frame?.height ?? null,
    duration:
      content === 'audio' || content === 'video'
        ? (seconds(out.format?.duration) ?? seconds(audio?.duration ?? video?.duration))
        : null,
  };
}

async function imageFacts(open: () => Promise<Readable>): Promise<MediaFacts | null> {
  const stream = await open();
  try {
    const meta = await stream.pipe(sharp({ limitInputPixels: 100_000_000 })).metadata();
    return {
      content: 'image',
      format: meta.format ?? '',
      width: meta.width ?? null,
      height: meta.height ?? null,
      duration: null,
    };
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}

/**
 * Measures a stored file from its bytes: images by their header (sharp), everything else by
 * ffprobe, so that a renamed file, a text file or a stated duration cannot pass for what it is
 * not; with `decode` (files from outside: uploads, fetched songs), sound is measured by decoding
 * it, never by the header. Never throws: what cannot be read is `none`.
 */
export async function probeMedia(
  source: { open: () => Promise<Readable>; localPath?: string | undefined },
  mimeType: string,
  size: number,
  options: { decode?: boolean } = {},
): Promise<MediaFacts> {
  if (size === 0) return NONE;
  if (mimeType.startsWith('image/') && size <= 50 * 1024 * 1024) {
    const facts = await imageFacts(source.open).catch(() => null);
    if (facts) return facts;
  }
  let file = source.localPath;
  let tmp: string | null = null;
  try {
    if (!file) {
      tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ai-covers-probe-'));
      file = path.join(tmp, 'upload');
      await pipeline(await source.open(), fs.createWriteStream(file));
    }
    const out = await runFfprobe(file);
    const facts = out ? factsOf(out) : NONE;
    if (!options.decode || (facts.content !== 'audio' && facts.content !== 'video')) return facts;
    const duration = await measureByDecoding(file, facts.duration);
    // Sound that does not decode is no sound.
    return duration === null ? { ...NONE, format: facts.format } : { ...facts, duration };
  } catch {
    return NONE;
  } finally {
    if (tmp) await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}
