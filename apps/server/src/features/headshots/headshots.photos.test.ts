import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { HeadshotMsg, Msg, type HeadshotPhoto } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { cartFor } from '../billing/catalog';
import { getToken, putObject } from '../storage/storage.test-kit';
import {
  addPhoto,
  buyPack,
  call,
  noFace,
  oneFace,
  pngBomb,
  silentLog,
  twoFaces,
  uploadFile,
  waitFor,
} from './headshots.test-kit';

// The upload page against the real photo check (@vladmandic/human in the pipeline's worker threads),
// run by the feature's own queue handlers. Every bad input of the product's list is here.

let ctx: TestContext;
let stop: (() => void) | undefined;
type Auth = { authorization: string };
let me: Auth;
let other: Auth;

beforeAll(async () => {
  ctx = await createTestContext({ HEADSHOTS_RESULTS_LIMIT: '2' });
  const started = await ctx.features.headshots.startJobs!(
    ctx.queue,
    silentLog as unknown as FastifyBaseLogger,
  );
  stop = started ? started.stop : undefined;
  me = (await signInTestUser(ctx)).auth;
  other = (await signInTestUser(ctx)).auth;
}, within(60_000));
afterAll(async () => {
  stop?.();
  await ctx?.close();
});

const photo = async (who: Auth, id: string) =>
  (await call(ctx, 'GET', `/v1/headshots/photos/${id}`, who)).json().data.photo as HeadshotPhoto;
const checked = (who: Auth, id: string) =>
  waitFor(
    () => photo(who, id),
    (p) => p.status !== 'checking',
  );

