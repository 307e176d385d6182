import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineError, openEngine } from '../src/index';
import { measureLoudness } from '../src/dsp/loudness';
import { readWav } from '../src/io/wav';
import { MAX_SECONDS, partials, songWav, tempDir } from './helpers';
import { addContent, addRmvpe, addSeparator, addVoice } from './support/model-folder';

describe('onnx engine', () => {
  it('offers model voices beside the built-in ones, with a rendered sample, and covers a song with them', async () => {
    const models = tempDir();
    addSeparator(models, [0.5, 0.5, 0.5, 0.5]);
    addContent(models);
    addRmvpe(models, 120);
    addVoice(models, 'aria', 'phone0', { f0: 'pitch', loudness: 'match' });
    const samples = join(tempDir(), 'samples');
    const info: string[] = [];
    const engine = await openEngine({
      kind: 'onnx',
      modelsDir: models,
      samplesDir: samples,
      log: { warn: (m) => info.push(m), info: (m) => info.push(m) },
    });
    try {
      expect(engine.kind).toBe('onnx');
      const aria = engine.getVoice('aria');
      expect(aria).toMatchObject({
        name: 'Voice aria',
        category: 'pop',
        range: { low: { midi: 55 }, high: { midi: 74 } },
      });
      expect(aria!.avatarSvg.startsWith('<svg')).toBe(true);
      expect(existsSync(aria!.samplePath)).toBe(true);
      expect(engine.listVoices().map((v) => v.id)).toEqual(expect.arrayContaining(['velvet', 'aria']));

      const dir = tempDir();
      const input = songWav(dir, 5);
      const r = await engine.createCover({
        input,
        voice: 'aria',
        outputs: [{ path: join(dir, 'cover.wav') }],
        preview: { seconds: 3 },
        stemsDir: join(dir, 'stems'),
        maxSeconds: MAX_SECONDS,
        threads: 1,
      });
      expect(r.engine).toBe('onnx');
      expect(r.voiceId).toBe('aria');
      const wav = readWav(join(dir, 'cover.wav'));
      expect(wav.channels[0]!.length).toBe(5 * 44100);
      expect(Math.abs(measureLoudness(wav.channels, 44100).lufs + 14)).toBeLessThan(1);
      expect(existsSync(join(dir, 'cover.preview.mp3'))).toBe(true);
      expect(partials(dir)).toEqual([]);

      // A built-in voice on the same engine: neural separation, DSP conversion.
      const b = await engine.createCover({
        input,
        voice: 'velvet',
        outputs: [{ path: join(dir, 'builtin.wav') }],
        maxSeconds: MAX_SECONDS,
        threads: 1,
      });
      expect(b.engine).toBe('onnx');
      expect(readWav(join(dir, 'builtin.wav')).channels[0]!.length).toBe(5 * 44100);
    } finally {
      await engine.close();
    }
  }, 60000);

  it('will not start without a models folder, or with a folder that holds nothing', async () => {
    await expect(openEngine({ kind: 'onnx' })).rejects.toMatchObject({ code: 'BAD_OPTION' });
    const empty = tempDir();
    const e = await openEngine({ kind: 'onnx', modelsDir: empty }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).message).toBe(
      `${empty} holds no separator and no voice (each model goes in <id>/manifest.json)`,
    );
  });
});
