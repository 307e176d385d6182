import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { HeadshotMsg, type HeadshotPack, type HeadshotPackDetailData } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { expireHeadshots } from './headshots.jobs';
import { createHeadshotsRepo } from './headshots.repo';
import { headshotPackTasks, headshotPhotos, headshotResults } from './headshots.schema';
import { addPhoto, buyPack, call, oneFace, readZip, silentLog, waitFor } from './headshots.test-kit';

// Whole packs through the real pipeline (face check, background removal, render, likeness). What is
// made small for speed is the pipeline's input, by two settings of the server: each pack hands one
// of its five approved photos to the pipeline (HEADSHOTS_PACK_PHOTOS_LIMIT=1, so one matte instead
// of five) and asks for two results (HEADSHOTS_RESULTS_LIMIT=2). The orchestration asserted here
// (entitlements, progress, storage, mail, zip, shares, retry, retention) is the same for any input;
// the pipeline's own quality is tested in packages/headshots and the journey.

let ctx: TestContext;
let stop: (() => void) | undefined;
type Auth = { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext({
    HEADSHOTS_RESULTS_LIMIT: '2',
    HEADSHOTS_PACK_PHOTOS_LIMIT: '1',
    PUBLIC_URL: 'https://hs.example',
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

async function fivePhotos(who: Auth): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++)
    ids.push((await addPhoto(ctx, who, `me-${i}.jpg`, await oneFace(i))).json().data.photo.id);
  await waitFor(
    async () => (await call(ctx, 'GET', '/v1/headshots/photos', who)).json().data,
    (d) => d.checking === 0,
  );
  return ids;
}

const submitBody = (ids: string[]) => ({
  photo_ids: ids,
  styles: ['corporate-grey'],
  gender: 'unspecified',
  plan: 'basic',
  agree: true,
});
const detail = async (who: Auth, id: string) =>
  (await call(ctx, 'GET', `/v1/headshots/packs/${id}`, who)).json().data as HeadshotPackDetailData;

describe('a headshot pack, bought, made, downloaded, shared and deleted', () => {
  let me: Auth;
  let myId: number;
  let pack: HeadshotPack;
  let orderIds: number[];

  it(
    'two racing submits spend one paid pack once; the loser changes nothing',
    async () => {
      ({ auth: me, userId: myId } = await signInTestUser(ctx));
      orderIds = [await buyPack(ctx, me, 'basic'), await buyPack(ctx, me, 'basic')];
      const ids = await fivePhotos(me);
      const [a, b] = await Promise.all([
        call(ctx, 'POST', '/v1/headshots/packs', me, submitBody(ids)),
        call(ctx, 'POST', '/v1/headshots/packs', me, submitBody(ids)),
      ]);
      const won = [a, b].filter((r) => r.statusCode === 200);
      const lost = [a, b].filter((r) => r.statusCode !== 200);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      // The loser is told the photos went into the winner's pack, whether it found them gone from the
      // page or taken inside its transaction.
      expect(lost[0]!.statusCode).toBe(409);
      expect(lost[0]!.json().msg).toBe(HeadshotMsg.photosInPack);
      pack = won[0]!.json().data.pack;
      expect(pack).toMatchObject({ status: 'generating', count: 2, kind: 'paid', plan: 'basic' });
      expect(pack.estimate_seconds).toBeGreaterThan(0);
      const plans = (await call(ctx, 'GET', '/v1/headshots/plans', me)).json().data;
      expect(plans.plans.find((p: { id: string }) => p.id === 'basic').available).toBe(1);
      expect((await call(ctx, 'GET', '/v1/headshots/packs', me)).json().data.rows).toHaveLength(1);
      // The photos left the upload page with the pack.
      expect((await call(ctx, 'GET', '/v1/headshots/photos', me)).json().data.photos).toHaveLength(0);
    },
    within(180_000),
  );

  it(
    'generates with progress that never goes back, then delivers and mails',
    async () => {
      const seen: number[] = [];
      const done = await waitFor(
        async () => {
          const p = (await detail(me, pack.id)).pack;
          seen.push(p.progress);
          return p;
        },
        (p) => p.status !== 'generating',
        300_000,
      );
      expect(done.status, done.error ?? '').toBe('success');
      for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
      expect(done).toMatchObject({ task_status: 3, progress: 1, delivered: 2, estimate_seconds: null });
      expect(new Date(done.expires_at!).getTime() - new Date(done.finished_at!).getTime()).toBe(
        30 * 86_400_000,
      );
      const d = await detail(me, pack.id);
      expect(d.results).toHaveLength(2);
      for (const r of d.results) expect(r.likeness).toBeGreaterThanOrEqual(0.5);
      const one = await ctx.app.inject({
        method: 'GET',
        url:
          new URL(d.results[0]!.download_url, 'http://x').pathname +
          new URL(d.results[0]!.download_url, 'http://x').search,
      });
      expect(one.statusCode).toBe(200);
      expect(one.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

      const outbox = path.join(ctx.settings.dataDir, 'outbox');
      // The body is quoted-printable: soft line breaks ("=" and a newline) and "=" written as "=3D";
      // a soft break may fall inside the pack id, so mails are decoded before they are searched.
      const decoded = async () =>
        Promise.all(
          (await readdir(outbox).catch(() => [])).map(async (f) =>
            (await readFile(path.join(outbox, f), 'utf8')).replace(/=\n/g, '').replace(/=3D/g, '='),
          ),
        );
      const mails = await waitFor(decoded, (all) => all.some((m) => m.includes(pack.id)), 30_000);
      expect(mails.find((m) => m.includes(pack.id))).toContain(
        `https://hs.example/headshots/usercenter/detail?id=${pack.id}`,
      );
    },
    within(320_000),
  );

  it('streams the pack, or chosen results, as a zip', async () => {
    const d = await detail(me, pack.id);
    const link = (await call(ctx, 'GET', `/v1/headshots/packs/${pack.id}/zip`, me)).json().data;
    const res = await ctx.app.inject({ method: 'GET', url: link.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['headshot-001.jpg', 'headshot-002.jpg']);
    for (const e of entries) expect(e.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const some = (
      await call(ctx, 'GET', `/v1/headshots/packs/${pack.id}/zip?ids=${d.results[1]!.id}`, me)
    ).json().data;
    expect(readZip((await ctx.app.inject({ method: 'GET', url: some.url })).rawPayload)).toHaveLength(1);
    // A forged or altered link streams nothing.
    expect((await ctx.app.inject({ method: 'GET', url: `${link.url}x` })).statusCode).toBe(404);
  });

  it('keeps packs private; shares a link that can be revoked', async () => {
    const stranger = (await signInTestUser(ctx)).auth;
    expect((await call(ctx, 'GET', `/v1/headshots/packs/${pack.id}`, stranger)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/v1/headshots/packs/${pack.id}/zip`, stranger)).statusCode).toBe(404);
    expect((await call(ctx, 'POST', `/v1/headshots/packs/${pack.id}/shares`, stranger)).statusCode).toBe(404);

    const share = (await call(ctx, 'POST', `/v1/headshots/packs/${pack.id}/shares`, me)).json().data.share;
    expect(share.url).toBe(`https://hs.example/headshots/usercenter/share?id=${share.id}`);
    const view = await call(ctx, 'GET', `/v1/headshots/shares/${share.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().data.results).toHaveLength(2);
    expect(view.json().data.results[0].likeness).toBeUndefined();
    // Only its owner is told the link is theirs (the page offers them to turn it off).
    expect(view.json().data.mine).toBe(false);
    expect((await call(ctx, 'GET', `/v1/headshots/shares/${share.id}`, stranger)).json().data.mine).toBe(
      false,
    );
    expect((await call(ctx, 'GET', `/v1/headshots/shares/${share.id}`, me)).json().data.mine).toBe(true);
    expect((await call(ctx, 'POST', `/v1/headshots/shares/${share.id}/revoke`, stranger)).statusCode).toBe(
      404,
    );
    const revoked = await call(ctx, 'POST', `/v1/headshots/shares/${share.id}/revoke`, me);
    expect(revoked.json().data.share.revoked).toBe(true);
    const gone = await call(ctx, 'GET', `/v1/headshots/shares/${share.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().msg).toBe(HeadshotMsg.shareRevoked);
  });

  it('a used pack is not refunded; an unused one is', async () => {
    const refunds = await Promise.all(
      orderIds.map((id) => call(ctx, 'POST', `/v1/billing/orders/${id}/refund`, me)),
    );
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it(
    'a failed pack can be retried at no new charge',
    async () => {
      const { auth: who } = await signInTestUser(ctx);
      await buyPack(ctx, who, 'basic');
      const ids = await fivePhotos(who);
      const rows = await ctx.database.db.select().from(headshotPhotos).where(inArray(headshotPhotos.id, ids));
      const store = ctx.features.storage.store;
      const saved = new Map<string, Buffer>();
      for (const r of rows) {
        const chunks: Buffer[] = [];
        for await (const c of await store.read(r.storageKey)) chunks.push(c as Buffer);
        saved.set(r.storageKey, Buffer.concat(chunks));
        await store.remove(r.storageKey);
      }
      const submitted = (await call(ctx, 'POST', '/v1/headshots/packs', who, submitBody(ids))).json().data
        .pack;
      const failed = await waitFor(
        async () => (await detail(who, submitted.id)).pack,
        (p) => p.status !== 'generating',
        120_000,
      );
      expect(failed).toMatchObject({ status: 'failure', task_status: 4, error: HeadshotMsg.generateFailed });
      const { Readable } = await import('node:stream');
      for (const [key, bytes] of saved)
        await store.write(key, Readable.from([bytes]), { maxBytes: 1e8, contentType: 'image/jpeg' });
      const retry = await call(ctx, 'POST', `/v1/headshots/packs/${submitted.id}/retry`, who);
      expect(retry.json()).toMatchObject({ code: 0, msg: 'Retry succeeded' });
      expect(retry.json().data.pack).toMatchObject({ status: 'generating', retries: 1 });
      const plans = (await call(ctx, 'GET', '/v1/headshots/plans', who)).json().data;
      expect(plans.plans.find((p: { id: string }) => p.id === 'basic').available).toBe(0);
      const ok = await waitFor(
        async () => (await detail(who, submitted.id)).pack,
        (p) => p.status !== 'generating',
        300_000,
      );
      expect(ok.status).toBe('success');
      const again = await call(ctx, 'POST', `/v1/headshots/packs/${submitted.id}/retry`, who);
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toMatch(/^Retry failed/);
    },
    within(480_000),
  );

  it('deletes results and photos after 30 days, bytes too', async () => {
    const repo = createHeadshotsRepo(ctx.database.db);
    const results = await ctx.database.db
      .select()
      .from(headshotResults)
      .where(eq(headshotResults.packId, pack.id));
    await ctx.database.db
      .update(headshotPackTasks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(headshotPackTasks.id, pack.id));
    const gone = await expireHeadshots({ repo, files: ctx.features.storage.files }, new Date());
    expect(gone.packs).toBe(1);
    expect(gone.photos).toBe(5);
    expect((await call(ctx, 'GET', `/v1/headshots/packs/${pack.id}`, me)).statusCode).toBe(404);
    for (const r of results) {
      expect(await ctx.features.storage.store.stat(r.storageKey)).toBeNull();
      expect(await ctx.features.storage.store.stat(r.thumbKey)).toBeNull();
    }
    expect(
      await ctx.features.storage.files.findOwnedFile({ userId: myId, visitorId: null }, results[0]!.fileId!),
    ).toBeNull();
  });

  it('delete all needs confirmation and removes everything, bytes too', async () => {
    const { auth: who } = await signInTestUser(ctx);
    await addPhoto(ctx, who, 'left.jpg', await oneFace(1));
    expect((await call(ctx, 'POST', '/v1/headshots/delete-all', who, {})).statusCode).toBe(400);
    const res = await call(ctx, 'POST', '/v1/headshots/delete-all', who, { confirm: true });
    expect(res.json()).toMatchObject({ code: 0, data: { packs: 0, photos: 1 } });
    expect((await call(ctx, 'GET', '/v1/headshots/photos', who)).json().data.photos).toEqual([]);
  });
});
