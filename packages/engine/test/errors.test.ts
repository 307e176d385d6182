import { writeFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCover, EngineError, trainVoice, analyzeAudio, separateAudio, EXIT_CODES } from '../src/index';
import { writeWav } from '../src/io/wav';
import { main } from '../src/cli/main';
import { MAX_SECONDS, partials, songWav, tempDir } from './helpers';

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).message.length).toBeGreaterThan(10);
    return (e as EngineError).code;
  }
}

describe('typed errors', () => {
  const dir = tempDir();
  const out = join(dir, 'out');
  const cover = (input: string, extra: Record<string, unknown> = {}) =>
    createCover({
      input,
      voice: 'velvet',
      outputs: [{ path: join(dir, 'cover.wav') }],
      threads: 1,
      maxSeconds: MAX_SECONDS,
      ...extra,
    });

  it('rejects a missing file', async () => {
    expect(await code(cover(join(dir, 'nope.wav')))).toBe('INPUT_NOT_FOUND');
  });

  it('rejects a text file as NOT_AUDIO', async () => {
    const p = join(dir, 'notes.txt');
    writeFileSync(p, 'these are not the droids you are looking for\n'.repeat(50));
    expect(await code(cover(p))).toBe('NOT_AUDIO');
  });

  it('rejects a damaged WAV as CORRUPT', async () => {
    const p = join(dir, 'bad.wav');
    const junk = Buffer.alloc(4000, 7);
    junk.write('RIFF', 0, 'latin1');
    junk.write('WAVEfmt ', 8, 'latin1');
    writeFileSync(p, junk);
    expect(await code(cover(p))).toBe('CORRUPT');
  });

  it('rejects empty files and WAVs without samples as EMPTY', async () => {
    const p = join(dir, 'zero.wav');
    writeFileSync(p, '');
    expect(await code(cover(p))).toBe('EMPTY');
    const q = join(dir, 'nosamples.wav');
    writeWav(q, 44100, [new Float32Array(0)]);
    expect(await code(cover(q))).toBe('EMPTY');
  });

  it('rejects digital silence as SILENT', async () => {
    const p = join(dir, 'silence.wav');
    writeWav(p, 44100, [new Float32Array(44100 * 3), new Float32Array(44100 * 3)]);
    expect(await code(cover(p))).toBe('SILENT');
    expect(await code(analyzeAudio(p, { threads: 1, maxSeconds: MAX_SECONDS }))).toBe('SILENT');
  });

  it('refuses a held tone as NO_VOCAL, and covers a sung melody', async () => {
    const sr = 44100;
    const tone = new Float32Array(sr * 3).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / sr));
    const p = join(dir, 'tone.wav');
    writeWav(p, sr, [tone, tone]);
    expect(await code(cover(p))).toBe('NO_VOCAL');
    expect(await code(cover(songWav(dir, 4), { outputs: [{ path: join(dir, 'sung.wav') }] }))).toBe('OK');
  }, 120_000);

  it('rejects inputs over the length limit as TOO_LONG', async () => {
    const p = songWav(dir, 4);
    expect(await code(cover(p, { maxSeconds: 2 }))).toBe('TOO_LONG');
  });

  it('rejects a training recording under 30 s as TOO_SHORT', async () => {
    const p = songWav(dir, 4);
    expect(await code(trainVoice(p))).toBe('TOO_SHORT');
  });

  it('rejects unknown voices and bad options', async () => {
    const p = songWav(dir, 4);
    expect(await code(cover(p, { voice: 'no-such-voice' }))).toBe('UNKNOWN_VOICE');
    expect(await code(cover(p, { reverb: 3 }))).toBe('BAD_OPTION');
    expect(await code(cover(p, { key: 1.5 }))).toBe('BAD_OPTION');
    expect(await code(cover(p, { outputs: [{ path: join(dir, 'x.ogg') }] }))).toBe('BAD_OPTION');
    expect(await code(cover(p, { voice: { version: 2 } as never }))).toBe('BAD_PROFILE');
  });

  it('cancels on an aborted signal and leaves no partial outputs', async () => {
    const p = songWav(dir, 4);
    const ac = new AbortController();
    const job = cover(p, { signal: ac.signal, onProgress: (x: number) => x > 0.3 && ac.abort() });
    expect(await code(job)).toBe('CANCELLED');
    expect(existsSync(join(dir, 'cover.wav'))).toBe(false);
    expect(partials(dir)).toEqual([]);
    expect(await code(separateAudio(join(dir, 'nope.wav'), { outDir: out, maxSeconds: MAX_SECONDS }))).toBe(
      'INPUT_NOT_FOUND',
    );
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    // A render and its cancellation on a busy 2-core machine can outlast vitest's default 5 s.
  }, 20000);

  it('CLI maps each error to its own exit code and prints the message as JSON', async () => {
    const writes: string[] = [];
    const orig = process.stdout.write.bind(process.stdout);
    const origErr = process.stderr.write.bind(process.stderr);
    process.stdout.write = ((s: string) => writes.push(s) > 0) as typeof process.stdout.write;
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      expect(
        await main(['cover', join(dir, 'nope.wav'), '--voice', 'velvet', '--out', join(dir, 'o.wav')]),
      ).toBe(EXIT_CODES.INPUT_NOT_FOUND);
      expect(
        await main(['cover', join(dir, 'song.wav'), '--voice', 'zzz', '--out', join(dir, 'o.wav')]),
      ).toBe(EXIT_CODES.UNKNOWN_VOICE);
      expect(await main(['frobnicate'])).toBe(EXIT_CODES.BAD_OPTION);
    } finally {
      process.stdout.write = orig;
      process.stderr.write = origErr;
    }
    const first = JSON.parse(writes[0]!) as { error: { code: string; message: string } };
    expect(first.error.code).toBe('INPUT_NOT_FOUND');
    expect(new Set(Object.values(EXIT_CODES)).size).toBe(Object.keys(EXIT_CODES).length);
  });
});
