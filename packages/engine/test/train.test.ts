import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSong } from './support/synth-song';
import { createCover, parseProfile, trainVoice } from '../src/index';
import { writeWav } from '../src/io/wav';
import { MAX_SECONDS, tempDir } from './helpers';

describe('training', () => {
  it('builds a valid profile from a 32 s recording that a cover can use', async () => {
    const dir = tempDir();
    const s = generateSong({ durationSec: 32, vocalOnly: true, stereo: false, seed: 4, keyOffset: 3 });
    const rec = join(dir, 'me.wav');
    writeWav(rec, s.sampleRate, s.vocal);
    const profile = await trainVoice(rec, { name: 'Me', id: 'me' });
    expect(parseProfile(JSON.parse(JSON.stringify(profile)))).toBeTruthy();
    expect(profile.source).toBe('trained');
    // The owner's envelope per frame class travels with the profile (version 2).
    expect(profile.version).toBe(2);
    expect(profile.frameClasses?.centroids.length).toBeGreaterThanOrEqual(12);
    expect(profile.pitch.lowMidi).toBeLessThan(profile.pitch.highMidi);
    // The synthetic melody centres on MIDI 57 + 3; its median lies within a few semitones of that.
    expect(Math.abs(profile.pitch.medianMidi - 60)).toBeLessThan(6);
    writeFileSync(join(dir, 'me.json'), JSON.stringify(profile));
    const song = generateSong({ durationSec: 4, seed: 9 });
    const input = join(dir, 'song.wav');
    writeWav(input, song.sampleRate, song.mix);
    const r = await createCover({
      input,
      voice: profile,
      outputs: [{ path: join(dir, 'c.wav') }],
      threads: 1,
      maxSeconds: MAX_SECONDS,
    });
    expect(r.voiceId).toBe('me');
  }, 40000);
});
