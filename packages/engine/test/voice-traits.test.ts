import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineError, trainVoice } from '../src/index';
import { writeWav } from '../src/io/wav';
import { tempDir } from './helpers';
import { analysisFftSize, stft, stftSetup } from '../src/dsp/stft';
import { trackPitch } from '../src/pitch/yin';
import { FormantStats } from '../src/voice/formant-lpc';
import {
  accumulateVibrato,
  newVibratoAccumulator,
  straightNoteFrames,
  vibratoOf,
} from '../src/voice/vibrato';
import { generateSong } from './support/synth-song';
import { JOURNEY_SUPPORT, journeyRecording } from './support/journey-song';

const DT = 0.01;

/** A pitch track (Hz per 10 ms frame) from a cents function of time, voiced in [on, off) spans. */
function track(seconds: number, cents: (t: number) => number, voiced: (t: number) => boolean): Float32Array {
  const f0 = new Float32Array(Math.round(seconds / DT));
  for (let i = 0; i < f0.length; i++) {
    const t = i * DT;
    f0[i] = voiced(t) ? 220 * 2 ** (cents(t) / 1200) : 0;
  }
  return f0;
}

describe('vibrato from held notes only', () => {
  it('speech-like intonation (syllable glides, falls, short voiced runs) gives no vibrato', () => {
    // Syllables of 0.15–0.35 s gliding over several semitones, with phrase-final falls.
    const f0 = track(
      30,
      (t) => 300 * Math.sin(2 * Math.PI * 0.7 * t) + 200 * Math.sin(2 * Math.PI * 2.3 * t) - 150 * (t % 3),
      (t) => t % 0.5 < 0.3 + 0.05 * Math.sin(t),
    );
    const acc = newVibratoAccumulator();
    accumulateVibrato(f0, DT, acc);
    expect(vibratoOf(acc).depthCents).toBe(0);
  });

  it('long speech-like glides without held notes give none either', () => {
    const f0 = track(
      30,
      (t) => 500 * Math.sin(2 * Math.PI * 0.9 * t),
      (t) => t % 2 < 1.5,
    );
    const acc = newVibratoAccumulator();
    accumulateVibrato(f0, DT, acc);
    expect(vibratoOf(acc).depthCents).toBe(0);
  });

  it('held sung notes with 5.5 Hz, ±60 c vibrato are measured as such', () => {
    const notes = [0, 200, 400, 500, 700, 500, 400, 200];
    const f0 = track(
      16,
      (t) => notes[Math.floor(t / 2) % notes.length]! + 60 * Math.sin(2 * Math.PI * 5.5 * t),
      (t) => t % 2 < 1.7,
    );
    const acc = newVibratoAccumulator();
    accumulateVibrato(f0, DT, acc);
    const v = vibratoOf(acc);
    expect(v.rateHz).toBeGreaterThan(5);
    expect(v.rateHz).toBeLessThan(6);
    // A sine of ±60 c has an RMS of 42 c, i.e. √2·RMS = 60 c, somewhat reduced by the note edges.
    expect(v.depthCents).toBeGreaterThan(45);
    expect(v.depthCents).toBeLessThan(70);
  });

  it('held notes sung straight give no vibrato', () => {
    const f0 = track(
      16,
      (t) => 100 * Math.floor(t / 2),
      (t) => t % 2 < 1.7,
    );
    const acc = newVibratoAccumulator();
    accumulateVibrato(f0, DT, acc);
    expect(vibratoOf(acc).depthCents).toBe(0);
  });
});

describe("a voice's vibrato goes on straight notes only", () => {
  // 0–1 s a straight note, 1–2 s a note with the singer's own ±40 c vibrato, 2–3 s a speech-like glide.
  const f0 = track(
    3,
    (t) => (t < 1 ? 0 : t < 2 ? 40 * Math.sin(2 * Math.PI * 5.5 * t) : 300 * (t - 2)),
    (t) => t % 1 < 0.95,
  );
  const marked = straightNoteFrames(f0, DT);
  const share = (a: number, b: number): number =>
    marked.subarray(Math.round(a / DT), Math.round(b / DT)).reduce((s, v) => s + v, 0) /
    Math.round((b - a) / DT);

  it('marks most of a straight note', () => expect(share(0, 0.95)).toBeGreaterThan(0.8));
  it("leaves the singer's own vibrato alone", () => expect(share(1, 2)).toBe(0));
  it('leaves glides alone', () => expect(share(2, 3)).toBe(0));
});

