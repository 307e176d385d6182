import { EngineError } from '../errors';
import { ENV_GRID_HZ } from './envelope';
import { CLASS_FEATURE_DIM, type FrameClasses } from './frame-classes';

/** Profiles this engine writes; version 1 (no frame classes) still converts. */
export const PROFILE_VERSION = 2;
/** A profile carries at most this many frame classes (keeps a hostile file from costing much). */
const MAX_CLASSES = 64;

/** Everything the converter needs to know about a target voice. */
export interface VoiceProfile {
  /** 1: global traits only; 2: also the owner's frame classes (trained voices). */
  version: 1 | 2;
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
  /** The owner's envelope per frame class (version 2, trained voices). */
  frameClasses?: FrameClasses;
}

/** Validates an untrusted object (e.g. a profile.json) as a VoiceProfile or throws BAD_PROFILE. */
export function parseProfile(raw: unknown): VoiceProfile {
  const bad = (why: string): never => {
    throw new EngineError('BAD_PROFILE', `The voice profile is invalid: ${why}.`);
  };
  if (typeof raw !== 'object' || raw === null) return bad('not a JSON object');
  const p = raw as Record<string, unknown>;
  if (p['version'] !== 1 && p['version'] !== 2) bad('unsupported version (expected 1 or 2)');
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
  if (p['frameClasses'] !== undefined) {
    if (p['version'] !== 2) bad('frameClasses need version 2');
    checkFrameClasses(p['frameClasses'], bad);
  }
  return raw as VoiceProfile;
}

const isRowOf = (row: unknown, len: number): boolean =>
  Array.isArray(row) &&
  row.length === len &&
  row.every((v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e4);

function checkFrameClasses(raw: unknown, bad: (why: string) => never): void {
  const fc = raw as Record<string, unknown> | null;
  const c = fc?.['centroids'];
  const e = fc?.['envelopesDb'];
  if (
    !Array.isArray(c) ||
    !Array.isArray(e) ||
    c.length === 0 ||
    c.length > MAX_CLASSES ||
    e.length !== c.length
  )
    bad(`frameClasses must hold 1 to ${MAX_CLASSES} classes with one envelope each`);
  const cs = c as unknown[];
  const es = e as unknown[];
  if (!cs.every((r) => isRowOf(r, CLASS_FEATURE_DIM)))
    bad(`frameClasses.centroids must be rows of ${CLASS_FEATURE_DIM} numbers`);
  if (!es.every((r) => isRowOf(r, ENV_GRID_HZ.length)))
    bad(`frameClasses.envelopesDb must be rows of ${ENV_GRID_HZ.length} numbers`);
  if (fc?.['envelope'] !== undefined && fc['envelope'] !== 'pitch')
    bad('frameClasses.envelope must be "pitch"');
}
