/**
 * The demuxers an input may be read with: the containers of the audio and video the product takes
 * (mp3, wav, flac, aac, ogg/opus, mp4/m4a/mov, webm/mkv, avi). ffmpeg picks a demuxer by scoring a
 * file's first bytes; with this list it can only pick among these, so a file made to score higher as
 * a playlist, a concat list or a rare format is not read at all, and with only the `file` protocol
 * nothing in a file can make ffmpeg open another file or the network.
 */
export const INPUT_DEMUXERS = ['mp3', 'wav', 'flac', 'aac', 'ogg', 'mov', 'matroska', 'avi'] as const;

/** Input options (before `-i`, or before ffprobe's file name) confining a run to the above. */
export function confinedInputArgs(demuxers: readonly string[] = INPUT_DEMUXERS): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', demuxers.join(',')];
}

/** The start of a decode of an input's first audio stream, confined (no video, subtitles or data). */
export function decodeInputArgs(input: string): string[] {
  return [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    ...confinedInputArgs(),
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
  ];
}
