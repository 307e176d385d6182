import { describe, expect, it } from 'vitest';
import { decodeArgs, decodedSeconds, probeArgs } from './media-probe';

describe('the media tools’ arguments on an upload', () => {
  it('probe and decode only the local file, with the accepted demuxers', () => {
    for (const args of [probeArgs('/data/a.mp3'), decodeArgs('/data/a.mp3', 1200)]) {
      expect(args.join(' ')).toContain('-protocol_whitelist file -format_whitelist mp3,wav,');
      // The options come before the input they confine.
      expect(args.indexOf('-protocol_whitelist')).toBeLessThan(
        args.findIndex((a) => a.includes('/data/a.mp3')),
      );
    }
    expect(decodeArgs('/data/a.mp3', 1200)).toEqual(
      expect.arrayContaining(['-i', 'file:/data/a.mp3', '-t', '1200', '-f', 'null', '-progress', 'pipe:1']),
    );
  });

  it.each([
    ['out_time_us=1250000\nout_time_ms=1250000\nprogress=end\n', 1.25],
    ['out_time_ms=500000\nprogress=continue\nout_time_ms=20010000\nprogress=end\n', 20.01],
    ['progress=end\n', null],
    ['', null],
  ])('reads how far decoding got: %j → %s', (progress, seconds) => {
    expect(decodedSeconds(progress)).toBe(seconds);
  });
});
