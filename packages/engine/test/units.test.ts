import { describe, expect, it } from 'vitest';
import { RealFFT } from '../src/dsp/fft';
import { measureLoudness } from '../src/dsp/loudness';
import { decodeArgs, encodeArgs, formatForPath, probeArgs } from '../src/io/ffmpeg-args';
import { looksLikeAudio } from '../src/io/probe';
import { instrumentShift, autoKey } from '../src/voice/plan';
import { getVoiceProfile } from '../src/voice/library';
import { parseArgs, parseKey } from '../src/cli/args';
import { Stitcher } from '../src/pipeline/stitch';
import { planBlocks } from '../src/pipeline/blocks';

describe('units', () => {
  it.each([4, 8, 64, 512])('real FFT of size %i equals a naive DFT', (n) => {
    // Independent reference: X[k] = Σ x[j]·e^{−2πijk/n}, straight from the definition.
    let seed = n;
    const x = Float64Array.from(
      { length: n },
      () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1,
    );
    const re = new Float64Array(n / 2 + 1);
    const im = new Float64Array(n / 2 + 1);
    new RealFFT(n).forward(x, re, im);
    for (let k = 0; k <= n / 2; k++) {
      let dr = 0;
      let di = 0;
      for (let j = 0; j < n; j++) {
        dr += x[j]! * Math.cos((2 * Math.PI * j * k) / n);
        di -= x[j]! * Math.sin((2 * Math.PI * j * k) / n);
      }
      expect(re[k]).toBeCloseTo(dr, 9);
      expect(im[k]).toBeCloseTo(di, 9);
    }
  });

  it('inverse real FFT equals a naive inverse DFT of a Hermitian spectrum', () => {
    const n = 64;
    let seed = 5;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
    const re = Float64Array.from({ length: n / 2 + 1 }, rnd);
    // DC and Nyquist of a real signal's spectrum are real.
    const im = Float64Array.from({ length: n / 2 + 1 }, (_, k) => (k === 0 || k === n / 2 ? 0 : rnd()));
    const y = new Float64Array(n);
    new RealFFT(n).inverse(re, im, y);
    for (let j = 0; j < n; j++) {
      // x[j] = (1/n) Σ_k X[k]·e^{2πijk/n} over all n bins, the upper half mirrored as conjugates.
      let v = 0;
      for (let k = 0; k < n; k++) {
        const m = k <= n / 2 ? k : n - k;
        const xr = re[m]!;
        const xi = k <= n / 2 ? im[m]! : -im[m]!;
        const a = (2 * Math.PI * j * k) / n;
        v += xr * Math.cos(a) - xi * Math.sin(a);
      }
      expect(y[j]).toBeCloseTo(v / n, 9);
    }
  });

  it('real FFT round-trips', () => {
    const f = new RealFFT(512);
    const x = Float64Array.from({ length: 512 }, (_, i) => Math.sin(i * 0.1) + (i % 7) * 0.01);
    const re = new Float64Array(257);
    const im = new Float64Array(257);
    const y = new Float64Array(512);
    f.forward(x, re, im);
    f.inverse(re, im, y);
    for (let i = 0; i < 512; i++) expect(y[i]).toBeCloseTo(x[i]!, 9);
  });

  it('measures a -23 dBFS 1 kHz stereo sine at about -23 LUFS', () => {
    const sr = 48000;
    const a = 10 ** (-23 / 20);
    const s = Float32Array.from({ length: sr * 5 }, (_, i) => a * Math.sin((2 * Math.PI * 1000 * i) / sr));
    const m = measureLoudness([s, s], sr);
    expect(m.lufs).toBeCloseTo(-23, 0);
    expect(m.truePeakDb).toBeCloseTo(-23, 0);
  });

  it('finds an intersample peak that comes after louder samples', () => {
    const sr = 48000;
    // Half a second of noise sets a peak first; then a sine at a quarter of the rate, sampled 45°
    // off its crests: its samples reach 0.9 × 0.707 while the waveform between them reaches 0.9.
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 1.2;
    const s = Float32Array.from({ length: sr }, (_, i) =>
      i < sr / 2 ? noise() : 0.9 * Math.sin((Math.PI / 2) * i + Math.PI / 4),
    );
    const m = measureLoudness([s], sr);
    expect(m.samplePeakDb).toBeCloseTo(20 * Math.log10(0.9 * Math.SQRT1_2), 1);
    expect(Math.abs(m.truePeakDb - 20 * Math.log10(0.9))).toBeLessThan(0.3);
  });

  it('builds ffmpeg argument lists', () => {
    expect(probeArgs('a b.mp3').at(-1)).toBe('a b.mp3');
    const d = decodeArgs('in.m4a', 'out.f32', 2, 600);
    expect(d).toContain('f32le');
    expect(d[d.indexOf('-t') + 1]).toBe('601');
    expect(encodeArgs(44100, 2, { kind: 'mp3', bitrateKbps: 128 }, 'o.mp3')).toContain('128k');
    expect(formatForPath('X.MP3')).toEqual({ kind: 'mp3', bitrateKbps: 320 });
    expect(formatForPath('x.flac')).toBeUndefined();
  });

  it('recognises audio magic numbers', () => {
    expect(looksLikeAudio(Buffer.from('RIFF....WAVE'))).toBe(true);
    expect(looksLikeAudio(Buffer.from('hello world!'))).toBe(false);
  });

  it('keeps the instrumental in tune with the key change', () => {
    expect(instrumentShift(12)).toBe(0);
    expect(instrumentShift(5)).toBe(5);
    expect(instrumentShift(8)).toBe(-4);
    expect(instrumentShift(-7)).toBe(5);
    expect(autoKey(52, getVoiceProfile('nimbus'))).toBe(12);
  });

  it('parses CLI flags', () => {
    const p = parseArgs(['cover', 'in.wav', '--voice', 'v', '--preview', '--key=3']);
    expect(p.command).toBe('cover');
    expect(p.flags).toEqual({ voice: 'v', preview: true, key: '3' });
    expect(parseKey('auto')).toBe('auto');
    expect(() => parseKey('1.5')).toThrow();
  });

  it('stitches overlapping blocks back to the original length', () => {
    const total = 1000;
    const chunks: number[] = [];
    const st = new Stitcher(20, (p) => chunks.push(...p[0]!));
    const blocks = planBlocks(total, 300);
    blocks.forEach(([s, e], i) => {
      const from = Math.max(0, s - 10);
      const to = Math.min(total, e + 10);
      st.push([Float32Array.from({ length: to - from }, (_, k) => from + k)], from, i === blocks.length - 1);
    });
    expect(chunks.length).toBe(total);
    chunks.forEach((v, i) => expect(v).toBeCloseTo(i, 3));
  });
});
