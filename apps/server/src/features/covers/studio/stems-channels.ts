import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { mediaToolPath } from '@ai-covers/engine';
import { wavChannels } from './audio-tags';

/** A stem's upmix takes seconds; a minute means something is wrong. */
const UPMIX_TIMEOUT_MS = 60_000;

/**
 * ffmpeg's arguments that copy a mono WAV into both channels of a stereo one, sample for sample
 * (a pan, not a downmix matrix: no level change), as 16-bit PCM like the other stems.
 */
export function monoToStereoArgs(src: string, dest: string): string[] {
  return [
    '-nostdin',
    '-v',
    'error',
    '-i',
    src,
    '-af',
    'pan=stereo|c0=c0|c1=c0',
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    '-y',
    dest,
  ];
}

/** Channels of a WAV file, read from its header (null when it does not say). */
export async function channelsOf(file: string): Promise<number | null> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await fd.read(head, 0, head.length, 0);
    return wavChannels(head.subarray(0, bytesRead));
  } finally {
    await fd.close();
  }
}

/**
 * The stems of a zip in the song's channels: a mono stem beside stereo ones (the converted vocal)
 * becomes stereo, written to `dest`; returns the file to zip (`src` when nothing had to change).
 */
export async function inSongChannels(src: string, dest: string, songChannels: number): Promise<string> {
  if (songChannels !== 2 || (await channelsOf(src)) !== 1) return src;
  await new Promise<void>((resolve, reject) => {
    execFile(mediaToolPath('ffmpeg'), monoToStereoArgs(src, dest), { timeout: UPMIX_TIMEOUT_MS }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
  return dest;
}
