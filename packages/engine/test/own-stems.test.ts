import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCover, EngineError, stemLengthsMatch } from '../src/index';
import { writeWav, readWav } from '../src/io/wav';
import { generateSong } from './support/synth-song';
import { MAX_SECONDS, tempDir } from './helpers';

describe('a cover from the user’s own stems', () => {
  const dir = tempDir();
  const song = generateSong({ durationSec: 5, seed: 3, stereo: true });
  const vocals = join(dir, 'vocal.wav');
  const instrumental = join(dir, 'inst.wav');
  writeWav(vocals, song.sampleRate, song.vocal);
  writeWav(instrumental, song.sampleRate, song.accompaniment);

  it('skips separation: the stems are used as given, and the cover comes out at full length', async () => {
    const r = await createCover({
      input: instrumental,
      ownVocals: vocals,
      voice: 'nimbus',
      outputs: [{ path: join(dir, 'own.wav') }],
      stemsDir: join(dir, 'stems'),
      maxSeconds: MAX_SECONDS,
      threads: 1,
    });
    expect(r.timingsMs.separateMs).toBeLessThan(50);
    expect(readWav(join(dir, 'own.wav')).channels[0]!.length).toBe(5 * song.sampleRate);
    // The "original vocal" stem is the user's own vocal, not a separation of it.
    expect(existsSync(join(dir, 'stems', 'original-vocals.wav'))).toBe(true);
  }, 120_000);

  it('refuses stems of clearly different lengths with STEMS_MISMATCH', async () => {
    const short = join(dir, 'short.wav');
    writeWav(
      short,
      song.sampleRate,
      song.vocal.map((c) => c.subarray(0, 2 * song.sampleRate)),
    );
    const failure = await createCover({
      input: instrumental,
      ownVocals: short,
      voice: 'nimbus',
      outputs: [{ path: join(dir, 'bad.wav') }],
      maxSeconds: MAX_SECONDS,
      threads: 1,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).code).toBe('STEMS_MISMATCH');
    expect(existsSync(join(dir, 'bad.wav'))).toBe(false);
  });

  it.each([
    [180, 180.9, true],
    [180, 183.5, true],
    [180, 185, false],
    [10, 11.5, false],
  ])('lengths %d s and %d s match: %s', (a, b, expected) => {
    expect(stemLengthsMatch(a, b)).toBe(expected);
  });
});
