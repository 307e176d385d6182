import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { HeadshotMsg, type HeadshotPackDetailData } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { addPhoto, call, oneFace, silentLog, waitFor } from './headshots.test-kit';

// The §9 headshot A/B tests with their effect, forced on through AB_OVERRIDES as an operator would.
// The trial runs the real pipeline for its one result.

let ctx: TestContext;
let stop: (() => void) | undefined;
beforeAll(async () => {
  ctx = await createTestContext({
    HEADSHOTS_RESULTS_LIMIT: '2',
    AB_OVERRIDES: 'portrait_trial_picture=2,portrait_pre_generation=2,portrait_multiple_run=1',
  });
  const started = await ctx.features.headshots.startJobs!(
    ctx.queue,
    silentLog as unknown as FastifyBaseLogger,
  );
  stop = started ? started.stop : undefined;
}, within(60_000));
afterAll(async () => {
  stop?.();
  await ctx?.close();
});

describe('portrait trial picture and pre-generation', () => {
  it(
    'one free watermarked trial result before paying, once; previews start without a paid pack',
    async () => {
      const { auth } = await signInTestUser(ctx);
      const plans = (await call(ctx, 'GET', '/v1/headshots/plans', auth)).json().data;
      expect(plans.ab).toEqual({ trial: true, multiple_run: false, pre_generation: true });
      expect(plans.trial_used).toBe(false);
      const id = (await addPhoto(ctx, auth, 'me.jpg', await oneFace(0))).json().data.photo.id;
      await waitFor(
        async () => (await call(ctx, 'GET', `/v1/headshots/photos/${id}`, auth)).json().data.photo.status,
        (s) => s !== 'checking',
      );
      const body = { photo_ids: [id], styles: ['navy-studio'], agree: true };
      expect(
        (await call(ctx, 'POST', '/v1/headshots/trial', auth, { ...body, agree: false })).statusCode,
      ).toBe(400);
      const trial = await call(ctx, 'POST', '/v1/headshots/trial', auth, body);
      expect(trial.json().data.pack).toMatchObject({ kind: 'trial', count: 1, status: 'generating' });
      const again = await call(ctx, 'POST', '/v1/headshots/trial', auth, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe(HeadshotMsg.trialUsed);

      const previews = await call(ctx, 'POST', '/v1/headshots/previews', auth, body);
      expect(previews.json().data.pack).toMatchObject({ kind: 'preview', count: 2 });
      // Free work is one at a time per account.
      expect((await call(ctx, 'POST', '/v1/headshots/previews', auth, body)).statusCode).toBe(409);

      const packId = trial.json().data.pack.id as string;
      const done = await waitFor(
        async () =>
          (await call(ctx, 'GET', `/v1/headshots/packs/${packId}`, auth)).json()
            .data as HeadshotPackDetailData,
        (d) => d.pack.status !== 'generating',
        300_000,
      );
      expect(done.pack.status, done.pack.error ?? '').toBe('success');
      expect(done.results).toHaveLength(1);
      // The photo stayed on the upload page for the paid pack.
      expect((await call(ctx, 'GET', '/v1/headshots/photos', auth)).json().data.photos).toHaveLength(1);
      expect((await call(ctx, 'GET', '/v1/headshots/plans', auth)).json().data.trial_used).toBe(true);
    },
    within(360_000),
  );
});

describe('the watermark', () => {
  it("marks the pixels across the middle of a free result, at half a paid result's size", async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { watermarkFile } = await import('./watermark');
    const dir = await mkdtemp(path.join(tmpdir(), 'wm-'));
    const file = path.join(dir, 'x.jpg');
    await writeFile(
      file,
      await sharp({ create: { width: 1024, height: 1280, channels: 3, background: '#404040' } })
        .jpeg()
        .toBuffer(),
    );
    await watermarkFile(file);
    // Smaller than the paid 1024 × 1280: the free result is a preview, not the product.
    expect(await sharp(file).metadata()).toMatchObject({ width: 512, height: 640 });
    const stats = await sharp(file).extract({ left: 128, top: 200, width: 256, height: 240 }).stats();
    expect(stats.channels[0]!.max).toBeGreaterThan(120);
    await rm(dir, { recursive: true, force: true });
  });
});
