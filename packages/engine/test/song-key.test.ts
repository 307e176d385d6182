import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCover } from '../src/index';
import { writeWav } from '../src/io/wav';
import { previewWindow } from '../src/pipeline/finalize';
import { pitchStats } from '../src/pitch/yin';
import { getVoiceProfile } from '../src/voice/library';
import { autoKey } from '../src/voice/plan';
import { generateSong } from './support/synth-song';
import { MAX_SECONDS, tempDir } from './helpers';

const SR = 16000;
const SECONDS = 16;
const PREVIEW_SEC = 4;
/** The preview's window is sung this many semitones above the rest of the song. */
const WINDOW_HIGHER = 9;

describe('the automatic key', () => {
  const dir = tempDir();

  it('is the whole song’s, whether the preview’s window is rendered first or not', async () => {
    // One song, but the stretch around the preview's window sung 9 semitones higher than the rest.
    const low = generateSong({ durationSec: SECONDS, sampleRate: SR, seed: 7, vocalToAccDb: 3 });
    const high = generateSong({
      durationSec: SECONDS,
      sampleRate: SR,
      seed: 7,
      vocalToAccDb: 3,
      keyOffset: WINDOW_HIGHER,
    });
    const [from, len] = previewWindow(SECONDS * SR, SR, PREVIEW_SEC);
    const [a, b] = [from - SR / 2, from + len + SR / 2];
    const mix = low.mix.map((c, i) => {
      const x = Float32Array.from(c);
      x.set(high.mix[i]!.subarray(a, b), a);
      return x;
    });
    const input = join(dir, 'song.wav');
    writeWav(input, SR, mix);
    const voice = 'copper';
    const cover = (name: string, first: boolean) =>
      createCover({
        input,
        voice,
        key: 'auto',
        outputs: [{ path: join(dir, `${name}.wav`) }],
        preview: { path: join(dir, `${name}.preview.mp3`), seconds: PREVIEW_SEC },
        maxSeconds: MAX_SECONDS,
        threads: 1,
        ...(first ? { onPreview: () => undefined } : {}),
      });
    const windowFirst = await cover('window-first', true);
    const whole = await cover('whole', false);
    expect(windowFirst.timingsMs['previewMs']).toBeGreaterThan(0);
    expect(whole.timingsMs['previewMs']).toBeUndefined();
    expect(windowFirst.key).toEqual(whole.key);
    expect(windowFirst.key.auto).toBe(true);

    // The key the whole song asks for, not the one its window alone would: the song's true median
    // and the window's are 9 semitones apart, so the two keys are too.
    const profile = getVoiceProfile(voice);
    const hop = low.f0Hop;
    const f0 = Float32Array.from(low.f0);
    f0.set(high.f0.subarray(Math.floor(a / hop), Math.ceil(b / hop)), Math.floor(a / hop));
    const songKey = autoKey(pitchStats(f0)!.medianMidi, profile);
    const windowKey = autoKey(pitchStats(high.f0)!.medianMidi, profile);
    expect(Math.abs(windowFirst.key.semitones - songKey)).toBeLessThan(
      Math.abs(windowFirst.key.semitones - windowKey),
    );
  }, 60000);
});