describe('headshot photos', () => {
  it('needs sign-in', async () => {
    const res = await call(ctx, 'GET', '/v1/headshots/photos');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 40001, msg: Msg.notLoggedIn });
  });

  it(
    'approves one face and declines none, two, a renamed non-image, 6000×6000 and a bomb',
    async () => {
      const cases: [string, Buffer, string, string[]][] = [
        ['me.jpg', await oneFace(), 'image/jpeg', []],
        ['wall.jpg', await noFace(), 'image/jpeg', ['NO_FACE']],
        ['us.jpg', await twoFaces(), 'image/jpeg', ['MULTIPLE_FACES']],
        // A real 6000×6000 picture (one flat colour, so small in bytes): the upload measures it, the check declines it.
        ['huge.jpg', await flatJpeg(6000, 6000), 'image/jpeg', ['TOO_LARGE']],
      ];
      const started = Date.now();
      const ids: string[] = [];
      for (const [name, body, type] of cases) {
        const res = await addPhoto(ctx, me, name, body, type);
        expect(res.json().code, res.body).toBe(0);
        expect(res.json().data.photo.status).toBe('checking');
        ids.push(res.json().data.photo.id);
      }
      for (const [i, [name, , , reasons]] of cases.entries()) {
        const p = await checked(me, ids[i]!);
        expect(p.status, name).toBe(reasons.length ? 'declined' : 'approved');
        expect(p.reasons.slice(0, reasons.length), name).toEqual(reasons);
      }
      // Checks run on the queue, not the request: every answer is in within seconds.
      expect(Date.now() - started).toBeLessThan(60_000);
      const huge = await photo(me, ids[3]!);
      expect(huge.messages[0]).toContain('6000 × 6000');

      // A renamed non-image never becomes a photo: the upload itself measures the picture and
      // refuses it with the §8 message, keeping nothing.
      const { params } = await getToken(ctx.app, me, 'kind=headshots&ext=jpg');
      const renamed = await putObject(
        ctx.app,
        params,
        Buffer.from('these are my notes, not a photo\n'.repeat(40)),
        {
          contentType: 'image/jpeg',
          vars: { 'x:file_name': 'notes.jpg' },
        },
      );
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json().msg).toBe('Format not supported');

      // A decompression bomb is refused from its header, never decoded.
      const bomb = await addPhoto(ctx, me, 'bomb.png', pngBomb(), 'image/png');
      const b = await checked(me, bomb.json().data.photo.id);
      expect(b.status).toBe('declined');
      expect(b.reasons.length).toBeGreaterThan(0);
    },
    within(120_000),
  );

  it(
    'refuses a file that is not an image, and another user’s file or photo',
    async () => {
      const text = await uploadFile(ctx, me, 'notes.txt', Buffer.from('hello'), 'text/plain');
      const res = await call(ctx, 'POST', '/v1/headshots/photos', me, { file_id: text });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Format not supported');

      const theirs = await uploadFile(ctx, other, 'them.jpg', await oneFace(3));
      const stolen = await call(ctx, 'POST', '/v1/headshots/photos', me, { file_id: theirs });
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().msg).toBe(Msg.fileMissing);

      const mine = (await call(ctx, 'GET', '/v1/headshots/photos', me)).json().data.photos as HeadshotPhoto[];
      expect((await call(ctx, 'GET', `/v1/headshots/photos/${mine[0]!.id}`, other)).statusCode).toBe(404);
      expect((await call(ctx, 'DELETE', `/v1/headshots/photos/${mine[0]!.id}`, other)).statusCode).toBe(404);
    },
    within(60_000),
  );

  it(
    'takes 20 photos and refuses the 21st with the §8 message; a replace stays within 20',
    async () => {
      const { auth: who, userId } = await signInTestUser(ctx);
      const body = await oneFace(2);
      const fileIds: number[] = [];
      for (let i = 0; i < 20; i++) {
        fileIds.push(await uploadFile(ctx, who, `p${i}.jpg`, body));
        const res = await call(ctx, 'POST', '/v1/headshots/photos', who, { file_id: fileIds[i] });
        expect(res.json().code, res.body).toBe(0);
      }
      const fileId = await uploadFile(ctx, who, 'p20.jpg', body);
      const res = await call(ctx, 'POST', '/v1/headshots/photos', who, { file_id: fileId });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Image upload limit exceeded (max 20 images).');
      const list = (await call(ctx, 'GET', '/v1/headshots/photos', who)).json().data;
      expect(list.photos).toHaveLength(20);
      const replaced = await call(ctx, 'POST', '/v1/headshots/photos', who, {
        file_id: fileId,
        replace_id: list.photos[0].id,
      });
      expect(replaced.json().code, replaced.body).toBe(0);
      const after = (await call(ctx, 'GET', '/v1/headshots/photos', who)).json().data
        .photos as HeadshotPhoto[];
      expect(after).toHaveLength(20);
      expect(after.some((p) => p.id === list.photos[0].id)).toBe(false);
      // The replaced photo's bytes went with it.
      const owner = { userId, visitorId: null };
      expect(await ctx.features.storage.files.findOwnedFile(owner, fileIds[0]!)).toBeNull();
      expect(await ctx.features.storage.files.findOwnedFile(owner, fileIds[1]!)).not.toBeNull();
    },
    within(120_000),
  );

  it(
    'refuses a submit without agreement, without a paid pack, or with photos not approved',
    async () => {
      const who = (await signInTestUser(ctx)).auth;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push((await addPhoto(ctx, who, `me${i}.jpg`, await oneFace(i))).json().data.photo.id);
      const body = {
        photo_ids: ids,
        styles: ['corporate-grey'],
        gender: 'female',
        plan: 'basic',
        agree: true,
      };

      const early = await call(ctx, 'POST', '/v1/headshots/packs', who, body);
      expect([409, 403]).toContain(early.statusCode);
      for (const id of ids) await checked(who, id);

      const noAgree = await call(ctx, 'POST', '/v1/headshots/packs', who, { ...body, agree: false });
      expect(noAgree.statusCode).toBe(400);
      expect(noAgree.json().msg).toBe(HeadshotMsg.agreementRequired);

      const unpaid = await call(ctx, 'POST', '/v1/headshots/packs', who, body);
      expect(unpaid.statusCode).toBe(403);
      expect(unpaid.json()).toMatchObject({ code: 490026, msg: HeadshotMsg.noPaidPack });

      const declined = (await call(ctx, 'GET', '/v1/headshots/photos', me)).json().data
        .photos as HeadshotPhoto[];
      const notMine = await call(ctx, 'POST', '/v1/headshots/packs', who, {
        ...body,
        photo_ids: [...ids.slice(0, 4), declined[0]!.id],
      });
      expect(notMine.statusCode).toBe(404);

      await buyPack(ctx, who, 'basic');
      const mixed = await addPhoto(ctx, who, 'wall.jpg', await noFace());
      await checked(who, mixed.json().data.photo.id);
      const withDeclined = await call(ctx, 'POST', '/v1/headshots/packs', who, {
        ...body,
        photo_ids: [...ids.slice(0, 4), mixed.json().data.photo.id],
      });
      expect(withDeclined.statusCode).toBe(400);
      expect(withDeclined.json().msg).toBe(HeadshotMsg.photoNotApproved);

      // Nothing was made and nothing was spent: no pack, the paid pack is still there, photos on the page.
      expect((await call(ctx, 'GET', '/v1/headshots/packs', who)).json().data.rows).toEqual([]);
      const plans = (await call(ctx, 'GET', '/v1/headshots/plans', who)).json().data;
      expect(plans.plans.find((p: { id: string }) => p.id === 'basic').available).toBe(1);
      const page = (await call(ctx, 'GET', '/v1/headshots/photos', who)).json().data;
      expect(page.approved).toBe(5);
      expect(page.photos.every((p: HeadshotPhoto) => p.pack_id === null)).toBe(true);
    },
    within(120_000),
  );
});

describe('headshot packs on sale', () => {
  it('sell only where the headshot product is wired', async () => {
    expect(cartFor('headshots').package).toEqual([]);
    expect(cartFor('headshots', 'en', undefined, true).package.map((p) => p.sku)).toEqual([
      'headshots-basic',
      'headshots-pro',
    ]);
    const cart = (await call(ctx, 'GET', '/v1/cart?type=headshots')).json().data;
    expect(cart.package).toHaveLength(2);
    expect((await call(ctx, 'GET', '/v1/headshots/plans')).json().data.on_sale).toBe(true);
  });

  it('free trials and previews are refused while their A/B tests are off for the account', async () => {
    const { auth } = await signInTestUser(ctx);
    const plans = (await call(ctx, 'GET', '/v1/headshots/plans', auth)).json().data;
    const body = { photo_ids: ['photo-000001'], styles: ['navy-studio'], agree: true };
    const trial = await call(ctx, 'POST', '/v1/headshots/trial', auth, body);
    expect(trial.statusCode).toBe(plans.ab.trial ? 404 : 403);
    const previews = await call(ctx, 'POST', '/v1/headshots/previews', auth, body);
    expect(previews.statusCode).toBe(plans.ab.pre_generation ? 404 : 403);
  });
});

function flatJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#8a8a8a' } })
    .jpeg({ quality: 40 })
    .toBuffer();
}
