import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { HeadshotMsg, type HeadshotPhoto, type HeadshotPhotosData } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { headshotPhotos } from './headshots.schema';
import { addPhoto, buyPack, call, editedCopy, oneFace, silentLog, waitFor } from './headshots.test-kit';

// A pack never fails for lack of distinct results with the money spent (decisions 165 and 166):
// real photo checks keep each photo's capacity and fingerprint, a copy is declined at upload, a
// submit its photos cannot fill is refused before the pack is spent, and a run that still falls
// short gives the pack back.

type Auth = { authorization: string };

async function withJobs(env: Record<string, string>) {
  const ctx = await createTestContext(env);
  const started = await ctx.features.headshots.startJobs!(
    ctx.queue,
    silentLog as unknown as FastifyBaseLogger,
  );
  return { ctx, stop: started ? started.stop : () => {} };
}

const page = async (ctx: TestContext, who: Auth) =>
  (await call(ctx, 'GET', '/v1/headshots/photos', who)).json().data as HeadshotPhotosData;

async function photos(ctx: TestContext, who: Auth, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await addPhoto(ctx, who, `me-${i}.jpg`, await oneFace(i))).json().data.photo.id);
  await waitFor(
    () => page(ctx, who),
    (d) => d.checking === 0,
  );
  return ids;
}

const body = (ids: string[]) => ({
  photo_ids: ids,
  styles: ['corporate-grey'],
  gender: 'unspecified',
  plan: 'basic',
  agree: true,
});

const available = async (ctx: TestContext, who: Auth) =>
  (await call(ctx, 'GET', '/v1/headshots/plans', who))
    .json()
    .data.plans.find((p: { id: string }) => p.id === 'basic').available as number;

describe('before payment (a Basic pack of 50)', () => {
  let ctx: TestContext;
  let stop: () => void;
  beforeAll(async () => ({ ctx, stop } = await withJobs({})), 60_000);
  afterAll(async () => {
    stop?.();
    await ctx?.close();
  });

  it('declines a copy of an approved photo, counts what the photos give, and refuses a pack they cannot fill', async () => {
    const { auth } = await signInTestUser(ctx);
    const ids = await photos(ctx, auth, 5);
    let data = await page(ctx, auth);
    expect(data.approved).toBe(5);
    // The same photo under another light is a copy: declined at upload, naming the original.
    await addPhoto(ctx, auth, 'again.jpg', await editedCopy());
    data = await waitFor(
      () => page(ctx, auth),
      (d) => d.checking === 0,
    );
    const copy = data.photos.find((p) => p.name === 'again.jpg')!;
    expect(copy).toMatchObject({ status: 'declined', reasons: ['DUPLICATE_PHOTO'], capacity: 0 });
    expect(copy.data).toMatchObject({ duplicateName: 'me-0.jpg' });

    // The page's capacity is the approved photos' own, summed; five of these give fewer than 50.
    const approved = data.photos.filter((p) => p.status === 'approved');
    for (const p of approved) expect(p.capacity).toBeGreaterThanOrEqual(3);
    const capacity = approved.reduce((n, p: HeadshotPhoto) => n + p.capacity!, 0);
    expect(data.capacity).toBe(capacity);
    expect(capacity).toBeLessThan(50);
    expect(data.pack_results).toEqual({ basic: 50, pro: 100 });
    expect(data.more_photos.basic).toBe(Math.ceil((50 - capacity) / (capacity / 5)));

    await buyPack(ctx, auth, 'basic');
    const res = await call(ctx, 'POST', '/v1/headshots/packs', auth, body(ids));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, data: null });
    expect(res.json().msg).toBe(
      `These photos give ${capacity} distinct headshots; the Basic pack has 50. Add ` +
        `${data.more_photos.basic} more photos that differ (other clothes, place or light), then ` +
        `submit again. Your pack stays unused.`,
    );
    // Nothing spent, nothing made, the photos still on the page.
    expect(await available(ctx, auth)).toBe(1);
    expect((await call(ctx, 'GET', '/v1/headshots/packs', auth)).json().data.rows).toEqual([]);
    expect((await page(ctx, auth)).approved).toBe(5);
  });
});

describe('after payment (one photo to the pipeline, a pack of 10)', () => {
  let ctx: TestContext;
  let stop: () => void;
  beforeAll(
    async () =>
      ({ ctx, stop } = await withJobs({ HEADSHOTS_RESULTS_LIMIT: '10', HEADSHOTS_PACK_PHOTOS_LIMIT: '1' })),
    60_000,
  );
  afterAll(async () => {
    stop?.();
    await ctx?.close();
  });

  it(
    'a run its photos cannot fill gives the pack back, unspent, with the photos on the upload page',
    { timeout: within(300_000) },
    async () => {
      const { auth } = await signInTestUser(ctx);
      const ids = await photos(ctx, auth, 5);
      // Photos checked before capacities were kept count as the most a photo gives (12), so the
      // submit is taken; the first photo, a tight crop, really gives fewer than 10.
      for (const id of ids)
        await ctx.database.db.update(headshotPhotos).set({ capacity: null }).where(eq(headshotPhotos.id, id));
      const order = [ids[1]!, ids[0]!, ...ids.slice(2)];
      await buyPack(ctx, auth, 'basic');
      const res = await call(ctx, 'POST', '/v1/headshots/packs', auth, body(order));
      expect(res.json().code, res.body).toBe(0);
      expect(await available(ctx, auth)).toBe(0);
      const packId = res.json().data.pack.id as string;

      const pack = await waitFor(
        async () => (await call(ctx, 'GET', `/v1/headshots/packs/${packId}`, auth)).json().data.pack,
        (p) => p.status !== 'generating',
        240_000,
      );
      expect(pack).toMatchObject({ status: 'failure', error: HeadshotMsg.packGivenBack, delivered: 0 });
      expect(await available(ctx, auth)).toBe(1);
      const back = await page(ctx, auth);
      expect(back.approved).toBe(5);
      expect(back.photos.every((p) => p.pack_id === null)).toBe(true);
      // Nothing to retry: the pack and the photos are back for a new submit.
      const retry = await call(ctx, 'POST', `/v1/headshots/packs/${packId}/retry`, auth);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().msg).toBe(HeadshotMsg.givenBackNoRetry);
      // Deleting the failed pack leaves the photos that went back.
      await call(ctx, 'POST', `/v1/headshots/packs/${packId}/delete`, auth);
      expect((await page(ctx, auth)).approved).toBe(5);
    },
  );
});
