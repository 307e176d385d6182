import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureLoudness } from '../src/dsp/loudness';
import { probe } from '../src/io/probe';
import { RawPcmWriter } from '../src/io/raw-pcm';
import { ScratchDir } from '../src/io/temp';
import { readWav } from '../src/io/wav';
import { finalizeMix } from '../src/pipeline/finalize';
import { tempDir } from './helpers';

const SR = 44100;
/** Longer than two of the levelling pass's 10-second chunks. */
const SECONDS = 21;

/** A stereo sine as a raw scratch mix, with its loudness. */
function sineMix(scratch: ScratchDir, hz: number, phase: number) {
  const n = SECONDS * SR;
  const x = Float32Array.from({ length: n }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / SR + phase));
  const w = new RawPcmWriter(scratch.file('mix.f32'), 2);
  w.write([x, Float32Array.from(x)]);
  w.close();
  return { raw: { path: w.path, sampleRate: SR, channels: 2 }, lufs: measureLoudness([x, x], SR).lufs };
}

describe('finalizeMix', () => {
  const dir = tempDir();

  // Levelled loud. A quarter of the sample rate, sampled 45° off its crests: the samples stay 3 dB
  // under the waveform's peaks, so the limiter passes what the true peak then finds too loud.
  it.each([
    ['needs the final trim (peaks between the samples)', SR / 4, Math.PI / 4, 3, true],
    ['needs no trim', 440, 0, 0, false],
  ])(
    'encodes every target at the ceiling when the mix %s',
    async (_name, hz, phase, lufs, trimmed) => {
      const scratch = new ScratchDir(dir);
      try {
        const mix = sineMix(scratch, hz, phase);
        const wav = join(scratch.path, `${hz}.wav`);
        const mp3 = join(scratch.path, `${hz}.mp3`);
        // The work beside (the stems) starts with the mix's gain and, after a trim, runs again
        // with the final gain once its first run has ended.
        const beside: string[] = [];
        const alongside = async (gainDb: number) => {
          beside.push(`start ${gainDb.toFixed(3)}`);
          await new Promise((r) => setTimeout(r, 50));
          beside.push('end');
        };
        const loud = await finalizeMix(
          mix.raw,
          mix.lufs,
          scratch,
          [
            { path: wav, format: { kind: 'wav' } },
            { path: mp3, format: { kind: 'mp3', bitrateKbps: 128 } },
          ],
          undefined,
          { targetLufs: lufs, ceilingDbtp: -1, alongside },
        );
        const before = `start ${(lufs - mix.lufs).toFixed(3)}`;
        expect(beside).toEqual(
          trimmed ? [before, 'end', `start ${loud.gainDb.toFixed(3)}`, 'end'] : [before, 'end'],
        );
        const out = readWav(wav);
        expect(out.channels[0]!.length).toBe(SECONDS * SR);
        const m = measureLoudness(out.channels, SR);
        expect(m.truePeakDb).toBeLessThanOrEqual(-0.9);
        expect(Math.abs(m.truePeakDb - loud.truePeakDbtp)).toBeLessThan(0.1);
        expect(Math.abs(m.lufs - loud.integratedLufs)).toBeLessThan(0.1);
        // The trim shows as a gain under the limiter's: the WAV is quieter than the limiter let through.
        expect(loud.gainDb < lufs - mix.lufs).toBe(trimmed);
        expect((await probe(mp3)).durationSec).toBeCloseTo(SECONDS, 0);
      } finally {
        scratch.dispose();
      }
    },
    60000,
  );
});
