import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaToolPath } from '../src/io/binaries';
import { probe } from '../src/io/probe';
import { decodeArgs, probeArgs } from '../src/io/ffmpeg-args';
import { songWav, tempDir } from './helpers';

// The engine's own ffmpeg and ffprobe runs read an input as one local file of an accepted container:
// a playlist that points elsewhere is not read, whatever its name says.
describe('confined input', () => {
  const dir = tempDir();

  it('puts the protocol and demuxer lists before the input', () => {
    for (const args of [probeArgs('x.mp3'), decodeArgs('x.mp3', 'o.f32', 2)]) {
      const input = args.lastIndexOf('x.mp3');
      expect(args[args.indexOf('-protocol_whitelist') + 1]).toBe('file');
      expect(args[args.indexOf('-format_whitelist') + 1]).toBe('mp3,wav,flac,aac,ogg,mov,matroska,avi');
      expect(args.indexOf('-format_whitelist')).toBeLessThan(input);
    }
  });

  it('refuses a playlist named like a song, which would read another file', async () => {
    const song = songWav(dir, 2);
    // A segment ffmpeg's playlist reader accepts (MPEG-TS): unconfined, the playlist reads as audio.
    const segment = join(dir, 'elsewhere.ts');
    execFileSync(mediaToolPath('ffmpeg'), [
      '-v',
      'error',
      '-y',
      '-i',
      song,
      '-c:a',
      'mp2',
      '-f',
      'mpegts',
      segment,
    ]);
    const playlist = join(dir, 'song.mp3');
    writeFileSync(
      playlist,
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nelsewhere.ts\n#EXT-X-ENDLIST\n',
    );
    await expect(probe(playlist)).rejects.toMatchObject({ code: expect.stringMatching(/NOT_AUDIO|CORRUPT/) });
    // The song itself is still read.
    await expect(probe(song)).resolves.toMatchObject({ channels: expect.any(Number) });
  });
});
