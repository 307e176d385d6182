import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RawPcmReader, RawPcmWriter } from '../src/io/raw-pcm';
import { ScratchDir } from '../src/io/temp';
import { writeWav } from '../src/io/wav';
import { separateWithMdx } from '../src/onnx/mdx';
import { loadModels, type ModelRegistry } from '../src/onnx/registry';
import { RmvpePitch } from '../src/onnx/rmvpe';
import { coarsePitch, convertWithRvc, type RvcModels } from '../src/onnx/rvc';
import { prepareInput } from '../src/pipeline/input';
import { MAX_SECONDS, tempDir } from './helpers';
import { addContent, addRmvpe, addSeparator, addVoice } from './support/model-folder';
import type { RvcProbe } from './support/tiny-models';

const SR = 44100;

/** A harmonic tone (three partials) with fades, so a pitch tracker has something voice-like to read. */
function tone(hz: number, seconds: number, rate = SR): Float32Array {
  const n = Math.round(seconds * rate);
  return Float32Array.from({ length: n }, (_, i) => {
    const fade = Math.min(1, i / (0.01 * rate), (n - 1 - i) / (0.01 * rate));
    const p = (2 * Math.PI * hz * i) / rate;
    return 0.3 * fade * (Math.sin(p) + 0.5 * Math.sin(2 * p) + 0.25 * Math.sin(3 * p));
  });
}