/** The LPC formant scale of a synthetic singer whose formants are scaled by `scale`. */
function lpcScale(scale: number, key: number): number {
  const s = generateSong({
    durationSec: 12,
    vocalOnly: true,
    stereo: false,
    seed: 4,
    formantScale: scale,
    keyOffset: key,
  });
  const x = s.vocal[0]!;
  const sr = s.sampleRate;
  const n = analysisFftSize(sr);
  const setup = stftSetup(n);
  const pt = trackPitch(x, sr, setup.hop, { silenceDb: -45 });
  const spec = stft(x, setup);
  const fs = new FormantStats();
  const power = new Float64Array(spec.bins);
  for (let t = 0; t < spec.frames; t++) {
    const f = pt.f0[t] ?? 0;
    if (f <= 0) continue;
    for (let k = 0; k < spec.bins; k++)
      power[k] = spec.re[t * spec.bins + k]! ** 2 + spec.im[t * spec.bins + k]! ** 2;
    fs.add(power, sr / n, f);
  }
  return fs.scale()!;
}

describe('formant scale by linear prediction', () => {
  it('orders long, adult and short (child-like) vocal tracts, whatever the pitch', () => {
    // Low voice (long tract, sung high), adult male, adult female, child-like (short tract, sung low).
    const low = lpcScale(0.9, 5);
    const male = lpcScale(1, 0);
    const female = lpcScale(1.15, 0);
    const child = lpcScale(1.32, -4);
    expect(low).toBeLessThan(male);
    expect(male).toBeLessThan(female);
    expect(female).toBeLessThan(child);
    // A child-like tract reads clearly shorter than an adult male's (true ratio 1.32).
    expect(child / male).toBeGreaterThan(1.15);
  }, 30_000);
});

describe('training refuses what is not one voice', () => {
  it('refuses a song (instruments and a vocal) as music, saying so', async () => {
    const dir = tempDir();
    const s = generateSong({ durationSec: 12, seed: 11 });
    const rec = join(dir, 'song.wav');
    writeWav(rec, s.sampleRate, s.mix);
    const err = await trainVoice(rec, { minSeconds: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('NOT_A_VOICE');
    expect((err as EngineError).message).toMatch(/music/);
  }, 30_000);

  it("trains the own-voice journey's one synthetic singer: a looped tune is not two people", async () => {
    // The page records 32 s of the fake microphone's 20 s file; its stretches repeat exactly, which
    // once read as two tight groups of voices (SEVERAL_VOICES).
    const dir = tempDir();
    const rec = join(dir, 'mic.wav');
    const { sampleRate, samples } = journeyRecording(32);
    writeWav(rec, sampleRate, [samples]);
    const profile = await trainVoice(rec);
    expect(profile.source).toBe('trained');
  }, 30_000);

  it("uses the journey's tune exactly as the journeys do", () => {
    const body = (file: string): string => {
      const text = readFileSync(file, 'utf8');
      const start = text.indexOf('export function songWav(');
      return text.slice(start, text.indexOf('\n}\n', start)).replace(/\s+/g, ' ');
    };
    const journeys = body(JOURNEY_SUPPORT);
    expect(journeys).toContain('notes[Math.floor(t / 0.5)');
    expect(body(new URL('./support/journey-song.ts', import.meta.url).pathname)).toBe(journeys);
  });

  it('refuses two singers taking turns every 4 s, saying so', async () => {
    const dir = tempDir();
    // A low voice with a long tract and a high one with a short tract.
    const a = generateSong({
      durationSec: 32,
      vocalOnly: true,
      stereo: false,
      seed: 5,
      formantScale: 0.95,
      baseMidi: 50,
    });
    const b = generateSong({
      durationSec: 32,
      vocalOnly: true,
      stereo: false,
      seed: 6,
      formantScale: 1.3,
      baseMidi: 67,
    });
    const seg = 4 * a.sampleRate;
    const x = Float32Array.from(a.vocal[0]!, (v, i) => (Math.floor(i / seg) % 2 === 0 ? v : b.vocal[0]![i]!));
    const rec = join(dir, 'duet.wav');
    writeWav(rec, a.sampleRate, [x]);
    const err = await trainVoice(rec).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('SEVERAL_VOICES');
    expect((err as EngineError).message).toMatch(/more than one person/);
  }, 90_000);
});
