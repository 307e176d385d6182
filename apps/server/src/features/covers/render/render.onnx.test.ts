import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { openEngine, type Engine } from '@ai-covers/engine';
import { addContent, addSeparator, addVoice } from '@ai-covers/engine/test-support';
import { loadSettings } from '../../../config';
import { createTestContext, type TestContext } from '../../../test/context';
import { visitor, type Headers } from '../../storage/storage.test-kit';
import { songWav, uploadSong } from '../covers.test-kit';

let ctx: TestContext;
let dataDir: string;
let engine: Engine;
let stopJobs: () => void;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'covers-onnx-test-'));
  // The models an operator would place in MODELS_DIR, here the tests' tiny stand-ins.
  const modelsDir = path.join(dataDir, 'models');
  addSeparator(modelsDir, [0.5, 0.5, 0.5, 0.5]);
  addContent(modelsDir);
  addVoice(modelsDir, 'aria', 'phone0', { loudness: 'match' });
  const settings = loadSettings({ ENGINE: 'onnx', MODELS_DIR: modelsDir, DATA_DIR: dataDir });
  // As main.ts does with the settings.
  engine = await openEngine({
    kind: settings.ENGINE,
    modelsDir: settings.MODELS_DIR,
    samplesDir: path.join(settings.dataDir, 'voice-samples'),
  });
  ctx = await createTestContext({ DATA_DIR: dataDir }, { engine });
  await ctx.queue.boss.purgeQueue('covers.render');
  const started = await ctx.features.covers.startJobs(ctx.queue, ctx.app.log);
  stopJobs = started.stop;
});
afterAll(async () => {
  stopJobs?.();
  await ctx?.close();
  await engine?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, who: Headers) => ctx.app.inject({ method: 'GET', url, headers: who });

describe('covers on the onnx engine', () => {
  it(
    'renders a cover end to end through the API and the queue worker with neural separation',
    async () => {
      const guest = visitor();
      const key = await uploadSong(ctx, guest, 'song.wav', songWav(2));
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/vsas/create',
        headers: guest,
        // The operator's model voice, offered by the engine like a built-in one.
        payload: { voice_id: 'aria', file_key: key },
      });
      expect(res.json().code).toBe(0);
      const taskId = res.json().data.task_id as string;
      let task = (await get(`/v1/vsas/result/${taskId}`, guest)).json().data;
      for (let i = 0; i < 120 && task.status < 3; i++) {
        task = (
          await get(`/v1/vsas/subscribe/${taskId}?status=${task.status}&progress=${task.progress}`, guest)
        ).json().data;
      }
      expect(task).toMatchObject({ status: 3, progress: 1, error: null });
      expect((await ctx.app.inject({ method: 'GET', url: task.preview_url })).statusCode).toBe(200);
      // The model voice is in the engine's library with its rendered sample.
      expect(fs.existsSync(engine.getVoice('aria')!.samplePath)).toBe(true);
    },
    within(60_000),
  );
});
