/**
 * "Real recording" stand-in: espeak-ng speech-song (a real, non-synthetic voice signal with
 * consonants and noise) over a generated backing, encoded to MP3, covered through the CLI, then
 * checked by measurement: does the converted vocal follow the original melody contour shifted by
 * the chosen key, and does the backing survive? Needs `espeak-ng` and `sox` (apt-get install).
 * Run: npx tsx bench/engine/speech-check.ts
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWav, writeWav } from '../../packages/engine/src/io/wav';
import { judgePitch } from './judge';
import { corr } from './metrics';
import { generateSong } from '../../packages/engine/test/support/synth-song';

const LINES: Array<[string, number]> = [
  ['Lanterns glow along the river', 35],
  ['singing softly through the night', 55],
  ['every window holds a story', 70],
  ['every story holds a light', 45],
];

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'speech-check-'));
  try {
    const parts = LINES.map(([text, pitch], i) => {
      const p = join(dir, `l${i}.wav`);
      execFileSync('espeak-ng', ['-v', 'en+f3', '-s', '110', '-p', String(pitch), '-w', p, text]);
      return p;
    });
    const dry = join(dir, 'dry.wav');
    execFileSync('sox', [...parts, '-r', '44100', '-c', '1', '-b', '16', dry, 'pad', '0.5', '0.5']);
    const voice = readWav(dry).channels[0]!;
    const song = generateSong({ durationSec: voice.length / 44100, seed: 5, vocalToAccDb: 0 });
    const acc = song.accompaniment;
    let pv = 0;
    let pa = 0;
    for (let i = 0; i < voice.length; i++) {
      pv += voice[i]! ** 2;
      pa += (acc[0]![i]! ** 2 + acc[1]![i]! ** 2) / 2;
    }
    const g = Math.sqrt(pv / pa) * 10 ** (3 / 20); // vocal 3 dB under the backing
    const mix = [0, 1].map((c) => Float32Array.from(voice, (v, i) => 0.5 * (v + acc[c]![i]! * g)));
    const wav = join(dir, 'mix.wav');
    const mp3 = join(dir, 'mix.mp3');
    writeWav(wav, 44100, mix);
    execFileSync('ffmpeg', ['-v', 'error', '-i', wav, '-b:a', '192k', '-y', mp3]);
    const stems = join(dir, 'stems');
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'packages/engine/src/cli/main.ts',
        'cover',
        mp3,
        '--voice',
        'ember',
        '--key',
        process.argv[2] ?? '-5',
        '--out',
        join(dir, 'cover.wav'),
        '--stems-dir',
        stems,
      ],
      { encoding: 'utf8', cwd: new URL('../../', import.meta.url).pathname },
    );
    if (r.status !== 0) throw new Error(r.stdout + r.stderr);
    const res = JSON.parse(r.stdout) as { key: { semitones: number }; loudness: unknown };
    const conv = readWav(join(stems, 'vocals.wav')).channels[0]!;
    // Judged by aubio's tracker, which the engine does not use.
    const a = judgePitch(voice, 44100);
    const b = judgePitch(conv, 44100);
    const x: number[] = [];
    const y: number[] = [];
    const err: number[] = [];
    for (let t = 0; t < Math.min(a.length, b.length); t++) {
      if (a[t]! > 0 && b[t]! > 0) {
        x.push(1200 * Math.log2(a[t]!));
        y.push(1200 * Math.log2(b[t]!));
        err.push(Math.abs(1200 * Math.log2(b[t]! / (a[t]! * 2 ** (res.key.semitones / 12)))));
      }
    }
    err.sort((p, q) => p - q);
    const inst = readWav(join(stems, 'instrumental.wav')).channels;
    const k = res.key.semitones;
    const out = {
      input: 'espeak-ng speech-song (4 lines, 4 pitch levels) over generated backing, vocal −3 dB, MP3 192k',
      voice: 'ember',
      key: k,
      voicedFramesBoth: x.length,
      pitchContourCorrelation: Number(corr(x, y).toFixed(3)),
      medianPitchErrorCents: Number((err[err.length >> 1] ?? NaN).toFixed(1)),
      grossPct: Number(((100 * err.filter((e) => e > 50).length) / Math.max(1, err.length)).toFixed(1)),
      instrumentalVsBackingCorrelation: Number(
        corr(Array.from(inst[0]!.subarray(0, 44100 * 5)), Array.from(acc[0]!.subarray(0, 44100 * 5))).toFixed(
          3,
        ),
      ),
      note: 'instrumental correlation is only meaningful when the instrument shift is 0 (key a multiple of 12); with key -5 it is transposed',
      loudness: res.loudness,
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
