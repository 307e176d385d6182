import { describe, expect, it } from 'vitest';
import { analysisFftSize, ANALYSIS_OVERLAP } from '../src/dsp/stft';
import { removeLeadLeftover } from '../src/pipeline/leftover';

const SR = 44100;
const N = 2 * SR;

/** A voice-like harmonic tone at 220 Hz (the singer's leftover) and a 300 Hz instrument between its harmonics. */
const leftover = Float32Array.from({ length: N }, (_, i) => {
  let v = 0;
  for (let h = 1; h <= 12; h++) v += Math.sin((2 * Math.PI * 220 * h * i) / SR) / h;
  return 0.1 * v;
});
const instrument = Float32Array.from({ length: N }, (_, i) => 0.1 * Math.sin((2 * Math.PI * 300 * i) / SR));

/** Least-squares gain of `part` in `x` over the middle second. */
function gainOf(x: Float32Array, part: Float32Array): number {
  let xy = 0;
  let yy = 0;
  for (let i = SR / 2; i < (3 * SR) / 2; i++) {
    xy += x[i]! * part[i]!;
    yy += part[i]! ** 2;
  }
  return xy / yy;
}

describe("the original singer's leftover in the accompaniment", () => {
  const acc = leftover.map((v, i) => v + instrument[i]!);
  const frames = Math.ceil(N / (analysisFftSize(SR) / ANALYSIS_OVERLAP)) + 1;

  it('is taken out where the lead sings, and the instruments between its harmonics stay', () => {
    const [out] = removeLeadLeftover([acc], new Float32Array(frames).fill(220), SR);
    expect(20 * Math.log10(Math.abs(gainOf(out!, leftover)))).toBeLessThan(-12);
    expect(Math.abs(20 * Math.log10(gainOf(out!, instrument)))).toBeLessThan(1.5);
  });

  it('stays where the lead is silent', () => {
    const [out] = removeLeadLeftover([acc], new Float32Array(frames), SR);
    expect(Math.abs(20 * Math.log10(gainOf(out!, leftover)))).toBeLessThan(0.5);
  });
});
