/**
 * The benchmark's varied synthetic songs: every seed draws a voice type, key, tempo, instrument and
 * vocal image. Tuning seeds are the only songs the tuning script (tune-separation.ts) may look at;
 * the held-out seeds are what the results report.
 */
import { rng, type SongOptions } from '../../packages/engine/test/support/synth-song';
import type { Instrument } from '../../packages/engine/test/support/synth-variety';

/** Songs the tuning script optimises on. */
export const TUNING_SEEDS = [101, 102, 103, 104, 105, 106, 107, 108];
/** Songs reported in the results and never seen by the tuning script. */
export const HELD_OUT_SEEDS = [201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212];

const VOICES = [
  { type: 'bass', baseMidi: 45, formantScale: 0.95 },
  { type: 'tenor', baseMidi: 53, formantScale: 1 },
  { type: 'alto', baseMidi: 60, formantScale: 1.12 },
  { type: 'soprano', baseMidi: 67, formantScale: 1.2 },
] as const;
const INSTRUMENTS: Instrument[] = ['pad', 'piano', 'pluck', 'organ'];
const TEMPOS = [72, 92, 110, 128, 140];

/** A described song of the set. */
export interface SetSong {
  seed: number;
  label: string;
  options: SongOptions;
}

/** The song of `seed`: its voice, key, tempo, instrument and stereo vocal drawn from the seed. */
export function setSong(seed: number, durationSec: number, vocalToAccDb: number): SetSong {
  const r = rng(seed * 31 + 5);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
  const voice = pick(VOICES);
  const instrument = pick(INSTRUMENTS);
  const tempoBpm = pick(TEMPOS);
  const keyOffset = Math.floor(r() * 10) - 4;
  const vocalImage = { pan: (r() - 0.5) * 0.3, width: 0.3 + 0.7 * r(), reverb: 0.1 + 0.25 * r() };
  return {
    seed,
    label: `${voice.type}, ${instrument}, ${tempoBpm} bpm, key ${keyOffset >= 0 ? '+' : ''}${keyOffset}, reverb ${vocalImage.reverb.toFixed(2)}, pan ${vocalImage.pan.toFixed(2)}`,
    options: {
      durationSec,
      seed,
      vocalToAccDb,
      baseMidi: voice.baseMidi,
      formantScale: voice.formantScale,
      keyOffset,
      vibratoCents: 20 + Math.round(30 * r()),
      backing: { tempoBpm, instrument },
      vocalImage,
    },
  };
}