function concat(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((a, p) => a + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function median(x: ArrayLike<number>, from: number, to: number): number {
  const v = Array.from(x)
    .slice(from, to)
    .sort((a, b) => a - b);
  return v[v.length >> 1]!;
}

/** Runs an RVC voice with probe model `probe` on a mono vocal; returns the converted vocal. */
async function convert(
  probe: RvcProbe,
  vocal: Float32Array,
  semitones: number,
  extra: Record<string, unknown> = {},
  withPitchModel?: number,
): Promise<Float32Array> {
  const dir = tempDir();
  addContent(dir);
  if (withPitchModel !== undefined) addRmvpe(dir, withPitchModel);
  addVoice(dir, 'v', probe, {
    chunking: { maxSegmentSec: 0.7, padSec: 0.2, crossfadeSec: 0.04 },
    ...(withPitchModel !== undefined ? { f0: 'pitch' } : {}),
    ...extra,
  });
  const registry = await loadModels(dir);
  const scratch = new ScratchDir();
  try {
    const models: RvcModels = {
      voice: registry.voices.get('v')!,
      content: registry.content.get('content')!,
      ...(withPitchModel !== undefined ? { f0: new RmvpePitch(registry.f0.get('pitch')!) } : {}),
    };
    const src = scratch.file('lead.f32');
    const w = new RawPcmWriter(src, 1);
    w.write([vocal]);
    w.close();
    const out = await convertWithRvc(
      models,
      { path: src, sampleRate: SR, channels: 1 },
      vocal.length,
      semitones,
      scratch.file('out.f32'),
    );
    const r = new RawPcmReader(out.path, SR, 1);
    expect(r.info.frames).toBe(vocal.length);
    const y = r.read(0, vocal.length)[0]!;
    r.close();
    return y;
  } finally {
    scratch.dispose();
    await registry.close();
  }
}

describe('MDX-Net separation plumbing', () => {
  it('keeps the stereo order, the compensation and every chunk boundary, through 48 → 44.1 → 48 kHz', async () => {
    const dir = tempDir();
    // Vocal = left channel only (gains L re, L im, R re, R im), × 1.25 compensation.
    addSeparator(dir, [0.8, 0.8, 0, 0], { compensate: 1.25 });
    const registry: ModelRegistry = await loadModels(dir);
    const scratch = new ScratchDir();
    try {
      const rate = 48000;
      const n = 2 * rate;
      const L = Float32Array.from(
        { length: n },
        (_, i) =>
          0.3 * Math.sin((2 * Math.PI * 440 * i) / rate) + 0.2 * Math.sin((2 * Math.PI * 3100 * i) / rate),
      );
      const R = Float32Array.from({ length: n }, (_, i) => 0.4 * Math.sin((2 * Math.PI * 660 * i) / rate));
      const wav = join(dir, 'mix.wav');
      writeWav(wav, rate, [L, R]);
      const input = await prepareInput(wav, scratch, { maxSeconds: MAX_SECONDS });
      const stems = await separateWithMdx(registry.separator!, input, scratch);
      const lead = new RawPcmReader(stems.lead.path, rate, 2);
      const acc = new RawPcmReader(stems.accompaniment.path, rate, 2);
      const mix = new RawPcmReader(input.path, rate, 2);
      expect(lead.info.frames).toBe(n);
      const [vl, vr] = lead.read(0, n);
      const [al, ar] = acc.read(0, n);
      const [ml, mr] = mix.read(0, n);
      lead.close();
      acc.close();
      mix.close();
      // 16-bit WAV quantisation and two rate conversions: a few thousandths at most, everywhere.
      let errLeft = 0;
      let maxRight = 0;
      let errSum = 0;
      for (let i = 0.01 * rate; i < n - 0.01 * rate; i++) {
        errLeft = Math.max(errLeft, Math.abs(vl![i]! - ml![i]!));
        maxRight = Math.max(maxRight, Math.abs(vr![i]!));
        errSum = Math.max(
          errSum,
          Math.abs(vl![i]! + al![i]! - ml![i]!),
          Math.abs(vr![i]! + ar![i]! - mr![i]!),
        );
      }
      expect(errLeft).toBeLessThan(5e-3);
      expect(maxRight).toBeLessThan(1e-3);
      expect(errSum).toBeLessThan(1e-6);
    } finally {
      scratch.dispose();
      await registry.close();
    }
  }, 30000);
});

describe('RVC conversion plumbing', () => {
  it('hands the voice its F0 in Hz, at 100 frames a second, moved by the key', async () => {
    // 220 Hz for 1 s, then 330 Hz; +3 semitones; the probe voice writes its pitchf as audio.
    const y = await convert('pitchf', concat(tone(220, 1), tone(330, 1)), 3);
    const k = 2 ** (3 / 12);
    expect(median(y, 0.2 * SR, 0.8 * SR) / (220 * k)).toBeCloseTo(1, 2);
    expect(median(y, 1.2 * SR, 1.8 * SR) / (330 * k)).toBeCloseTo(1, 2);
    // The note changes at 1 s in the output too (a wrong frame rate would move it).
    const mid = (220 * k + 330 * k) / 2;
    const change = y.findIndex((v, i) => i > 0.5 * SR && v > mid);
    expect(Math.abs(change / SR - 1)).toBeLessThan(0.03);
  }, 30000);

  it("hands the coarse pitch on RVC's 1..255 mel scale", async () => {
    const y = await convert('pitch', tone(220, 1.5), 0);
    const expected = coarsePitch(Float32Array.of(220), { minHz: 50, maxHz: 1100 })[0]!;
    expect(expected).toBe(
      Math.round(
        ((1127 * Math.log(1 + 220 / 700) - 1127 * Math.log(1 + 50 / 700)) * 254) /
          (1127 * Math.log(1 + 1100 / 700) - 1127 * Math.log(1 + 50 / 700)) +
          1,
      ),
    );
    expect(Math.round(median(y, 0.3 * SR, 1.2 * SR))).toBe(expected);
  }, 30000);

  it('takes the F0 from the RMVPE model when the voice names one', async () => {
    // The stand-in's salience peaks at class 100: 10 · 2^((1997.38 + 20·100)/1200) Hz.
    const f0 = 10 * 2 ** ((1997.3794084376191 + 2000) / 1200);
    const y = await convert('pitchf', tone(220, 1.5), -2, {}, 100);
    expect(median(y, 0.2 * SR, 1.3 * SR) / (f0 * 2 ** (-2 / 12))).toBeCloseTo(1, 3);
  }, 30000);

  it('joins the pieces without clicks or shifts (content features follow the input across every cut)', async () => {
    // A slow wave the content stand-in (20 ms means) passes nearly intact; cuts every ≤ 0.7 s.
    const n = 4 * SR;
    const x = Float32Array.from({ length: n }, (_, i) => 0.3 + 0.3 * Math.sin((2 * Math.PI * 0.5 * i) / SR));
    const y = await convert('phone0', x, 0);
    let err = 0;
    let jump = 0;
    for (let i = Math.round(0.05 * SR); i < n - Math.round(0.05 * SR); i++) {
      err = Math.max(err, Math.abs(y[i]! - x[i]!));
      jump = Math.max(jump, Math.abs(y[i]! - y[i - 1]!));
    }
    expect(err).toBeLessThan(0.03);
    // The stand-in holds each 20 ms frame: steps of up to 0.3·π·0.02 ≈ 0.019 are its own; a click,
    // a gap or a misplaced piece would jump by ten times that.
    expect(jump).toBeLessThan(0.025);
  }, 30000);
});
