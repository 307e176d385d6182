import { fileURLToPath } from 'node:url';
import { EngineError } from '../errors';
import { midiToHz, midiToName } from '../pitch/yin';
import { avatarSvg } from './avatar';
import { syntheticEnvelope } from './envelope';
import type { VoiceProfile } from './profile';

/** Categories of the built-in library. */
export type VoiceCategory = 'pop' | 'soul' | 'rock' | 'folk' | 'character';

/** Public description of a built-in voice. */
export interface VoiceInfo {
  id: string;
  name: string;
  category: VoiceCategory;
  description: string;
  range: {
    low: { note: string; midi: number; hz: number };
    high: { note: string; midi: number; hz: number };
  };
  /** Inline SVG (generated, abstract). */
  avatarSvg: string;
  /** Where the engine writes this voice's sample clip (see `renderVoiceSample`). */
  samplePath: string;
}

interface Spec {
  id: string;
  name: string;
  category: VoiceCategory;
  description: string;
  median: number;
  low: number;
  high: number;
  formant: number;
  tilt: number;
  breath: number;
  vibRate: number;
  vibDepth: number;
  hue: number;
}

// Original voices designed for this product; names are invented words, not people.
const SPECS: Spec[] = [
  {
    id: 'velvet',
    name: 'Velvet',
    category: 'soul',
    description: 'Warm, low alto with a slow, wide vibrato.',
    median: 62,
    low: 53,
    high: 72,
    formant: 1.12,
    tilt: -4,
    breath: 0.25,
    vibRate: 5.2,
    vibDepth: 45,
    hue: 330,
  },
  {
    id: 'ember',
    name: 'Ember',
    category: 'soul',
    description: 'Smoky baritone, dark and close to the microphone.',
    median: 50,
    low: 41,
    high: 60,
    formant: 0.94,
    tilt: -5,
    breath: 0.3,
    vibRate: 5,
    vibDepth: 35,
    hue: 20,
  },
  {
    id: 'nimbus',
    name: 'Nimbus',
    category: 'pop',
    description: 'Airy, breathy soprano for soft ballads.',
    median: 69,
    low: 60,
    high: 79,
    formant: 1.2,
    tilt: -2,
    breath: 0.55,
    vibRate: 5.8,
    vibDepth: 25,
    hue: 200,
  },
  {
    id: 'lumen',
    name: 'Lumen',
    category: 'pop',
    description: 'Bright, clean mezzo with a forward tone.',
    median: 65,
    low: 56,
    high: 75,
    formant: 1.15,
    tilt: 1,
    breath: 0.1,
    vibRate: 5.6,
    vibDepth: 30,
    hue: 50,
  },
  {
    id: 'comet',
    name: 'Comet',
    category: 'pop',
    description: 'Light tenor with quick vibrato, made for upbeat hooks.',
    median: 57,
    low: 48,
    high: 67,
    formant: 1.02,
    tilt: 0,
    breath: 0.15,
    vibRate: 6.2,
    vibDepth: 28,
    hue: 260,
  },
  {
    id: 'granite',
    name: 'Granite',
    category: 'rock',
    description: 'Gritty baritone with little vibrato and a hard edge.',
    median: 52,
    low: 43,
    high: 63,
    formant: 0.96,
    tilt: 2,
    breath: 0.2,
    vibRate: 5,
    vibDepth: 12,
    hue: 0,
  },
  {
    id: 'copper',
    name: 'Copper',
    category: 'rock',
    description: 'High, cutting rock tenor with a bright top.',
    median: 60,
    low: 50,
    high: 70,
    formant: 1.04,
    tilt: 3,
    breath: 0.12,
    vibRate: 5.7,
    vibDepth: 22,
    hue: 28,
  },
  {
    id: 'sable',
    name: 'Sable',
    category: 'rock',
    description: 'Dark contralto with a steady, straight tone.',
    median: 58,
    low: 50,
    high: 68,
    formant: 1.08,
    tilt: -1,
    breath: 0.18,
    vibRate: 5.3,
    vibDepth: 15,
    hue: 290,
  },
  {
    id: 'willow',
    name: 'Willow',
    category: 'folk',
    description: 'Gentle, intimate soprano, almost spoken.',
    median: 67,
    low: 59,
    high: 76,
    formant: 1.18,
    tilt: -3,
    breath: 0.45,
    vibRate: 5.5,
    vibDepth: 18,
    hue: 110,
  },
  {
    id: 'marigold',
    name: 'Marigold',
    category: 'folk',
    description: 'Round, open mezzo with a natural vibrato.',
    median: 63,
    low: 55,
    high: 73,
    formant: 1.13,
    tilt: -1,
    breath: 0.2,
    vibRate: 5.4,
    vibDepth: 32,
    hue: 40,
  },
  {
    id: 'basalt',
    name: 'Basalt',
    category: 'folk',
    description: 'Deep bass, slow and resonant.',
    median: 45,
    low: 36,
    high: 55,
    formant: 0.9,
    tilt: -4,
    breath: 0.15,
    vibRate: 4.8,
    vibDepth: 25,
    hue: 220,
  },
  {
    id: 'pixel',
    name: 'Pixel',
    category: 'character',
    description: 'Tiny cartoon voice: very high formants, no vibrato.',
    median: 74,
    low: 65,
    high: 84,
    formant: 1.4,
    tilt: 2,
    breath: 0.05,
    vibRate: 6,
    vibDepth: 0,
    hue: 160,
  },
  {
    id: 'giant',
    name: 'Giant',
    category: 'character',
    description: 'Enormous storybook voice with stretched, low formants.',
    median: 43,
    low: 33,
    high: 53,
    formant: 0.78,
    tilt: -3,
    breath: 0.1,
    vibRate: 4.5,
    vibDepth: 40,
    hue: 90,
  },
  {
    id: 'robo',
    name: 'Robo',
    category: 'character',
    description: 'Flat, buzzy machine tone with no breath and no vibrato.',
    median: 55,
    low: 45,
    high: 65,
    formant: 1.0,
    tilt: 5,
    breath: 0,
    vibRate: 5,
    vibDepth: 0,
    hue: 180,
  },
];

