import os from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeAudio, createCover, listVoices, separateAudio } from '../src/index';
import { readWav } from '../src/io/wav';
import { measureLoudness } from '../src/dsp/loudness';
import { createRunner } from '../src/pipeline/pool';
import { RENDER_PRIORITY } from '../src/pipeline/priority';
import { previewFirstPays } from '../src/pipeline/preview-first';
import { MAX_SECONDS, partials, songWav, tempDir } from './helpers';
import { probe } from '../src/io/probe';

describe('pipeline', () => {
  const dir = tempDir();

  it('makes a stereo cover with preview and stems at -14 LUFS and <= -1 dBTP', async () => {
    const input = songWav(dir, 6);
    const progress: number[] = [];
    const stages: string[] = [];
    const r = await createCover({
      input,
      voice: 'nimbus',
      key: 'auto',
      outputs: [{ path: join(dir, 'c.wav') }, { path: join(dir, 'c.mp3'), bitrateKbps: 128 }],
      stemsDir: join(dir, 'stems'),
      preview: { seconds: 30 },
      maxSeconds: MAX_SECONDS,
      threads: 1,
      onProgress: (p, stage) => {
        progress.push(p);
        if (stages.at(-1) !== stage) stages.push(stage);
      },
    });
    // Every step is reported, in the order the render runs them (the DSP engine converts in its blocks).
    expect(stages).toEqual(['decode', 'separate', 'convert', 'mix', 'encode']);
    expect(existsSync(join(dir, 'c.wav'))).toBe(true);
    expect(existsSync(join(dir, 'c.mp3'))).toBe(true);
    expect(existsSync(join(dir, 'c.preview.mp3'))).toBe(true);
    expect(existsSync(join(dir, 'stems', 'vocals.wav'))).toBe(true);
    expect(partials(dir)).toEqual([]);
    const wav = readWav(join(dir, 'c.wav'));
    expect(wav.channels[0]!.length).toBe(6 * 44100);
    const m = measureLoudness(wav.channels, wav.sampleRate);
    expect(Math.abs(m.lufs + 14)).toBeLessThan(1);
    expect(m.truePeakDb).toBeLessThanOrEqual(-0.9);
    expect(r.loudness.truePeakDbtp).toBeLessThanOrEqual(-1);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
  }, 30000);

  it('keeps every block of a multi-block song in the cover and its stems', async () => {
    // 26 s = two 12 s blocks plus a remainder: the stitched vocal and instrumental must both reach
    // the end, with the song's level in its second half too.
    const input = songWav(dir, 26, { seed: 3 });
    const out = join(dir, 'long.wav');
    await createCover({
      input,
      voice: 'ember',
      outputs: [{ path: out }],
      stemsDir: join(dir, 'long-stems'),
      maxSeconds: MAX_SECONDS,
      preview: { path: join(dir, 'long-preview.mp3'), seconds: 4 },
    });
    // The preview is as long as the caller asked, not a length the engine decides.
    expect((await probe(join(dir, 'long-preview.mp3'))).durationSec).toBeCloseTo(4, 0);
    const wav = readWav(out);
    const vocals = readWav(join(dir, 'long-stems', 'vocals.wav'));
    expect(wav.channels[0]!.length).toBe(26 * 44100);
    expect(vocals.channels[0]!.length).toBe(26 * 44100);
    const rms = (x: Float32Array): number => Math.sqrt(x.reduce((a, v) => a + v * v, 0) / x.length);
    const first = rms(wav.channels[0]!.subarray(0, 12 * 44100));
    const second = rms(wav.channels[0]!.subarray(13 * 44100));
    expect(second / first).toBeGreaterThan(0.5);
  }, 60000);

  it('renders the preview first when asked, before the whole song', async () => {
    const input = songWav(dir, 6, { seed: 5 });
    const out = join(dir, 'first.wav');
    const preview = join(dir, 'first-preview.mp3');
    let heard: { path: string; durationSec: number; coverYet: boolean } | undefined;
    const r = await createCover({
      input,
      voice: 'velvet',
      outputs: [{ path: out }],
      maxSeconds: MAX_SECONDS,
      threads: 1,
      preview: { path: preview, seconds: 3 },
      onPreview: (p) => {
        heard = { ...p, coverYet: existsSync(out) };
        // The file is complete when announced: a player may open it at once.
        expect(existsSync(p.path)).toBe(true);
      },
    });
    expect(heard).toEqual({ path: preview, durationSec: 3, coverYet: false });
    expect(r.preview).toEqual({ path: preview, durationSec: 3 });
    expect((await probe(preview)).durationSec).toBeCloseTo(3, 0);
    expect(r.key.auto).toBe(true);
    expect(r.timingsMs['previewMs']).toBeGreaterThan(0);
  }, 60000);

  it('renders the preview first only where its window is at most half the song', () => {
    // A minute or more for the product's 30-second preview; a shorter song comes whole, in one pass.
    expect(previewFirstPays(60 * 44100, 44100, 30)).toBe(true);
    expect(previewFirstPays(59 * 44100, 44100, 30)).toBe(false);
    expect(previewFirstPays(1.5 * 8000, 8000, 30)).toBe(false);
  });

  it('separates mono input without a centre prior, keeping rate and length', async () => {
    const input = songWav(dir, 4, { mono: true });
    const r = await separateAudio(input, { outDir: join(dir, 'sep'), threads: 1, maxSeconds: MAX_SECONDS });
    const v = readWav(r.vocals);
    const a = readWav(r.accompaniment);
    expect(v.channels.length).toBe(1);
    expect(v.channels[0]!.length).toBe(4 * 44100);
    expect(a.channels[0]!.length).toBe(4 * 44100);
  }, 20000);

  it('analyzes the vocal pitch and suggests a key', async () => {
    const input = songWav(dir, 4);
    const a = await analyzeAudio(input, { voice: 'ember', threads: 1, maxSeconds: MAX_SECONDS });
    expect(a.durationSec).toBeCloseTo(4, 1);
    expect(a.vocal).toBeDefined();
    expect(a.suggestedKey?.voiceId).toBe('ember');
  }, 20000);

  it('runs blocks on worker threads when available and falls back in-thread', async () => {
    const inline = await createRunner(1);
    expect(inline.mode).toBe('inline');
    await inline.close();
    const ownPriority = os.getPriority();
    const pool = await createRunner(2);
    // Under vitest the worker registers tsx itself and loads the TS entry (the ping proves it ran).
    expect(pool.mode).toBe('workers');
    // Its threads run below the calling thread, which keeps its own priority.
    const pong = (await pool.run({ kind: 'ping' } as never)) as unknown as { priority: number };
    expect(pong.priority).toBe(Math.max(RENDER_PRIORITY, ownPriority));
    expect(os.getPriority()).toBe(ownPriority);
    await pool.close();
  }, 30000);

  it('ships at least 12 original voices in at least 4 categories', () => {
    const v = listVoices();
    expect(v.length).toBeGreaterThanOrEqual(12);
    expect(new Set(v.map((x) => x.category)).size).toBeGreaterThanOrEqual(4);
    for (const x of v) {
      expect(x.avatarSvg.startsWith('<svg')).toBe(true);
      expect(x.range.low.midi).toBeLessThan(x.range.high.midi);
    }
    expect(readFileSync(new URL('../src/voice/melody.ts', import.meta.url), 'utf8')).toContain(
      'SAMPLE_MELODY',
    );
  });
});
