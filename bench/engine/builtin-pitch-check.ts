/**
 * Built-in voices' melody at +3 and −12 semitones, judged by the three-tracker consensus: the real
 * sung line (Scratch's phrases) is covered a cappella and over the loops (vocal −3 dB), and the
 * converted stem's consensus pitch is compared with the dry line's moved by the key.
 *
 * Run: npx tsx bench/engine/builtin-pitch-check.ts  (JSON on stdout)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWav, writeWav } from '../../packages/engine/src/io/wav';
import { coverCli } from './judge/engine-cli';
import { consensusPitch, scorePitch } from './judge/pitch-consensus';
import { toJudgeRate } from './judge/tools';
import { mixOverLoops, sungLine } from './scratch-sounds';

const SR = 44100;
const VOICES = ['velvet', 'granite'];
const KEYS = [3, -12];

function cover(input: string, voice: string, key: number, dir: string): Float32Array {
  const stems = join(dir, `stems-${voice}-${key}`);
  coverCli(input, voice, key, join(dir, 'c.wav'), stems);
  return readWav(join(stems, 'vocals.wav')).channels[0]!;
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'builtin-pitch-'));
  try {
    const { vocal, mix } = mixOverLoops(sungLine(SR), SR, -3);
    const dry = join(dir, 'dry.wav');
    const song = join(dir, 'song.wav');
    writeWav(dry, SR, [vocal]);
    writeWav(song, SR, mix);
    const ref = consensusPitch(toJudgeRate(vocal, SR));
    const rows: Array<Record<string, unknown>> = [];
    for (const voice of VOICES) {
      for (const key of KEYS) {
        for (const [input, tag] of [
          [dry, 'a cappella'],
          [song, 'full mix'],
        ] as const) {
          process.stderr.write(`builtin ${voice} ${key} ${tag}\n`);
          const stem = cover(input, voice, key, dir);
          rows.push({
            voice,
            key,
            input: tag,
            ...scorePitch(ref, consensusPitch(toJudgeRate(stem, SR)), key),
          });
        }
      }
    }
    process.stdout.write(`${JSON.stringify({ rows }, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
