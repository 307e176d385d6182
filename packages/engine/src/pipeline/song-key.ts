/**
 * The automatic key from the whole song (decision 235): a light pass of the separation's lead-pitch
 * tracker over the whole mixture, before anything is separated, so the preview's window and the
 * whole song take one key whichever is rendered first. Light: the stereo-centre prior and the
 * harmonic salience only (no REPET), a quarter of the frames the separation takes, and only the
 * bins the tracker reads. It serves the key only; the conversion still follows the separated lead.
 */
import { throwIfAborted } from '../errors';
import { RawPcmReader } from '../io/raw-pcm';
import { analysisFftSize, stft, stftSetup, type Spectrogram } from '../dsp/stft';
import { salienceTrack } from '../pitch/salience';
import { pitchStats, type PitchStats } from '../pitch/yin';
import { SEPARATION_PARAMS } from '../separate/separate-block';
import { autoKey } from '../voice/plan';
import type { VoiceProfile } from '../voice/profile';
import { BLOCK_SEC } from './blocks';
import type { PreparedInput } from './input';

/**
 * Frames follow one another without overlap (the separation's overlap by 4): the key needs the
 * median, not every syllable. On the 3-minute bench song the median moved by 0.01 semitone from
 * overlap 2 to 1, for half the processor time.
 */
const KEY_OVERLAP = 1;
/** The salience tracker's harmonic sums stop at 6 kHz; the whitening reads a little above. */
const KEY_MAX_HZ = 6600;

/**
 * The lead's pitch statistics over the whole song, read from the mixture, a block at a time: it
 * gives way between blocks, so block jobs sent to workers before it keep being answered.
 */
export async function songPitch(
  input: Pick<PreparedInput, 'path' | 'sampleRate' | 'channels' | 'frames'>,
  signal?: AbortSignal,
): Promise<PitchStats | undefined> {
  const sr = input.sampleRate;
  const P = SEPARATION_PARAMS;
  const setup = stftSetup(analysisFftSize(sr), KEY_OVERLAP);
  const bins = Math.min(setup.fft.bins, Math.ceil((KEY_MAX_HZ * setup.fft.size) / sr) + P.pitchWhiten + 2);
  const chunk = Math.round(BLOCK_SEC * sr);
  const parts: Float32Array[] = [];
  const r = new RawPcmReader(input.path, sr, input.channels);
  try {
    for (let s = 0; s < input.frames; s += chunk) {
      await new Promise((resolve) => setImmediate(resolve));
      throwIfAborted(signal);
      const x = r.read(s, Math.min(chunk, input.frames - s));
      const specs = x.slice(0, 2).map((c) => stft(c, setup));
      const mag = centredMagnitude(specs, bins, P.centrePower);
      // The last frame of a chunk is centred on the next chunk's first sample: it is that one's.
      const frames = specs[0]!.frames - (s + chunk < input.frames ? 1 : 0);
      parts.push(
        salienceTrack(mag, frames, bins, sr, setup.fft.size, {
          minHz: P.pitchMinHz,
          voicingRatio: P.pitchVoicing,
          whitenBins: P.pitchWhiten,
        }),
      );
    }
  } finally {
    r.close();
  }
  const f0 = new Float32Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    f0.set(p, at);
    at += p.length;
  }
  return pitchStats(f0);
}

/**
 * The mid magnitude of the first `bins` bins (frame-major), times the stereo-centre prior (level
 * agreement, as the separation's default) when there are two channels.
 */
function centredMagnitude(specs: Spectrogram[], bins: number, power: number): Float32Array {
  const [a, b] = specs as [Spectrogram, Spectrogram | undefined];
  const out = new Float32Array(a.frames * bins);
  for (let t = 0; t < a.frames; t++) {
    for (let k = 0; k < bins; k++) {
      const i = t * a.bins + k;
      if (!b) {
        out[t * bins + k] = Math.hypot(a.re[i]!, a.im[i]!);
        continue;
      }
      const p0 = a.re[i]! ** 2 + a.im[i]! ** 2;
      const p1 = b.re[i]! ** 2 + b.im[i]! ** 2;
      const pow = p0 + p1;
      if (pow <= 1e-20) continue;
      const centre = ((2 * Math.sqrt(p0 * p1)) / pow) ** power;
      out[t * bins + k] = centre * Math.hypot(0.5 * (a.re[i]! + b.re[i]!), 0.5 * (a.im[i]! + b.im[i]!));
    }
  }
  return out;
}

/** The automatic key of `input` for `voice`: 0 when no lead pitch is found. */
export async function songAutoKey(
  input: Pick<PreparedInput, 'path' | 'sampleRate' | 'channels' | 'frames'>,
  voice: VoiceProfile,
  signal?: AbortSignal,
): Promise<number> {
  const st = await songPitch(input, signal);
  return st ? autoKey(st.medianMidi, voice) : 0;
}
