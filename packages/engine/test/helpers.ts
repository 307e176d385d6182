import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSong } from './support/synth-song';
import { writeWav } from '../src/io/wav';

/** The song-length limit the tests pass, as the product passes its own from packages/contracts. */
export const MAX_SECONDS = 600;

/** Fresh temp dir for one test. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'engine-test-'));
}

/** Writes a short synthetic song (stereo unless mono) and returns its path. */
export function songWav(dir: string, seconds: number, opts: { mono?: boolean; seed?: number } = {}): string {
  const s = generateSong({ durationSec: seconds, seed: opts.seed ?? 11, stereo: !opts.mono });
  const p = join(dir, opts.mono ? 'mono.wav' : 'song.wav');
  writeWav(p, s.sampleRate, s.mix);
  return p;
}

/** Files in a directory that look like leftovers of an interrupted write. */
export function partials(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.includes('.partial'));
}
