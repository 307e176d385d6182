import { analysisFftSize, istft, stft, stftSetup } from '../dsp/stft';

/** Share of the original voice's harmonics taken out of the accompaniment where the lead sings. */
const LEFTOVER_DEPTH = 0.9;
/** Above this the teeth no longer line up with a wobbling voice's partials. */
const LEFTOVER_MAX_HZ = 6000;
/** Half-width of a tooth: the window's main lobe (2 bins) plus a share of the partial's frequency. */
const TOOTH_BINS = 2;
const TOOTH_SHARE = 0.015;

/**
 * What separation leaves of the original singer in the accompaniment is heard as a second singer
 * when the converted lead moves by an octave and the instrumental does not. Where the lead sings,
 * its pitch track says exactly where that leftover is: a comb on the lead's harmonics takes it out
 * of each accompaniment channel (instruments lose only what shares those partials, and only while
 * the lead sings). `f0` is per analysis hop (window / 4) of this block, 0 where the lead is silent.
 */
export function removeLeadLeftover(
  channels: Float32Array[],
  f0: Float32Array,
  sampleRate: number,
): Float32Array[] {
  const setup = stftSetup(analysisFftSize(sampleRate));
  const binHz = sampleRate / setup.fft.size;
  return channels.map((x) => {
    const spec = stft(x, setup);
    const gain = new Float32Array(spec.frames * spec.bins).fill(1);
    for (let t = 0; t < spec.frames; t++) {
      const f = f0[t] ?? 0;
      if (!(f > 0)) continue;
      const o = t * spec.bins;
      for (let h = 1; h * f <= LEFTOVER_MAX_HZ; h++) {
        const c = (h * f) / binHz;
        const half = TOOTH_BINS + (TOOTH_SHARE * h * f) / binHz;
        const lo = Math.max(0, Math.ceil(c - half));
        const hi = Math.min(spec.bins - 1, Math.floor(c + half));
        for (let k = lo; k <= hi; k++) gain[o + k] = 1 - LEFTOVER_DEPTH;
      }
    }
    return istft(spec.re, spec.im, spec.frames, setup, x.length, gain);
  });
}
