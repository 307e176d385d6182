import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { HEADSHOT_LIMITS } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { besideKey } from '../storage/files/beside';
import { expireHeadshots } from './headshots.jobs';
import { createHeadshotsRepo } from './headshots.repo';
import { addPhoto, call, oneFace } from './headshots.test-kit';

// The portrait a preview keeps beside a photo goes with the photo: when the person deletes it and
// when it expires after its 30 days (whichever way its file went, the orphan sweep takes it too:
// storage/files/beside.test.ts).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, within(60_000));
afterAll(async () => ctx?.close());

const DAY_MS = 86_400_000;
const kept = Buffer.from('a kept portrait');

/** A new photo of a new user with bytes kept beside it; returns its storage key. */
async function photoWithKept() {
  const { auth, userId } = await signInTestUser(ctx);
  const id = (await addPhoto(ctx, auth, 'me.jpg', await oneFace(0))).json().data.photo.id as string;
  const { storageKey } = (await createHeadshotsRepo(ctx.database.db).findPhoto(userId, id))!;
  await ctx.features.storage.files.keepBeside(storageKey, kept, 1024);
  expect(await ctx.features.storage.files.readBeside(storageKey, 1024)).toEqual(kept);
  return { auth, id, storageKey };
}

const keptExists = async (storageKey: string) =>
  (await ctx.features.storage.store.stat(besideKey(storageKey))) !== null;

describe('what is kept beside a headshot photo', () => {
  it('goes when the person deletes the photo', async () => {
    const { auth, id, storageKey } = await photoWithKept();
    expect((await call(ctx, 'DELETE', `/v1/headshots/photos/${id}`, auth)).statusCode).toBe(200);
    expect(await keptExists(storageKey)).toBe(false);
    expect(await ctx.features.storage.store.stat(storageKey)).toBeNull();
  });

  it('goes when the photo expires after its 30 days', async () => {
    const { storageKey } = await photoWithKept();
    const later = new Date(Date.now() + (HEADSHOT_LIMITS.retentionDays + 1) * DAY_MS);
    await expireHeadshots(
      { repo: createHeadshotsRepo(ctx.database.db), files: ctx.features.storage.files },
      later,
    );
    expect(await keptExists(storageKey)).toBe(false);
  });
});
