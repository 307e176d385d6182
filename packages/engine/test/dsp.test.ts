import { describe, expect, it } from 'vitest';
import { medianFilter, slidingMedian } from '../src/dsp/median';
import { PairAligner, Stitcher } from '../src/pipeline/stitch';
import { trackPitch } from '../src/pitch/yin';
import { pitchShift, shifterHop } from '../src/voice/convert';
import { fitFormantScale, type HarmonicFrame } from '../src/voice/formant-fit';
import { REF_VOWELS, resonanceDb } from '../src/voice/envelope';

const SR = 44100;

/** A steady harmonic tone: amplitude of harmonic h is amps[h − 1]. */
function tone(f0: number, amps: number[], seconds = 1): Float32Array {
  return Float32Array.from({ length: Math.round(SR * seconds) }, (_, i) =>
    amps.reduce((s, a, h) => s + a * Math.sin((2 * Math.PI * f0 * (h + 1) * i) / SR), 0),
  );
}

function medianHz(f0: Float32Array): number {
  const v = [...f0].filter((x) => x > 0).sort((a, b) => a - b);
  return v[v.length >> 1] ?? 0;
}

/** Amplitude of the sinusoid at `hz` (single-bin DFT over the whole buffer). */
function amplitudeAt(x: Float32Array, hz: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < x.length; i++) {
    re += x[i]! * Math.cos((2 * Math.PI * hz * i) / SR);
    im += x[i]! * Math.sin((2 * Math.PI * hz * i) / SR);
  }
  return (2 * Math.hypot(re, im)) / x.length;
}

describe('dsp', () => {
  it('sliding median equals the windowed median at every position', () => {
    let seed = 7;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 10;
    const x = Float32Array.from({ length: 301 }, () => Math.round(rnd()) / 2);
    for (const width of [1, 3, 5, 13]) {
      const want = medianFilter(x, width);
      const got = new Float32Array(x.length);
      slidingMedian(x, 0, 1, x.length, width >> 1, x.length, got, 0, 1, new Float64Array(width + 1));
      expect([...got]).toEqual([...want]);
    }
  });

  it('tracks a voice whose second harmonic is stronger than its fundamental at the right octave', () => {
    const x = tone(150, [0.15, 1, 0.2, 0.4, 0.1]);
    expect(medianHz(trackPitch(x, SR, 256).f0)).toBeCloseTo(150, -1);
  });

  it('keeps the fundamental when shifting a voice down with its envelope held', () => {
    // The smoothed envelope sags below the lowest harmonic; reading that sag used to leave the
    // shifted fundamental under its second harmonic (−3.7 dB here), which listeners and pitch
    // trackers hear as the octave above.
    const x = tone(300, [0.5, 1, 0.6, 0.3]);
    const y = pitchShift(x, SR, { semitones: -4, preserveEnvelope: true, formantWarp: 1.08 });
    const f = 300 * 2 ** (-4 / 12);
    const core = y.subarray(SR * 0.2, SR * 0.8);
    const ratioDb = 20 * Math.log10(amplitudeAt(core, f) / amplitudeAt(core, 2 * f));
    expect(ratioDb).toBeGreaterThan(0);
    expect(Math.abs(1200 * Math.log2(medianHz(trackPitch(y, SR, shifterHop(SR)).f0) / f))).toBeLessThan(20);
  });

  it('adds no spike where the shifted band ends (maxShiftHz), however the spectrum continues above it', () => {
    // A voice under a quiet hiss: shifting down with the envelope held must keep the hiss a hiss.
    let seed = 3;
    const noise = (): number => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5) * 0.01;
    const amps = Array.from({ length: 40 }, (_, h) => 1 / (h + 1));
    const x = tone(220, amps).map((v) => v + noise());
    const y = pitchShift(x, SR, { semitones: -5, preserveEnvelope: true, maxShiftHz: 10000 });
    const band = (z: Float32Array, lo: number, hi: number): number => {
      let e = 0;
      for (let f = lo; f < hi; f += 50) e += amplitudeAt(z.subarray(SR * 0.2, SR * 0.8), f) ** 2;
      return 10 * Math.log10(e);
    };
    // 10 kHz × 2^(−5/12) ≈ 7.5 kHz is where the shifted band now ends.
    expect(band(y, 7000, 8000)).toBeLessThan(band(x, 7000, 8000) + 6);
  });

  it('fits the formant scale of harmonic frames despite a noise floor', () => {
    for (const scale of [0.9, 1, 1.2]) {
      const frames: HarmonicFrame[] = [];
      REF_VOWELS.forEach((v, i) => {
        const f0 = 140 + 25 * i;
        const db: number[] = [];
        for (let h = 1; h * f0 < 5000; h++) {
          const f = h * f0;
          // Source tilt of −12 dB/octave, floored at −70 dB as a recording's noise would be.
          db.push(Math.max(-70, resonanceDb(v, f, scale) - 12 * Math.log2(f / f0)));
        }
        frames.push({ f0, db });
      });
      expect(Math.abs(fitFormantScale(frames) / scale - 1)).toBeLessThan(0.03);
    }
  });

  it('pairs two streams stitched from the same blocks without losing or shifting audio', () => {
    // Vocal mono, instrumental stereo, three overlapping blocks, as the cover pipeline feeds them.
    const total = 1000;
    const ramp = (from: number, to: number): Float32Array =>
      Float32Array.from({ length: to - from }, (_, i) => from + i);
    const got: Array<[number, number, number]> = [];
    const aligner = new PairAligner((v, r) => {
      for (let i = 0; i < v[0]!.length; i++) got.push([v[0]![i]!, r[0]![i]!, r[1]![i]!]);
    });
    const sv = new Stitcher(20, (p) => aligner.pushA(p));
    const sr = new Stitcher(20, (p) => aligner.pushB(p));
    const blocks: Array<[number, number]> = [
      [0, 410],
      [390, 810],
      [790, total],
    ];
    blocks.forEach(([a, b], i) => {
      const last = i === blocks.length - 1;
      sv.push([ramp(a, b)], a, last);
      sr.push([ramp(a, b), ramp(a, b)], a, last);
    });
    expect(aligner.pending).toBe(0);
    expect(got.length).toBe(total);
    got.forEach(([v, l, r], i) => {
      expect(v).toBeCloseTo(i, 3);
      expect(l).toBeCloseTo(i, 3);
      expect(r).toBeCloseTo(i, 3);
    });
  });
});