/** Folder the sample clips are rendered into (committed or generated on first use). */
export const SAMPLES_DIR = fileURLToPath(new URL('../../assets/samples/', import.meta.url));

/** A note as the voice library shows it: name, MIDI number, frequency. */
export function noteInfo(midi: number): { note: string; midi: number; hz: number } {
  return { note: midiToName(midi), midi, hz: Math.round(midiToHz(midi) * 10) / 10 };
}

function toProfile(s: Spec): VoiceProfile {
  const meanMidi = s.median;
  return {
    version: 1,
    id: s.id,
    name: s.name,
    pitch: {
      medianMidi: s.median,
      meanLogHz: Math.log(midiToHz(meanMidi)),
      stdSemitones: (s.high - s.low) / 3.3,
      lowMidi: s.low,
      highMidi: s.high,
    },
    envelopeDb: syntheticEnvelope(s.formant, s.tilt),
    formantScale: s.formant,
    breathiness: s.breath,
    vibrato: { rateHz: s.vibRate, depthCents: s.vibDepth },
    source: 'builtin',
  };
}

/** The built-in voice library. */
export function listVoices(): VoiceInfo[] {
  return SPECS.map((s) => ({
    id: s.id,
    name: s.name,
    category: s.category,
    description: s.description,
    range: { low: noteInfo(s.low), high: noteInfo(s.high) },
    avatarSvg: avatarSvg(s.id, s.hue, s.category),
    samplePath: `${SAMPLES_DIR}${s.id}.mp3`,
  }));
}

/** Profile of a built-in voice; throws UNKNOWN_VOICE with the valid ids. */
export function getVoiceProfile(id: string): VoiceProfile {
  const s = SPECS.find((v) => v.id === id);
  if (!s) {
    throw new EngineError(
      'UNKNOWN_VOICE',
      `Unknown voice "${id}". Built-in voices: ${SPECS.map((v) => v.id).join(', ')}; or pass a profile .json.`,
    );
  }
  return toProfile(s);
}

/** Public info of one built-in voice, or undefined. */
export function getVoice(id: string): VoiceInfo | undefined {
  return listVoices().find((v) => v.id === id);
}
