import { describe, expect, it } from 'vitest';
import { confinedInputArgs, limitedCommand, runConfined } from './confined';

describe('confined media runs', () => {
  it('read one local file with the accepted demuxers only', () => {
    const args = confinedInputArgs();
    expect(args.slice(0, 2)).toEqual(['-protocol_whitelist', 'file']);
    expect(args[2]).toBe('-format_whitelist');
    const formats = args[3]!.split(',');
    expect(formats).toEqual(expect.arrayContaining(['mp3', 'wav', 'flac', 'mov', 'matroska', 'ogg']));
    for (const never of ['hls', 'concat', 'http', 'lavfi', 'tty', 'ffmetadata', 'sdp', 'rtsp'])
      expect(formats).not.toContain(never);
  });

  it('run under a memory limit, the arguments never parsed by the shell', () => {
    const command = limitedCommand(
      '/usr/bin/ffprobe',
      ['--', '/tmp/a b;$(rm -rf x)'],
      512 * 1024 ** 2,
      'linux',
    );
    expect(command).toEqual({
      file: '/bin/sh',
      args: ['-c', 'ulimit -v 524288 && exec "$0" "$@"', '/usr/bin/ffprobe', '--', '/tmp/a b;$(rm -rf x)'],
    });
    expect(limitedCommand('ffprobe.exe', ['-version'], 1, 'win32')).toEqual({
      file: 'ffprobe.exe',
      args: ['-version'],
    });
  });

  it.runIf(process.platform !== 'win32')(
    'the limits hold: too little memory fails, too long is killed',
    async () => {
      const ok = await runConfined('ffprobe', ['-version'], { timeoutMs: 20_000, memoryBytes: 1024 ** 3 });
      expect(ok.ok).toBe(true);
      const starved = await runConfined('ffprobe', ['-version'], {
        timeoutMs: 20_000,
        memoryBytes: 4 * 1024 ** 2,
      });
      expect(starved).toMatchObject({ ok: false, reason: 'failed' });
      const endless = ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc', '-f', 'null', '-'];
      const started = Date.now();
      const killed = await runConfined('ffmpeg', endless, { timeoutMs: 1500, memoryBytes: 1024 ** 3 });
      expect(killed).toMatchObject({ ok: false, reason: 'timeout' });
      expect(Date.now() - started).toBeLessThan(10_000);
    },
  );
});
