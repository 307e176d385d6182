/**
 * The repository's own short melody (composed for this project, not from any song), used to
 * render every voice's sample clip. MIDI numbers relative to the tonic; durations in beats.
 */
export interface MelodyNote {
  /** Semitones above the tonic, or null for a rest. */
  step: number | null;
  beats: number;
  /** Vowel index into the synth's vowel table. */
  vowel: number;
}

/** "Lantern Song", 4 bars in 4/4 at 96 bpm. */
export const SAMPLE_MELODY: MelodyNote[] = [
  { step: 0, beats: 1, vowel: 0 },
  { step: 4, beats: 0.5, vowel: 1 },
  { step: 7, beats: 0.5, vowel: 0 },
  { step: 9, beats: 1.5, vowel: 3 },
  { step: 7, beats: 0.5, vowel: 0 },
  { step: 5, beats: 1, vowel: 2 },
  { step: 4, beats: 1, vowel: 1 },
  { step: 2, beats: 1.5, vowel: 4 },
  { step: null, beats: 0.5, vowel: 0 },
  { step: 4, beats: 0.5, vowel: 0 },
  { step: 5, beats: 0.5, vowel: 1 },
  { step: 7, beats: 1, vowel: 0 },
  { step: 12, beats: 1, vowel: 3 },
  { step: 11, beats: 0.5, vowel: 2 },
  { step: 7, beats: 0.5, vowel: 0 },
  { step: 4, beats: 1, vowel: 1 },
  { step: 0, beats: 2, vowel: 0 },
];

/** Tempo of the sample melody. */
export const SAMPLE_BPM = 96;
