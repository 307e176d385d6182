import { EngineError } from '../errors';
import { ENV_GRID_HZ } from './envelope';

/** Everything the converter needs to know about a target voice. */
export interface VoiceProfile {
  version: 1;
  id: string;
  name: string;
  pitch: {
    /** Median sung pitch (MIDI). */
    medianMidi: number;
    /** Mean of ln(f0 / Hz) over voiced frames. */
    meanLogHz: number;
    /** Spread of sung pitch in semitones. */
    stdSemitones: number;
    /** Comfortable range, 5th and 95th percentile (MIDI). */
    lowMidi: number;
    highMidi: number;
  };
  /** Long-term spectral envelope in dB on ENV_GRID_HZ (64 points, 100 Hz – 8 kHz). */
  envelopeDb: number[];
  /** Formant frequencies relative to the engine's adult-male reference (1 = reference). */
  formantScale: number;
  /** 0..1 aspiration noise. */
  breathiness: number;
  vibrato: { rateHz: number; depthCents: number };
  /** How the profile was made. */
  source: 'builtin' | 'trained' | 'model';
  trainedSeconds?: number;
}

/** Validates an untrusted object (e.g. a profile.json) as a VoiceProfile or throws BAD_PROFILE. */
export function parseProfile(raw: unknown): VoiceProfile {
  const bad = (why: string): never => {
    throw new EngineError('BAD_PROFILE', `The voice profile is invalid: ${why}.`);
  };
  if (typeof raw !== 'object' || raw === null) return bad('not a JSON object');
  const p = raw as Record<string, unknown>;
  if (p['version'] !== 1) bad('unsupported version (expected 1)');
  if (typeof p['id'] !== 'string' || typeof p['name'] !== 'string') bad('id and name must be strings');
  const pitch = p['pitch'] as Record<string, unknown> | undefined;
  for (const k of ['medianMidi', 'meanLogHz', 'stdSemitones', 'lowMidi', 'highMidi']) {
    if (!pitch || typeof pitch[k] !== 'number' || !Number.isFinite(pitch[k]))
      bad(`pitch.${k} must be a number`);
  }
  const env = p['envelopeDb'];
  if (!Array.isArray(env) || env.length !== ENV_GRID_HZ.length || env.some((v) => typeof v !== 'number')) {
    bad(`envelopeDb must be ${ENV_GRID_HZ.length} numbers`);
  }
  const fs = p['formantScale'];
  if (typeof fs !== 'number' || fs < 0.5 || fs > 2) bad('formantScale must be between 0.5 and 2');
  const br = p['breathiness'];
  if (typeof br !== 'number' || br < 0 || br > 1) bad('breathiness must be between 0 and 1');
  const vib = p['vibrato'] as Record<string, unknown> | undefined;
  if (!vib || typeof vib['rateHz'] !== 'number' || typeof vib['depthCents'] !== 'number')
    bad('vibrato is missing');
  return raw as VoiceProfile;
}
