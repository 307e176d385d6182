import { join } from 'node:path';
import { trainVoice } from '../../packages/engine/src/index';
import { writeWav } from '../../packages/engine/src/io/wav';
import { trackPitch, pitchStats } from '../../packages/engine/src/pitch/yin';
import { JUDGE_HOP, judgePitch } from './judge';
import { pitchShift, shifterHop } from '../../packages/engine/src/voice/convert';
import { autoKey } from '../../packages/engine/src/voice/plan';
import { getVoiceProfile } from '../../packages/engine/src/voice/library';
import { generateSong } from '../../packages/engine/test/support/synth-song';

/** Pitch accuracy of one conversion setting. */
export interface PitchRow {
  setting: string;
  semitones: number;
  medianCents: number;
  grossPct: number;
  frames: number;
}

/** Cents error of `y` against truth f0 × 2^(k/12), over frames voiced in both. */
export function pitchError(
  y: Float32Array,
  sr: number,
  truth: Float32Array,
  truthHop: number,
  k: number,
): Omit<PitchRow, 'setting' | 'semitones'> {
  // Judged by aubio's tracker, which the engine does not use.
  const est = judgePitch(y, sr);
  const errs: number[] = [];
  for (let t = 0; t < est.length; t++) {
    const ti = Math.round((t * JUDGE_HOP) / truthHop);
    const a = truth[ti] ?? 0;
    const b = est[t]!;
    if (a > 0 && b > 0) errs.push(Math.abs(1200 * Math.log2(b / (a * 2 ** (k / 12)))));
  }
  errs.sort((a, b) => a - b);
  return {
    medianCents: errs[errs.length >> 1] ?? NaN,
    grossPct: (100 * errs.filter((e) => e > 50).length) / Math.max(1, errs.length),
    frames: errs.length,
  };
}

/** Converts clean synthetic vocals by several keys and measures the pitch error. */
export function benchPitch(seconds: number): PitchRow[] {
  const song = generateSong({ durationSec: seconds, vocalOnly: true, stereo: false, seed: 21 });
  const x = song.vocal[0]!;
  const sr = song.sampleRate;
  const rows: PitchRow[] = [];
  const voice = getVoiceProfile('comet');
  const hop = shifterHop(sr);
  const voiced = Uint8Array.from(trackPitch(x, sr, hop).f0, (f) => (f > 0 ? 1 : 0));
  for (const k of [-7, -3, 2, 5, 12]) {
    const y = pitchShift(x, sr, { semitones: k, preserveEnvelope: true, formantWarp: 1.08 });
    rows.push({
      setting: 'key + formant warp 1.08',
      semitones: k,
      ...pitchError(y, sr, song.f0, song.f0Hop, k),
    });
    const z = pitchShift(x, sr, {
      semitones: k,
      preserveEnvelope: true,
      formantWarp: 1.08,
      breathiness: voice.breathiness,
      vibrato: voice.vibrato,
      voiced,
    });
    rows.push({
      setting: `+ breath and vibrato of "comet" (${voice.vibrato.depthCents} c)`,
      semitones: k,
      ...pitchError(z, sr, song.f0, song.f0Hop, k),
    });
  }
  return rows;
}

/** One training trial. */
export interface TrainRow {
  trueScale: number;
  trainedScale: number;
  scaleErrPct: number;
  trueKey: number;
  recoveredKey: number;
  seconds: number;
}

/** Trains on synthetic singers with known formant scale and key offset. */
export async function benchTraining(dir: string, seconds: number): Promise<TrainRow[]> {
  const trials: Array<[number, number]> = [
    [0.9, -5],
    [1.0, 0],
    [1.12, 4],
    [1.25, 9],
    [1.35, 12],
  ];
  const rows: TrainRow[] = [];
  // The reference song: same melody generator at key offset 0; its true median is what auto-key moves.
  const ref = generateSong({ durationSec: seconds, vocalOnly: true, stereo: false, seed: 33 });
  const refMedian = pitchStats(ref.f0)!.medianMidi;
  for (const [scale, key] of trials) {
    const s = generateSong({
      durationSec: seconds,
      vocalOnly: true,
      stereo: false,
      seed: 33,
      formantScale: scale,
      keyOffset: key,
    });
    const p = join(dir, `train-${scale}-${key}.wav`);
    writeWav(p, s.sampleRate, s.vocal);
    const prof = await trainVoice(p);
    const rec = autoKey(refMedian, prof);
    rows.push({
      trueScale: scale,
      trainedScale: prof.formantScale,
      scaleErrPct: (100 * Math.abs(prof.formantScale - scale)) / scale,
      trueKey: key,
      recoveredKey: rec,
      seconds,
    });
    process.stderr.write(`training scale ${scale} key ${key} → ${prof.formantScale.toFixed(3)}, ${rec}\n`);
  }
  return rows;
}
