import { join } from 'node:path';
import { separateAudio, type SeparationVariant } from '../../packages/engine/src/index';
import { istft, stft, stftSetup } from '../../packages/engine/src/dsp/stft';
import { readWav, writeWav } from '../../packages/engine/src/io/wav';
import { sdr, siSdr } from './metrics';
import { generateSong, type Song } from './synth-song';

/** One row of the separation table. */
export interface SepRow {
  vocalToAccDb: number;
  method: string;
  vocalSdr: number;
  vocalSiSdr: number;
  accSdr: number;
}

/** Ideal ratio mask (power) computed from the true stems: the ceiling for any mask-based method. */
export function oracleIrm(song: Song): { vocal: Float32Array[]; acc: Float32Array[] } {
  const setup = stftSetup(2048);
  const vocal: Float32Array[] = [];
  const acc: Float32Array[] = [];
  song.mix.forEach((m, c) => {
    const sm = stft(m, setup);
    const sv = stft(song.vocal[c]!, setup);
    const sa = stft(song.accompaniment[c]!, setup);
    const mask = new Float32Array(sm.re.length);
    for (let i = 0; i < mask.length; i++) {
      const v = sv.re[i]! ** 2 + sv.im[i]! ** 2;
      const a = sa.re[i]! ** 2 + sa.im[i]! ** 2;
      mask[i] = v + a > 0 ? v / (v + a) : 0;
    }
    const ve = istft(sm.re, sm.im, sm.frames, setup, m.length, mask);
    vocal.push(ve);
    acc.push(Float32Array.from(m, (x, i) => x - ve[i]!));
  });
  return { vocal, acc };
}

const VARIANTS: SeparationVariant[] = ['centre', 'repet', 'centre-repet', 'full'];

/** Runs every method on synthetic songs at several vocal-to-accompaniment ratios, through the real pipeline. */
export async function benchSeparation(
  dir: string,
  ratios: number[],
  seconds: number,
  seeds: number[],
): Promise<SepRow[]> {
  const rows: SepRow[] = [];
  for (const ratio of ratios) {
    const acc: Record<string, number[][]> = {};
    const add = (k: string, v: number[]): void => {
      (acc[k] ??= []).push(v);
    };
    for (const seed of seeds) {
      const song = generateSong({ durationSec: seconds, vocalToAccDb: ratio, seed });
      const input = join(dir, `sep-${ratio}-${seed}.wav`);
      writeWav(input, song.sampleRate, song.mix);
      // Re-read the 16-bit file so every method, including pass-through, sees the same quantised mixture.
      const mix = readWav(input).channels;
      const score = (v: Float32Array[], a: Float32Array[]): number[] => [
        sdr(song.vocal, v),
        siSdr(song.vocal, v),
        sdr(song.accompaniment, a),
      ];
      add('mixture (pass-through)', score(mix, mix));
      for (const variant of VARIANTS) {
        const out = join(dir, `sep-${ratio}-${seed}-${variant}`);
        await separateAudio(input, { outDir: out, variant });
        add(
          variant,
          score(readWav(join(out, 'vocals.wav')).channels, readWav(join(out, 'accompaniment.wav')).channels),
        );
        process.stderr.write(`separation ${ratio} dB seed ${seed} ${variant}\n`);
      }
      const o = oracleIrm(song);
      add('oracle IRM', score(o.vocal, o.acc));
    }
    for (const [method, vals] of Object.entries(acc)) {
      const mean = (i: number): number => vals.reduce((s, v) => s + v[i]!, 0) / vals.length;
      rows.push({ vocalToAccDb: ratio, method, vocalSdr: mean(0), vocalSiSdr: mean(1), accSdr: mean(2) });
    }
  }
  return rows;
}
