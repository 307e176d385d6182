import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { measureLoudness } from '../dsp/loudness';
import { openSink } from '../io/encode';
import { formatForPath } from '../io/ffmpeg-args';
import { AtomicOutputs } from '../io/temp';
import { midiToHz } from '../pitch/yin';
import { pitchShift, shifterHop } from './convert';
import { referenceEnvelopeDb } from './envelope';
import { getVoiceProfile } from './library';
import { SAMPLE_BPM, SAMPLE_MELODY } from './melody';
import type { VoiceProfile } from './profile';

/** Rate of the sample clips. */
export const SAMPLE_RATE = 44100;
const SR = SAMPLE_RATE;
/** The reference singer sings in this key; the converter moves it to each voice. */
const REFERENCE_TONIC = 57;
const SAMPLE_LUFS = -18;

/**
 * A neutral reference singer: additive harmonics shaped by the reference vowel envelope, singing
 * the repository melody with tonic `tonicMidi`. Returns the signal and its voicing per shifter hop.
 */
export function renderReferenceSinger(tonicMidi: number): { x: Float32Array; voiced: Uint8Array } {
  const beat = 60 / SAMPLE_BPM;
  const total = SAMPLE_MELODY.reduce((a, n) => a + n.beats, 0) * beat + 0.5;
  const x = new Float32Array(Math.round(total * SR));
  const hop = shifterHop(SR);
  const voiced = new Uint8Array(Math.floor(x.length / hop) + 1);
  let t0 = 0.25;
  let phase = 0;
  for (const note of SAMPLE_MELODY) {
    const dur = note.beats * beat;
    if (note.step !== null) {
      const hz = midiToHz(tonicMidi + note.step);
      const nh = Math.floor(5000 / hz);
      const amps = Array.from(
        { length: nh },
        (_, h) => 10 ** (referenceEnvelopeDb((h + 1) * hz) / 20) / (h + 1),
      );
      const s0 = Math.round(t0 * SR);
      const s1 = Math.min(x.length, Math.round((t0 + dur) * SR));
      for (let i = s0; i < s1; i++) {
        const tn = (i - s0) / SR;
        const env = Math.min(1, tn / 0.04, (dur - tn) / 0.08);
        phase += hz / SR;
        let v = 0;
        for (let h = 0; h < nh; h++) v += amps[h]! * Math.sin(2 * Math.PI * (h + 1) * phase);
        x[i] = 0.2 * env * v;
        voiced[Math.floor(i / hop)] = 1;
      }
    }
    t0 += dur;
  }
  return { x, voiced };
}

/** Tonic of the sample melody for a voice: a fourth under its median, so the tune sits in its range. */
export function sampleTonic(medianMidi: number): number {
  return Math.round(medianMidi) - 5;
}

/** Renders a voice's sample clip (melody sung by the reference singer, converted to the voice) to .mp3 or .wav. */
export async function renderVoiceSample(voice: string | VoiceProfile, outPath: string): Promise<string> {
  const profile = typeof voice === 'string' ? getVoiceProfile(voice) : voice;
  const ref = renderReferenceSinger(REFERENCE_TONIC);
  const y = pitchShift(ref.x, SR, {
    semitones: sampleTonic(profile.pitch.medianMidi) - REFERENCE_TONIC,
    preserveEnvelope: true,
    formantWarp: profile.formantScale,
    breathiness: profile.breathiness,
    vibrato: profile.vibrato,
    voiced: ref.voiced,
  });
  return writeSampleClip(y, SR, outPath);
}

/** Writes a mono clip at −18 LUFS (peaks held under −0.4 dBFS), atomically, as .mp3 (64 kbps) or .wav. */
export async function writeSampleClip(y: Float32Array, sampleRate: number, outPath: string): Promise<string> {
  const { lufs } = measureLoudness([y], sampleRate);
  const g = Number.isFinite(lufs) ? 10 ** ((SAMPLE_LUFS - lufs) / 20) : 1;
  for (let i = 0; i < y.length; i++) y[i] = Math.max(-0.95, Math.min(0.95, y[i]! * g));
  mkdirSync(dirname(outPath), { recursive: true });
  const atomic = new AtomicOutputs();
  try {
    const sink = openSink(
      atomic.temp(outPath),
      sampleRate,
      1,
      formatForPath(outPath, 64) ?? { kind: 'mp3', bitrateKbps: 64 },
    );
    await sink.write([y]);
    await sink.finish();
    atomic.commit();
  } catch (e) {
    atomic.abort();
    throw e;
  }
  return outPath;
}
