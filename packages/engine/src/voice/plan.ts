import { EngineError } from '../errors';
import { pitchStats, type PitchStats } from '../pitch/yin';
import { envelopeAt, estimateFormantScale, ltasToEnvelope } from './envelope';
import type { VoiceProfile } from './profile';

/** How a song's vocal will be turned into the target voice. */
export interface ConversionPlan {
  key: { semitones: number; auto: boolean; instrumentSemitones: number };
  songPitch: PitchStats | undefined;
  sourceFormantScale: number;
  formantWarp: number;
  /** EQ toward the profile's long-term envelope, dB per FFT bin. */
  eqDb: Float32Array;
}

/** Auto key: whole semitones that move the song's vocal median onto the voice's median, within ±12. */
export function autoKey(songMedianMidi: number, voice: VoiceProfile): number {
  return Math.max(-12, Math.min(12, Math.round(voice.pitch.medianMidi - songMedianMidi)));
}

/**
 * The instrumental follows only the pitch-class part of the key change: a +12 shift leaves it alone,
 * +5 moves it by +5, +8 moves it by −4. The vocal stays in tune with the backing either way.
 */
export function instrumentShift(semitones: number): number {
  const r = semitones - 12 * Math.round(semitones / 12);
  return r === -6 ? 6 : r;
}

/** Builds the conversion plan from the separated vocal's pitch and spectrum. */
export function planConversion(
  profile: VoiceProfile,
  f0: Float32Array,
  ltas: Float64Array,
  sampleRate: number,
  fftSize: number,
  key: number | 'auto',
): ConversionPlan {
  const stats = pitchStats(f0);
  let semitones: number;
  if (key === 'auto') semitones = stats ? autoKey(stats.medianMidi, profile) : 0;
  else {
    if (!Number.isInteger(key) || Math.abs(key) > 24) {
      throw new EngineError(
        'BAD_OPTION',
        `Key must be a whole number of semitones between -24 and 24 or "auto", got ${key}.`,
      );
    }
    semitones = key;
  }
  const srcEnv = ltasToEnvelope(ltas, sampleRate, fftSize);
  const hasVocal = ltas.some((v) => v > 0);
  // Leakage in a separated vocal biases the estimate; keep it within the adult range it can really be.
  const sourceScale = hasVocal ? Math.max(0.85, Math.min(1.25, estimateFormantScale(srcEnv))) : 1;
  const formantWarp = Math.max(0.72, Math.min(1.45, profile.formantScale / sourceScale));
  const bins = fftSize / 2 + 1;
  const eqDb = new Float32Array(bins);
  if (hasVocal) {
    // Difference between the profile and the warped source envelope, mean-removed over the voice band.
    const diff = (f: number): number =>
      envelopeAt(profile.envelopeDb, f) - envelopeAt(srcEnv, f / formantWarp);
    let mean = 0;
    let n = 0;
    for (let f = 200; f <= 6000; f *= 1.05) {
      mean += diff(f);
      n++;
    }
    mean /= n;
    for (let k = 0; k < bins; k++) {
      const f = Math.max(80, (k * sampleRate) / fftSize);
      eqDb[k] = Math.max(-6, Math.min(6, 0.5 * (diff(Math.min(f, 9000)) - mean)));
    }
  }
  return {
    key: { semitones, auto: key === 'auto', instrumentSemitones: instrumentShift(semitones) },
    songPitch: stats,
    sourceFormantScale: sourceScale,
    formantWarp,
    eqDb,
  };
}
