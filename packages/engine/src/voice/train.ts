import { EngineError, throwIfAborted, toEngineError } from '../errors';
import { analysisFftSize, stft, stftSetup } from '../dsp/stft';
import { RawPcmReader } from '../io/raw-pcm';
import { ScratchDir } from '../io/temp';
import { pitchStats, trackPitch } from '../pitch/yin';
import { prepareInput } from '../pipeline/input';
import { ENV_GRID_HZ, ltasToEnvelope } from './envelope';
import { fitFormantScale, harmonicFrame, type HarmonicFrame } from './formant-fit';
import { FormantStats } from './formant-lpc';
import { baseLifter, cepstrumBuffers, lifterFor, smoothEnvelope } from './frame-envelope';
import { FrameCollector, envelopeToGridDb, fitFrameClasses } from './frame-classes';
import { RecordingChecks } from './recording-checks';
import { accumulateVibrato, newVibratoAccumulator, vibratoOf } from './vibrato';
import { PROFILE_VERSION, type VoiceProfile } from './profile';

/** Options of `trainVoice`. */
export interface TrainOptions {
  id?: string;
  name?: string;
  minSeconds?: number;
  maxSeconds?: number;
  signal?: AbortSignal;
  onProgress?: (p: number) => void;
}

/** A training recording is 30 s to 10 min long. */
const TRAINING_MIN_SECONDS = 30;
const TRAINING_MAX_SECONDS = 600;
/** Minimum voiced material, in seconds, for a usable profile. */
const MIN_VOICED_SEC = 8;
/** The recording is analysed in chunks of this length, so memory does not grow with it. */
const CHUNK_SEC = 30;
/** Harmonic frames the formant fit needs at most; long recordings are strided down to about this. */
const FORMANT_FIT_FRAMES = 1500;
/** Only clearly periodic frames (YIN aperiodicity under this) feed the formant fit. */
const FORMANT_FIT_MAX_APERIODICITY = 0.2;
/** Frames the frame classes are learnt from at most; long recordings are strided down to about this. */
const CLASS_FRAMES = 4000;

/**
 * Builds a profile from a solo vocal recording (30 s – 10 min) with the same analysis the
 * converter uses: YIN pitch statistics, long-term envelope of voiced frames, formant scale against
 * the reference, breathiness from aperiodicity, vibrato from the pitch track's modulation.
 */
