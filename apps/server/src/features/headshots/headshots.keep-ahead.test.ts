import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import type { HeadshotPhoto } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { besideKey } from '../storage/files/beside';
import { createHeadshotsRepo } from './headshots.repo';
import { addPhoto, call, oneFace, silentLog, waitFor } from './headshots.test-kit';

// An approved photo's portrait and matte are made in the background (decision 230), through the API,
// the real check and the real pipeline, run by the feature's own queue handlers: the photo's first
// backdrop preview is one small render.

let ctx: TestContext;
let stop: (() => void) | undefined;
beforeAll(async () => {
  ctx = await createTestContext({ HEADSHOTS_KEEP_AHEAD: 'true' });
  const started = await ctx.features.headshots.startJobs!(
    ctx.queue,
    silentLog as unknown as FastifyBaseLogger,
  );
  stop = started ? started.stop : undefined;
}, within(60_000));
afterAll(async () => {
  stop?.();
  await ctx?.close();
}, within(60_000));

const keptExists = async (storageKey: string) =>
  (await ctx.features.storage.store.stat(besideKey(storageKey))) !== null;

describe('keeping an approved photo ahead of its previews', () => {
  it(
    'makes the portrait once the check approves the photo; the first preview renders from it; delete takes it',
    async () => {
      const { auth, userId } = await signInTestUser(ctx);
      const id = (await addPhoto(ctx, auth, 'me.jpg', await oneFace(0))).json().data.photo.id as string;
      const photo = await waitFor(
        async () =>
          (await call(ctx, 'GET', `/v1/headshots/photos/${id}`, auth)).json().data.photo as HeadshotPhoto,
        (p) => p.status !== 'checking',
        within(120_000),
      );
      expect(photo.status).toBe('approved');
      const { storageKey } = (await createHeadshotsRepo(ctx.database.db).findPhoto(userId, id))!;
      // No preview was asked: the background job alone makes and keeps it.
      expect(await waitFor(() => keptExists(storageKey), Boolean, within(240_000))).toBe(true);
      const bytes = await ctx.features.storage.files.readBeside(storageKey, 16 * 1024 * 1024);
      expect(bytes!.length).toBeGreaterThan(1000);

      const res = await call(ctx, 'POST', `/v1/headshots/photos/${id}/backdrop-preview`, auth, {
        style: 'navy-studio',
      });
      const made = res.json().data;
      // Ready in its first answer: no matte left to make.
      expect(made).toMatchObject({ style: 'navy-studio', ready: true, cached: false, width: 480 });
      const image = Buffer.from(made.image.replace('data:image/webp;base64,', ''), 'base64');
      expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 480 });
      console.info(`first preview with the portrait kept ahead: ${made.ms} ms`);

      expect((await call(ctx, 'DELETE', `/v1/headshots/photos/${id}`, auth)).statusCode).toBe(200);
      expect(await keptExists(storageKey)).toBe(false);
    },
    within(420_000),
  );
});
