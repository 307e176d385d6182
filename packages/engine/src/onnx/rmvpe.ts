import { realTransform } from '../dsp/any-fft';
import { hann } from '../dsp/fft';
import type { RmvpeManifest } from './manifest';
import type { Loaded } from './registry';
import { floatData, floatTensor } from './session';

/** Mel power is floored here before the log, as the model was trained. */
const MEL_FLOOR = 1e-5;
/** The pitch estimate averages the salience over the peak class and four on each side. */
const LOCAL_CLASSES = 4;

/** HTK mel scale. */
function hzToMel(hz: number): number {
  return 2595 * Math.log10(1 + hz / 700);
}

function melToHz(mel: number): number {
  return 700 * (10 ** (mel / 2595) - 1);
}

/**
 * Triangular mel filters on the HTK scale with area ("Slaney") normalisation, `bins` filters
 * between fMin and fMax over the bins of an `nFft`-point spectrum. Row-major [bins × (nFft/2+1)].
 */
export function melFilterbank(
  sampleRate: number,
  nFft: number,
  bins: number,
  fMin: number,
  fMax: number,
): Float32Array {
  const fftBins = Math.floor(nFft / 2) + 1;
  const lo = hzToMel(fMin);
  const hi = hzToMel(fMax);
  const edges = Array.from({ length: bins + 2 }, (_, i) => melToHz(lo + ((hi - lo) * i) / (bins + 1)));
  const out = new Float32Array(bins * fftBins);
  for (let m = 0; m < bins; m++) {
    const [a, b, c] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const area = 2 / (c - a);
    for (let k = 0; k < fftBins; k++) {
      const f = (k * sampleRate) / nFft;
      const w = Math.max(0, Math.min((f - a) / (b - a), (c - f) / (c - b)));
      out[m * fftBins + k] = w * area;
    }
  }
  return out;
}

/** Log-mel frames of 16 kHz audio, [bins × frames] (frame t centred on sample t·hop). */
export function logMel(
  x: Float32Array,
  m: RmvpeManifest,
  filters: Float32Array,
): { data: Float32Array; frames: number } {
  const { nFft, bins } = m.mel;
  const fft = realTransform(nFft);
  const window = hann(nFft);
  const frames = Math.floor(x.length / m.hop) + 1;
  const fftBins = fft.bins;
  const buf = new Float64Array(nFft);
  const re = new Float64Array(fftBins);
  const im = new Float64Array(fftBins);
  const mag = new Float64Array(fftBins);
  const data = new Float32Array(bins * frames);
  for (let t = 0; t < frames; t++) {
    const start = t * m.hop - nFft / 2;
    for (let i = 0; i < nFft; i++) {
      const j = start + i;
      buf[i] = j >= 0 && j < x.length ? x[j]! * window[i]! : 0;
    }
    fft.forward(buf, re, im);
    for (let k = 0; k < fftBins; k++) mag[k] = Math.hypot(re[k]!, im[k]!);
    for (let b = 0; b < bins; b++) {
      let s = 0;
      const row = b * fftBins;
      for (let k = 0; k < fftBins; k++) s += filters[row + k]! * mag[k]!;
      data[b * frames + t] = Math.log(Math.max(MEL_FLOOR, s));
    }
  }
  return { data, frames };
}

/** f0 per frame (Hz, 0 = unvoiced) from salience [frames × classes]: local weighted mean of the peak. */
export function decodeSalience(sal: Float32Array, frames: number, d: RmvpeManifest['decode']): Float32Array {
  const f0 = new Float32Array(frames);
  for (let t = 0; t < frames; t++) {
    const row = t * d.classes;
    let peak = 0;
    for (let c = 1; c < d.classes; c++) if (sal[row + c]! > sal[row + peak]!) peak = c;
    if (sal[row + peak]! <= d.threshold) continue;
    let num = 0;
    let den = 0;
    for (let c = Math.max(0, peak - LOCAL_CLASSES); c <= Math.min(d.classes - 1, peak + LOCAL_CLASSES); c++) {
      num += sal[row + c]! * (d.centsOffset + d.centsPerClass * c);
      den += sal[row + c]!;
    }
    if (den > 0) f0[t] = 10 * 2 ** (num / den / 1200);
  }
  return f0;
}

/** RMVPE pitch of 16 kHz audio, one value per `hop` samples. */
export class RmvpePitch {
  private readonly filters: Float32Array;

  constructor(private readonly model: Loaded<RmvpeManifest>) {
    const m = model.manifest;
    this.filters = melFilterbank(m.sampleRate, m.mel.nFft, m.mel.bins, m.mel.fMin, m.mel.fMax);
  }

  /** Rate the model's audio must have. */
  get sampleRate(): number {
    return this.model.manifest.sampleRate;
  }

  /** Samples per pitch frame at that rate. */
  get hop(): number {
    return this.model.manifest.hop;
  }

  /** f0 per frame of `x` (already at the model's rate). */
  async track(x: Float32Array): Promise<Float32Array> {
    const m = this.model.manifest;
    const { data, frames } = logMel(x, m, this.filters);
    const padded = Math.ceil(frames / m.frameMultiple) * m.frameMultiple;
    const input = new Float32Array(m.mel.bins * padded).fill(Math.log(MEL_FLOOR));
    for (let b = 0; b < m.mel.bins; b++) input.set(data.subarray(b * frames, (b + 1) * frames), b * padded);
    const result = await this.model.session.run({
      [m.tensors.input]: floatTensor(input, [1, m.mel.bins, padded]),
    });
    const sal = floatData(result[m.tensors.output], 'pitch salience');
    if (sal.length < frames * m.decode.classes)
      throw new Error('the pitch model returned fewer frames than it was given');
    return decodeSalience(sal, frames, m.decode);
  }
}
