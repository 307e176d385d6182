import { join } from 'node:path';
import { separateAudio } from '../../packages/engine/src/index';
import { istft, stft, stftSetup } from '../../packages/engine/src/dsp/stft';
import { readWav, writeWav } from '../../packages/engine/src/io/wav';
import { generateSong, type Song } from '../../packages/engine/test/support/synth-song';
import { sdr, siSdr } from './metrics';
import { setSong } from './song-set';

/** One song at one vocal-to-accompaniment ratio. */
export interface SepRow {
  seed: number;
  label: string;
  vocalToAccDb: number;
  vocalSdr: number;
  vocalSiSdr: number;
  accSdr: number;
  /** The same song through an ideal ratio mask computed from the true stems: the ceiling of masks. */
  oracleSdr: number;
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

/** Separates every song of `seeds` at every ratio through the real pipeline (`separateAudio`). */
export async function benchSeparation(
  dir: string,
  seeds: number[],
  ratios: number[],
  seconds: number,
): Promise<SepRow[]> {
  const rows: SepRow[] = [];
  for (const ratio of ratios) {
    for (const seed of seeds) {
      const s = setSong(seed, seconds, ratio);
      const song = generateSong(s.options);
      const input = join(dir, `sep-${ratio}-${seed}.wav`);
      writeWav(input, song.sampleRate, song.mix);
      const out = join(dir, `sep-${ratio}-${seed}`);
      await separateAudio(input, { outDir: out, maxSeconds: seconds + 1 });
      const v = readWav(join(out, 'vocals.wav')).channels;
      const a = readWav(join(out, 'accompaniment.wav')).channels;
      const o = oracleIrm(song);
      rows.push({
        seed,
        label: s.label,
        vocalToAccDb: ratio,
        vocalSdr: sdr(song.vocal, v),
        vocalSiSdr: siSdr(song.vocal, v),
        accSdr: sdr(song.accompaniment, a),
        oracleSdr: sdr(song.vocal, o.vocal),
      });
      process.stderr.write(`separation ${ratio} dB seed ${seed}: ${rows.at(-1)!.vocalSdr.toFixed(2)} dB\n`);
    }
  }
  return rows;
}

/** Median, mean and range of a list. */
export function summary(values: number[]): { median: number; mean: number; min: number; max: number } {
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return {
    median: v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2,
    mean: v.reduce((a, b) => a + b, 0) / Math.max(1, v.length),
    min: v[0] ?? NaN,
    max: v.at(-1) ?? NaN,
  };
}
