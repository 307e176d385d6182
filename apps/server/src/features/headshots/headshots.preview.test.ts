import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { HeadshotMsg } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { besideKey } from '../storage/files/beside';
import { createHeadshotsRepo } from './headshots.repo';
import { addPhoto, call, oneFace, setPhotoCheck } from './headshots.test-kit';

// The backdrop preview through the API and the real pipeline (check, matte, one render). The photo
// checks are written as the check job writes them; the preview's own pass checks the photo again,
// and keeps the photo's portrait and matte for its other backdrops.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, within(60_000));
afterAll(async () => ctx?.close());

const preview = (who: object, photoId: string, style: string) =>
  call(ctx, 'POST', `/v1/headshots/photos/${photoId}/backdrop-preview`, who as never, { style });

describe('the backdrop preview', () => {
  it(
    'renders my approved photo in the chosen style, then answers it again from memory',
    async () => {
      const { auth, userId } = await signInTestUser(ctx);
      const id = (await addPhoto(ctx, auth, 'me.jpg', await oneFace(0))).json().data.photo.id as string;
      await setPhotoCheck(ctx, id, 'approved');

      // A render longer than one answer (20 s) goes on; the same call asks again until it is ready.
      let made = (await preview(auth, id, 'navy-studio')).json().data;
      const until = Date.now() + 200_000;
      while (!made.ready && Date.now() < until) {
        expect(made).toMatchObject({ style: 'navy-studio', image: null, cached: false });
        await new Promise((r) => setTimeout(r, 2000));
        made = (await preview(auth, id, 'navy-studio')).json().data;
      }
      expect(made).toMatchObject({ style: 'navy-studio', ready: true, width: 480 });
      const bytes = Buffer.from(made.image.replace('data:image/webp;base64,', ''), 'base64');
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 480 });

      const again = (await preview(auth, id, 'navy-studio')).json().data;
      expect(again).toMatchObject({ ready: true, cached: true, image: made.image });
      expect(again.ms).toBeLessThan(1000);

      // The photo's portrait and matte were kept beside it: another backdrop is one small render,
      // ready in its first answer.
      const { storageKey } = (await createHeadshotsRepo(ctx.database.db).findPhoto(userId, id))!;
      expect(await ctx.features.storage.store.stat(besideKey(storageKey))).not.toBeNull();
      const other = (await preview(auth, id, 'office-bokeh')).json().data;
      expect(other).toMatchObject({ style: 'office-bokeh', ready: true, cached: false, width: 480 });
      expect(other.image).not.toBe(made.image);

      // Deleting the photo deletes what was kept beside it.
      expect((await call(ctx, 'DELETE', `/v1/headshots/photos/${id}`, auth)).statusCode).toBe(200);
      expect(await ctx.features.storage.store.stat(besideKey(storageKey))).toBeNull();
    },
    within(300_000),
  );

  it("refuses a stranger's photo, a declined photo, an unknown style and a signed-out caller", async () => {
    const { auth } = await signInTestUser(ctx);
    const stranger = (await signInTestUser(ctx)).auth;
    const id = (await addPhoto(ctx, auth, 'me.jpg', await oneFace(1))).json().data.photo.id as string;
    const bad = (await addPhoto(ctx, auth, 'bad.jpg', await oneFace(2))).json().data.photo.id as string;
    await setPhotoCheck(ctx, id, 'approved');
    await setPhotoCheck(ctx, bad, 'declined');

    expect((await preview(stranger, id, 'navy-studio')).statusCode).toBe(404);
    const declined = await preview(auth, bad, 'navy-studio');
    expect(declined.statusCode).toBe(400);
    expect(declined.json().msg).toBe(HeadshotMsg.photoNotApproved);
    expect((await preview(auth, id, 'no-such-style')).statusCode).toBe(400);
    expect((await preview({}, id, 'navy-studio')).statusCode).toBe(401);
  });
});
