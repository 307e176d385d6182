import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { HeadshotMsg } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { createHeadshotsRepo } from './headshots.repo';
import { addPhoto, buyPack, call, oneFace, setPhotoCheck } from './headshots.test-kit';

// Racing submits of one account and the declined photos' removal, through the API. No queue handlers run: the photo checks are
// written as the check job writes them, and the packs stay queued (nothing here needs the pipeline).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, within(60_000));
afterAll(async () => ctx?.close());

type Auth = { authorization: string };

async function approvedPhotos(who: Auth): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const added = await addPhoto(ctx, who, `me-${i}.jpg`, await oneFace(i));
    expect(added.json().code, added.body).toBe(0);
    ids.push(added.json().data.photo.id);
  }
  for (const id of ids) await setPhotoCheck(ctx, id, 'approved');
  return ids;
}

const body = (ids: string[]) => ({
  photo_ids: ids,
  styles: ['corporate-grey'],
  gender: 'unspecified',
  plan: 'basic',
  agree: true,
});

async function race(who: Auth, ids: string[]) {
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => call(ctx, 'POST', '/v1/headshots/packs', who, body(ids))),
  );
  return {
    won: answers.filter((r) => r.statusCode === 200),
    lost: answers
      .filter((r) => r.statusCode !== 200)
      .map((r) => ({ status: r.statusCode, msg: r.json().msg })),
  };
}

const available = async (who: Auth) =>
  (await call(ctx, 'GET', '/v1/headshots/plans', who))
    .json()
    .data.plans.find((p: { id: string }) => p.id === 'basic').available as number;

describe('five racing submits of one account', () => {
  it('on one paid pack: one pack is made; the others are told no unused pack is left', async () => {
    const { auth } = await signInTestUser(ctx);
    await buyPack(ctx, auth, 'basic');
    const { won, lost } = await race(auth, await approvedPhotos(auth));
    expect(won).toHaveLength(1);
    expect(lost).toEqual(Array(4).fill({ status: 403, msg: HeadshotMsg.noPaidPack }));
    expect(await available(auth)).toBe(0);
    expect((await call(ctx, 'GET', '/v1/headshots/packs', auth)).json().data.rows).toHaveLength(1);
  });

  it('on two paid packs: one is spent; the others are told the photos are in that pack', async () => {
    const { auth } = await signInTestUser(ctx);
    await buyPack(ctx, auth, 'basic');
    await buyPack(ctx, auth, 'basic');
    const { won, lost } = await race(auth, await approvedPhotos(auth));
    expect(won).toHaveLength(1);
    expect(lost).toEqual(Array(4).fill({ status: 409, msg: HeadshotMsg.photosInPack }));
    expect(await available(auth)).toBe(1);
    expect((await call(ctx, 'GET', '/v1/headshots/packs', auth)).json().data.rows).toHaveLength(1);
  });
});

describe('declined photos', () => {
  it('go in one call, bytes too; approved photos stay and a submit needs only them', async () => {
    const { auth, userId } = await signInTestUser(ctx);
    await buyPack(ctx, auth, 'basic');
    const approved = await approvedPhotos(auth);
    const declined: string[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await addPhoto(ctx, auth, `bad-${i}.jpg`, await oneFace(5 + i));
      declined.push(added.json().data.photo.id);
      await setPhotoCheck(ctx, declined[i]!, 'declined');
    }
    const rows = await createHeadshotsRepo(ctx.database.db).draftPhotos(userId);
    const declinedFiles = rows.filter((r) => declined.includes(r.id)).map((r) => r.fileId!);

    const res = await call(ctx, 'POST', '/v1/headshots/photos/remove-declined', auth);
    expect(res.json()).toMatchObject({ code: 0, data: { deleted: 3 } });
    const page = (await call(ctx, 'GET', '/v1/headshots/photos', auth)).json().data;
    expect(page).toMatchObject({ approved: 5, declined: 0 });
    const owner = { userId, visitorId: null };
    for (const id of declinedFiles)
      expect(await ctx.features.storage.files.findOwnedFile(owner, id)).toBeNull();
    // A stranger's call removes nothing of this account.
    expect((await call(ctx, 'POST', '/v1/headshots/photos/remove-declined')).statusCode).toBe(401);
    expect((await call(ctx, 'POST', '/v1/headshots/packs', auth, body(approved))).statusCode).toBe(200);
  });
});