export async function trainVoice(recording: string, o: TrainOptions = {}): Promise<VoiceProfile> {
  const scratch = new ScratchDir();
  try {
    const input = await prepareInput(recording, scratch, {
      maxSeconds: o.maxSeconds ?? TRAINING_MAX_SECONDS,
      minSeconds: o.minSeconds ?? TRAINING_MIN_SECONDS,
      ...(o.signal ? { signal: o.signal } : {}),
    });
    const sr = input.sampleRate;
    const n = analysisFftSize(sr);
    const setup = stftSetup(n);
    const reader = new RawPcmReader(input.path, sr, input.channels);
    const chunk = CHUNK_SEC * sr;
    const ltas = new Float64Array(n / 2 + 1);
    const f0All: number[] = [];
    let apSum = 0;
    let voiced = 0;
    const vib = newVibratoAccumulator();
    const formants = new FormantStats();
    const checks = new RecordingChecks();
    const power = new Float64Array(n / 2 + 1);
    const harmonics: HarmonicFrame[] = [];
    const frames = new FrameCollector();
    // The classes read each frame as finely as its pitch allows (as conversion will); the
    // several-voices check keeps the plain envelope its limit was measured on.
    const classFrames = new FrameCollector();
    const mag = new Float64Array(n / 2 + 1);
    const frameEnv = new Float64Array(n / 2 + 1);
    const ceps = cepstrumBuffers(n);
    const grid = new Float64Array(ENV_GRID_HZ.length);
    const classStride = Math.max(1, Math.round(input.frames / setup.hop / CLASS_FRAMES));
    let frameNo = 0;
    // Stride so long recordings cost the same as short ones.
    const stride = Math.max(1, Math.round(input.frames / setup.hop / FORMANT_FIT_FRAMES));
    try {
      for (let s = 0; s < input.frames; s += chunk) {
        throwIfAborted(o.signal);
        const len = Math.min(chunk, input.frames - s);
        const chs = reader.read(s, len);
        const x = new Float32Array(len);
        for (const c of chs) for (let i = 0; i < len; i++) x[i] = x[i]! + c[i]! / chs.length;
        const pt = trackPitch(x, sr, setup.hop, { silenceDb: -45 });
        const spec = stft(x, setup);
        for (let t = 0; t < spec.frames; t++) {
          const f = pt.f0[t] ?? 0;
          // Every kind of frame (voiced or not) feeds the classes; silence is dropped by level later.
          if (frameNo++ % classStride === 0) {
            for (let k = 0; k < spec.bins; k++) {
              const i = t * spec.bins + k;
              mag[k] = Math.sqrt(spec.re[i]! ** 2 + spec.im[i]! ** 2);
            }
            smoothEnvelope(mag, frameEnv, setup.fft, ceps);
            envelopeToGridDb(frameEnv, sr / n, 1, grid);
            frames.add(grid, f > 0, f);
            const lifter = lifterFor(n, sr, f);
            if (lifter !== baseLifter(n)) {
              smoothEnvelope(mag, frameEnv, setup.fft, ceps, lifter);
              envelopeToGridDb(frameEnv, sr / n, 1, grid);
            }
            classFrames.add(grid, f > 0, f);
          }
          if (f <= 0) continue;
          voiced++;
          if (voiced % stride === 0 && pt.aperiodicity[t]! < FORMANT_FIT_MAX_APERIODICITY) {
            harmonics.push(harmonicFrame(spec.re, spec.im, t * spec.bins, spec.bins, sr / n, f));
          }
          apSum += pt.aperiodicity[t]!;
          f0All.push(f);
          for (let k = 0; k < spec.bins; k++) {
            const i = t * spec.bins + k;
            power[k] = spec.re[i]! ** 2 + spec.im[i]! ** 2;
            ltas[k] = ltas[k]! + power[k]!;
          }
          if (voiced % stride === 0) formants.add(power, sr / n, f);
        }
        accumulateVibrato(pt.f0, setup.hop / sr, vib);
        checks.addChunk(pt.f0.subarray(0, spec.frames));
        o.onProgress?.(Math.min(1, (s + len) / input.frames));
      }
    } finally {
      reader.close();
    }
    // Music is named as such before "too little voice": that is what the person needs to hear.
    checks.verify();
    checks.verifyOneVoice(frames, sr / setup.hop / classStride);
    const voicedSec = (voiced * setup.hop) / sr;
    if (voicedSec < MIN_VOICED_SEC) {
      throw new EngineError(
        'TOO_SHORT',
        `Only ${voicedSec.toFixed(1)} s of singing was detected; at least ${MIN_VOICED_SEC} s of voiced audio is needed.`,
      );
    }
    for (let k = 0; k < ltas.length; k++) ltas[k] = ltas[k]! / voiced;
    const env = ltasToEnvelope(ltas, sr, n);
    const st = pitchStats(f0All)!;
    const ap = apSum / voiced;
    const id = o.id ?? 'custom';
    const vibrato = vibratoOf(vib);
    const fitted = fitFrameClasses(classFrames);
    const frameClasses = fitted ? { ...fitted, envelope: 'pitch' as const } : undefined;
    return {
      version: PROFILE_VERSION,
      id,
      name: o.name ?? 'Custom voice',
      pitch: {
        medianMidi: round(st.medianMidi),
        meanLogHz: round(st.meanLogHz, 4),
        stdSemitones: round(st.stdSemitones),
        lowMidi: round(st.lowMidi),
        highMidi: round(st.highMidi),
      },
      envelopeDb: env.map((v) => round(v, 2)),
      formantScale: round(formantScaleOf(formants, harmonics, st.medianMidi), 4),
      breathiness: round(Math.max(0, Math.min(1, (ap - 0.03) / 0.2))),
      vibrato: { rateHz: round(vibrato.rateHz), depthCents: round(vibrato.depthCents) },
      source: 'trained',
      trainedSeconds: round(input.durationSec, 1),
      ...(frameClasses ? { frameClasses } : {}),
    };
  } catch (e) {
    throw toEngineError(e);
  } finally {
    scratch.dispose();
  }
}

function round(x: number, d = 2): number {
  const p = 10 ** d;
  return Math.round(x * p) / p;
}

/** Above this median pitch (MIDI 62, ≈ 294 Hz) harmonics are too sparse for linear prediction. */
const LPC_MAX_MEDIAN_MIDI = 62;

/**
 * Formant scale: from LPC formants (F2–F4 medians) for voices whose harmonics are dense enough,
 * else from fitting the harmonics to the reference vowels, which holds up on sparse high voices.
 */
function formantScaleOf(formants: FormantStats, harmonics: HarmonicFrame[], medianMidi: number): number {
  const lpc = medianMidi <= LPC_MAX_MEDIAN_MIDI ? formants.scale() : undefined;
  const s = lpc ?? fitFormantScale(harmonics);
  return Math.max(0.7, Math.min(1.6, s));
}
