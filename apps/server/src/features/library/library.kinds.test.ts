// The library shows what a user uploaded (or fetched from a link) and nothing else: no product
// outputs (results, previews, renders), no refused uploads, no upload that never completed.
import { Readable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { oneFace, noFace, setPhotoCheck, uploadFile } from '../headshots/headshots.test-kit';
import { createDeclinedPhotoFiles } from '../headshots/headshots.describe';
import { getToken, putObject, someBytes, type Headers } from '../storage/storage.test-kit';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-kinds-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const listed = async (who: Headers) => {
  const data = (await ctx.app.inject({ method: 'GET', url: '/v1/library/files', headers: who })).json().data;
  return { names: (data.rows as { name: string }[]).map((r) => r.name).sort(), total: data.total as number };
};

async function put(who: Headers, name: string, body: Buffer, contentType: string) {
  const { params } = await getToken(ctx.app, who, `kind=ai-covers&ext=${name.split('.').pop()}`);
  return putObject(ctx.app, params, body, { contentType, vars: { 'x:file_name': name } });
}

describe('what the library lists', () => {
  let user: Awaited<ReturnType<typeof signInTestUser>>;
  const owner = () => ({ userId: user.userId, visitorId: null });
  beforeAll(async () => {
    user = await signInTestUser(ctx);
  });

  it('an upload', async () => {
    expect((await put(user.auth, 'My song.wav', someBytes(), 'audio/wav')).statusCode).toBe(200);
    expect(await listed(user.auth)).toEqual({ names: ['My song.wav'], total: 1 });
  });

  it('a song fetched from a link is the user’s like an upload', async () => {
    await ctx.features.storage.files.storeOutput(owner(), {
      body: Readable.from([someBytes()]),
      fileName: 'Linked song.wav',
      kind: 'ai-covers',
      action: 'upload',
      library: true,
    });
    expect((await listed(user.auth)).names).toEqual(['Linked song.wav', 'My song.wav']);
  });

  it.each(['result', 'preview', 'cover', 'art-background'])(
    'not a product output (%s): results, previews and intermediate renders',
    async (action) => {
      await ctx.features.storage.files.storeOutput(owner(), {
        body: Readable.from([someBytes()]),
        fileName: `${action}.wav`,
        kind: 'ai-covers',
        action,
      });
      expect(await listed(user.auth)).toEqual({ names: ['Linked song.wav', 'My song.wav'], total: 2 });
    },
  );

  it.each([
    ['an empty file', Buffer.alloc(0), 'audio/mpeg'],
    ['text named .mp3', Buffer.from('not a song at all, just words'), 'audio/mpeg'],
    ['text named .png', Buffer.from('not a picture'), 'image/png'],
  ])('not a refused upload: %s', async (_, body, type) => {
    const ext = type === 'image/png' ? 'png' : 'mp3';
    const res = await put(user.auth, `refused.${ext}`, body, type);
    expect(res.statusCode).toBe(400);
    expect(await listed(user.auth)).toEqual({ names: ['Linked song.wav', 'My song.wav'], total: 2 });
  });

  it('not an upload that never completed (a credential only, or a PUT refused by its signature)', async () => {
    await getToken(ctx.app, user.auth, 'kind=ai-covers&ext=mp3');
    const { params } = await getToken(ctx.app, user.auth, 'kind=ai-covers&ext=wav');
    const forged = await putObject(ctx.app, params, someBytes(), {
      contentType: 'audio/wav',
      secret: 'wrong',
    });
    expect(forged.statusCode).toBe(403);
    expect(await listed(user.auth)).toEqual({ names: ['Linked song.wav', 'My song.wav'], total: 2 });
  });

  it('not a declined headshot photo; an approved one stays, and paging counts only what is listed', async () => {
    const me = await signInTestUser(ctx);
    const add = async (name: string, body: Buffer) => {
      const fileId = await uploadFile(ctx, me.auth, name, body);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/headshots/photos',
        headers: me.auth,
        payload: { file_id: fileId },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.photo.id as string;
    };
    const good = await add('me.jpg', await oneFace());
    const bad = await add('helmet.jpg', await noFace());
    // The photo check's outcome, written as the check job writes it (the detector itself is tested
    // in the headshots feature).
    await setPhotoCheck(ctx, good, 'approved');
    await setPhotoCheck(ctx, bad, 'declined');
    expect(await listed(me.auth)).toEqual({ names: ['me.jpg'], total: 1 });
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/v1/library/files?page_size=1&page=2',
      headers: me.auth,
    });
    expect(page.json().data).toMatchObject({ rows: [], total: 1 });
  });
});

describe('declined photo files (the headshot feature’s part)', () => {
  it('names the files of declined draft photos only, and nothing for a visitor', async () => {
    const rows = [
      { status: 'declined', fileId: 7 },
      { status: 'approved', fileId: 8 },
      { status: 'checking', fileId: 9 },
      { status: 'declined', fileId: null },
    ];
    const calls: number[] = [];
    const declined = createDeclinedPhotoFiles({
      repo: {
        draftPhotos: async (userId: number) => {
          calls.push(userId);
          return rows as never;
        },
      },
    });
    expect(await declined({ userId: 3, visitorId: null })).toEqual([7]);
    expect(await declined({ userId: null, visitorId: 'v-1' })).toEqual([]);
    expect(calls).toEqual([3]);
  });
});
