import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { mediaToolPath } from '@ai-covers/engine';

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
const PROBE_TIMEOUT_MS = 20_000;
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

function runFfprobe(file: string): Promise<FfprobeOutput | null> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', file];
  return new Promise((resolve) => {
    execFile(
      mediaToolPath('ffprobe'),
      args,
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return resolve(null);
        try {
          resolve(JSON.parse(stdout) as FfprobeOutput);
        } catch {
          resolve(null);
        }
      },
    );
  });
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
 * not. Never throws: what cannot be read is `none`.
 */
export async function probeMedia(
  source: { open: () => Promise<Readable>; localPath?: string | undefined },
  mimeType: string,
  size: number,
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
    return out ? factsOf(out) : NONE;
  } catch {
    return NONE;
  } finally {
    if (tmp) await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}
