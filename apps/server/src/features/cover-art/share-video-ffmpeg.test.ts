import { describe, expect, it } from 'vitest';
import { progressSeconds, shareVideoArgs } from './share-video-ffmpeg';
import { shareHead } from './share-page';

describe('share video ffmpeg arguments', () => {
  const args = shareVideoArgs({
    frame: 'f.png',
    audio: 'a.mp3',
    output: 'o.mp4',
    size: { width: 1080, height: 1920 },
    band: 384,
    maxSeconds: 30,
  });
  const after = (flag: string) => args[args.indexOf(flag) + 1];

  it('loops the still, takes the sound from the second input and stops at the shorter one', () => {
    expect(args.slice(args.indexOf('-loop'), args.indexOf('-loop') + 2)).toEqual(['-loop', '1']);
    expect(args.filter((a) => a === '-i')).toHaveLength(2);
    expect(after('-map')).toBe('[v]');
    expect(args).toContain('1:a:0');
    expect(args).toContain('-shortest');
    expect(after('-t')).toBe('30.000');
  });

  it('draws an even-sized waveform inside the frame, in the lower band', () => {
    const filter = after('-filter_complex')!;
    const [, w, h] = /showwaves=s=(\d+)x(\d+)/.exec(filter)!;
    expect((Number(w) % 2) + (Number(h) % 2)).toBe(0);
    expect(Number(w)).toBeLessThanOrEqual(1080);
    const [, , y] = /overlay=(\d+):(\d+)/.exec(filter)!;
    expect(Number(y)).toBeGreaterThanOrEqual(1920 - 384);
    expect(Number(y) + Number(h)).toBeLessThanOrEqual(1920);
  });

  it('encodes H.264 + AAC in an MP4 that starts before it has loaded', () => {
    expect(after('-c:v')).toBe('libx264');
    expect(after('-c:a')).toBe('aac');
    expect(after('-movflags')).toBe('+faststart');
    expect(args.at(-1)).toBe('o.mp4');
  });

  it('reads the seconds written from -progress output', () => {
    expect(progressSeconds('frame=10\nout_time_us=1500000\nout_time_ms=1500000\nprogress=continue\n')).toBe(
      1.5,
    );
    expect(progressSeconds('frame=1\nprogress=continue\n')).toBeNull();
  });
});

describe('share page head', () => {
  const html = '<html><head><title>AI Covers</title></head><body></body></html>';
  it('escapes what the owner typed', () => {
    const out = shareHead(
      html,
      {
        id: 'abc',
        title: '"><script>alert(1)</script>',
        voiceName: 'Velvet',
        imagePath: '/v1/share/abc/artwork.jpg',
        imageWidth: 1200,
        imageHeight: 1200,
        videoPath: null,
      },
      { origin: 'https://x.example', page: 'https://x.example/s/abc' },
    );
    expect(out).not.toContain('<script>');
    expect(out).toContain('&quot;&gt;&lt;script&gt;');
    expect(out.match(/<title>/g)).toHaveLength(1);
  });
});
