import type { VoiceProfile } from './voice/profile';

/** One requested output file; the format comes from `format` or the extension. */
export interface OutputSpec {
  path: string;
  format?: 'wav' | 'mp3';
  /** MP3 bitrate, 320 (default) or 128. */
  bitrateKbps?: number;
}

/** Options of `createCover`. */
export interface CoverOptions {
  input: string;
  /**
   * The lead vocal as a file of its own (the user's stems): `input` is then the instrumental, and
   * separation is skipped. Their lengths must be close (STEMS_MISMATCH otherwise).
   */
  ownVocals?: string;
  /** Built-in voice id or a (trained) profile. */
  voice: string | VoiceProfile;
  /** Vocal transposition in whole semitones, or 'auto' (song's vocal median → voice median). */
  key?: number | 'auto';
  /** What to do with vocal content off the lead's harmonics: convert it, keep it, or drop it. */
  backing?: 'convert' | 'keep' | 'mute';
  /** Vocal reverb amount 0..1 (default 0.2). */
  reverb?: number;
  /** Linear gains applied before the final loudness normalisation (default 1 each). */
  levels?: { vocal?: number; backing?: number; instrumental?: number };
  outputs: OutputSpec[];
  /**
   * Also write `vocals.wav` (converted, dry), `instrumental.wav` and `original-vocals.wav` (the
   * separated lead before conversion) here.
   */
  stemsDir?: string;
  /**
   * A watermarked excerpt of `seconds` (the product's preview length lives in its contracts), written
   * to `path` or to `<first output>.preview.mp3`.
   */
  preview?: { path?: string; seconds: number };
  /**
   * With a preview: render the preview's window first, on its own, and call this as soon as the
   * preview file is written (seconds into a render, not at its end). An automatic key is the whole
   * song's either way (decision 235). Not with `ownVocals`, nor where the window is more than half the song
   * (it would be rendered nearly twice): the preview then comes with the rest, uncalled.
   */
  onPreview?: (preview: { path: string; durationSec: number }) => void;
  /** Integrated loudness target (default −14 LUFS); true peak is always ≤ −1 dBTP. */
  targetLufs?: number;
  /** Longest accepted input in seconds: the caller's limit (the product's lives in its contracts). */
  maxSeconds: number;
  /** Worker threads (default: one per core, max 4; 1 = in-thread). */
  threads?: number;
  /** Where intermediate files go (default: the OS temp folder); the caller may sweep it. */
  scratchDir?: string;
  signal?: AbortSignal;
  /** Progress 0..1 of the whole cover, with the step it is in (see CoverRenderStage). */
  onProgress?: (p: number, stage: CoverRenderStage) => void;
}

/**
 * The step a cover render is in: reading the song, separating the vocal from the accompaniment,
 * converting the voice, mixing and levelling (the blocks' mix when another engine converted the
 * vocal, then the loudness pass), writing the output files.
 */
export type CoverRenderStage = 'decode' | 'separate' | 'convert' | 'mix' | 'encode';

/** What `createCover` produced. */
export interface CoverResult {
  engine: string;
  voiceId: string;
  durationSec: number;
  sampleRate: number;
  outputs: Array<{ path: string; format: 'wav' | 'mp3'; durationSec: number }>;
  preview?: { path: string; durationSec: number };
  stems?: { vocals: string; instrumental: string; originalVocals: string };
  key: { semitones: number; auto: boolean; instrumentSemitones: number };
  songVocal: { medianNote: string; medianMidi: number; lowMidi: number; highMidi: number } | undefined;
  formantWarp: number;
  loudness: { integratedLufs: number; truePeakDbtp: number };
  /** Worker threads used (0 = processed in-thread). */
  workers: number;
  timingsMs: Record<string, number>;
}

/** Result of `analyzeAudio`. */
export interface Analysis {
  durationSec: number;
  sampleRate: number;
  channels: number;
  codec: string;
  loudnessLufs: number;
  samplePeakDb: number;
  vocal:
    | {
        medianMidi: number;
        medianNote: string;
        medianHz: number;
        lowMidi: number;
        highMidi: number;
        lowNote: string;
        highNote: string;
        voicedSec: number;
      }
    | undefined;
  /** Present when a voice was given: the auto key for it. */
  suggestedKey?: { voiceId: string; semitones: number };
  /** Auto key for every built-in voice (voice id → semitones). */
  suggestedKeys?: Record<string, number>;
}
