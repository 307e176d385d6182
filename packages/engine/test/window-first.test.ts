import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RawPcmReader } from '../src/io/raw-pcm';
import { getVoiceProfile } from '../src/voice/library';
import { planConversion } from '../src/voice/plan';
import { prepareInput } from '../src/pipeline/input';
import { runConvert, type ConvertJob } from '../src/pipeline/jobs';
import { withRun } from '../src/pipeline/run';
import { separateFile } from '../src/pipeline/separate-file';
import { renderWindowFirst } from '../src/pipeline/window-first';
import { previewWindow } from '../src/pipeline/finalize';
import { MAX_SECONDS, songWav, tempDir } from './helpers';
import { probe } from '../src/io/probe';

describe('the preview window as blocks of the whole song', () => {
  const dir = tempDir();

  it('makes the preview from blocks that the whole song takes unchanged', async () => {
    // 30 s with a 6 s window from 9 s: the window's block, a 4 s neighbour on each side, the rest.
    const input = songWav(dir, 30, { seed: 5 });
    const profile = getVoiceProfile('velvet');
    const preview = join(dir, 'preview.mp3');
    await withRun(1, async (ctx) => {
      const song = await prepareInput(input, ctx.scratch, { maxSeconds: MAX_SECONDS });
      const job =
        (sep: Parameters<Parameters<typeof renderWindowFirst>[2]['convertJob']>[0]) =>
        (plan: ReturnType<typeof planConversion>) =>
        (span: ConvertJob['span']): ConvertJob => ({
          kind: 'convert',
          lead: sep.lead,
          accompaniment: sep.accompaniment,
          span,
          vocalSemitones: plan.key.semitones,
          instrumentSemitones: plan.key.instrumentSemitones,
          formantWarp: plan.formantWarp,
          eqDb: plan.eqDb,
          breathiness: profile.breathiness,
          vibrato: profile.vibrato,
          backingMode: 'keep',
          levels: { vocal: 1, backing: 1, instrumental: 1 },
        });
      const work = await renderWindowFirst(song, ctx, {
        withBacking: false,
        reverb: 0.2,
        plan: (st) => planConversion(profile, st.f0, st.ltas, song.sampleRate, st.fftSize, 'auto'),
        convertJob: (sep, plan) => job(sep)(plan),
        preview: { path: preview, seconds: 6, format: { kind: 'mp3', bitrateKbps: 128 } },
        loudness: { targetLufs: -14, ceilingDbtp: -1 },
      });
      const [from, len] = previewWindow(song.frames, song.sampleRate, 6);
      const near = 4 * song.sampleRate;
      expect(work.spans.map((s) => [s.start, s.end])).toEqual([
        [0, from - near],
        [from - near, from],
        [from, from + len],
        [from + len, from + len + near],
        [from + len + near, song.frames],
      ]);
      expect(work.preview?.durationSec).toBeCloseTo(6, 5);
      expect((await probe(preview)).durationSec).toBeCloseTo(6, 0);
      // Only the window's block was converted; it and its neighbours were separated.
      expect([...work.preview!.converted.keys()]).toEqual([from]);
      expect([...work.separated.keys()]).toEqual(work.spans.slice(1, 4).map((s) => s.start));

      // The whole song separated afresh: the window's block reads the same stems as it did.
      const whole = await separateFile(song, ctx.scratch, ctx.runner, { spans: work.spans });
      const span = work.spans[2]!;
      const read = (path: string) => {
        const r = new RawPcmReader(path, song.sampleRate, song.channels);
        try {
          return r.read(span.start - span.pad, span.end - span.start + 2 * span.pad);
        } finally {
          r.close();
        }
      };
      const windowLead = read(ctx.scratch.file('window-lead.f32'));
      expect(read(whole.lead.path)).toEqual(windowLead);
      expect(read(whole.accompaniment.path)).toEqual(read(ctx.scratch.file('window-acc.f32')));
      // ...and converts it to exactly what the preview's conversion kept.
      const again = runConvert(job(whole)(work.preview!.plan)(span));
      expect(again).toEqual(work.preview!.converted.get(from));
    });
  }, 120000);
});
