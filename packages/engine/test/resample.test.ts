import { describe, expect, it } from 'vitest';
import { realTransform } from '../src/dsp/any-fft';
import { Resampler, resample } from '../src/dsp/resample';
import { melFilterbank } from '../src/onnx/rmvpe';

function sine(hz: number, rate: number, seconds: number, amp = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / rate),
  );
}

describe('any-size real DFT', () => {
  it.each([6, 12, 30, 96, 101, 134, 7680])(
    'size %i equals a naive DFT at a few bins and round-trips',
    (n) => {
      let seed = n;
      const x = Float64Array.from(
        { length: n },
        () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1,
      );
      const f = realTransform(n);
      const re = new Float64Array(f.bins);
      const im = new Float64Array(f.bins);
      f.forward(x, re, im);
      for (const k of [0, 1, Math.floor(n / 3), Math.floor(n / 2)]) {
        let dr = 0;
        let di = 0;
        for (let j = 0; j < n; j++) {
          dr += x[j]! * Math.cos((2 * Math.PI * j * k) / n);
          di -= x[j]! * Math.sin((2 * Math.PI * j * k) / n);
        }
        expect(re[k]).toBeCloseTo(dr, 6);
        expect(im[k]).toBeCloseTo(di, 6);
      }
      const y = new Float64Array(n);
      f.inverse(re, im, y);
      for (let j = 0; j < n; j++) expect(y[j]).toBeCloseTo(x[j]!, 8);
    },
  );
});

describe('resampler', () => {
  it.each([
    [44100, 16000],
    [16000, 44100],
    [40000, 44100],
    [48000, 44100],
  ])('%i → %i keeps a 440 Hz sine at its frequency and level, and the length in time', (from, to) => {
    const x = sine(440, from, 0.5);
    const y = resample(x, from, to);
    expect(y.length).toBe(Math.round(0.5 * to));
    const want = sine(440, to, 0.5);
    // Away from the edges (where the kernel runs out of signal) it is the same sine.
    let err = 0;
    for (let i = Math.round(0.05 * to); i < y.length - Math.round(0.05 * to); i++)
      err = Math.max(err, Math.abs(y[i]! - want[i]!));
    expect(err).toBeLessThan(2e-3);
  });

  it('removes what the lower rate cannot hold (7.9 kHz stays, 12 kHz goes at 16 kHz)', () => {
    const keep = resample(sine(7000, 44100, 0.5), 44100, 16000);
    const drop = resample(sine(12000, 44100, 0.5), 44100, 16000);
    const rms = (a: Float32Array): number =>
      Math.sqrt(a.slice(800, -800).reduce((s, v) => s + v * v, 0) / (a.length - 1600));
    expect(rms(keep)).toBeGreaterThan(0.3);
    expect(rms(drop)).toBeLessThan(1e-3);
  });

  it('computes any output range from only the input it names (streaming gives the same samples)', () => {
    const r = new Resampler(44100, 16000);
    const x = sine(300, 44100, 1);
    const whole = r.run(x, 0, 0, r.outputLength(x.length));
    const [a, b] = r.inputRange(5000, 3000);
    const part = r.run(x.slice(Math.max(0, a), b), Math.max(0, a), 5000, 3000);
    for (let i = 0; i < 3000; i++) expect(part[i]).toBeCloseTo(whole[5000 + i]!, 6);
  });
});

describe('mel filterbank', () => {
  it('puts each HTK-scale filter on its centre frequency, with area normalisation', () => {
    const [sr, nFft, bins, lo, hi] = [16000, 1024, 128, 30, 8000];
    const fb = melFilterbank(sr, nFft, bins, lo, hi);
    const mel = (f: number): number => 2595 * Math.log10(1 + f / 700);
    const hz = (m: number): number => 700 * (10 ** (m / 2595) - 1);
    for (const m of [10, 64, 120]) {
      const row = fb.subarray(m * (nFft / 2 + 1), (m + 1) * (nFft / 2 + 1));
      let peak = 0;
      for (let k = 1; k < row.length; k++) if (row[k]! > row[peak]!) peak = k;
      const centre = hz(mel(lo) + ((mel(hi) - mel(lo)) * (m + 1)) / (bins + 1));
      expect(Math.abs((peak * sr) / nFft - centre)).toBeLessThanOrEqual(sr / nFft);
      // Slaney normalisation: the triangle's height is 2 / (upper edge − lower edge).
      const width =
        hz(mel(lo) + ((mel(hi) - mel(lo)) * (m + 2)) / (bins + 1)) -
        hz(mel(lo) + ((mel(hi) - mel(lo)) * m) / (bins + 1));
      expect(row[peak]!).toBeLessThanOrEqual(2 / width + 1e-9);
      expect(row[peak]!).toBeGreaterThan(0.5 * (2 / width));
    }
  });
});
