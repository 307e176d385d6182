import { analysisFftSize, stft, stftSetup } from '../dsp/stft';
import { RawPcmReader } from '../io/raw-pcm';
import { trackPitch } from '../pitch/yin';
import type { RawRef } from './jobs';
import { toChannels } from './raw-resample';

/** A separated lead is quieter than a dry vocal; frames under this are unvoiced. */
const LEAD_SILENCE_DB = -45;
/** Analysed in chunks of this length, so memory does not grow with the song. */
const CHUNK_SEC = 30;

/** What the conversion plan needs from a lead vocal: its pitch and its long-term spectrum. */
export interface LeadAnalysis {
  f0: Float32Array;
  f0Hop: number;
  /** Mean power spectrum over voiced frames. */
  ltas: Float64Array;
  fftSize: number;
}

/**
 * Pitch track (YIN) and long-term average spectrum of a lead vocal separated by a model, which,
 * unlike the DSP separation, does not hand them over.
 */
export function analyseLead(lead: RawRef, frames: number): LeadAnalysis {
  const sr = lead.sampleRate;
  const setup = stftSetup(analysisFftSize(sr));
  const bins = setup.fft.bins;
  const ltas = new Float64Array(bins);
  const parts: Float32Array[] = [];
  let voiced = 0;
  const reader = new RawPcmReader(lead.path, sr, lead.channels);
  try {
    // Chunks are whole hops long, so frame t of a chunk is frame t + start/hop of the song.
    const chunk = Math.ceil((CHUNK_SEC * sr) / setup.hop) * setup.hop;
    for (let s = 0; s < frames; s += chunk) {
      const x = toChannels(reader.read(s, Math.min(chunk, frames - s)), 1)[0]!;
      const f0 = trackPitch(x, sr, setup.hop, { silenceDb: LEAD_SILENCE_DB }).f0;
      const n = Math.ceil(x.length / setup.hop);
      parts.push(f0.subarray(0, n));
      const spec = stft(x, setup);
      for (let t = 0; t < Math.min(n, spec.frames); t++) {
        if ((f0[t] ?? 0) <= 0) continue;
        voiced++;
        for (let k = 0; k < bins; k++) {
          const i = t * bins + k;
          ltas[k] = ltas[k]! + spec.re[i]! ** 2 + spec.im[i]! ** 2;
        }
      }
    }
  } finally {
    reader.close();
  }
  if (voiced > 0) for (let k = 0; k < bins; k++) ltas[k] = ltas[k]! / voiced;
  const f0 = new Float32Array(parts.reduce((a, p) => a + p.length, 0));
  let o = 0;
  for (const p of parts) {
    f0.set(p, o);
    o += p.length;
  }
  return { f0, f0Hop: setup.hop, ltas, fftSize: setup.fft.size };
}
