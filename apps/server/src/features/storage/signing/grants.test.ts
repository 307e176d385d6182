// Read URLs tied to a grant: a revoked headshot share stops its result images and its zip at once,
// on both storage drivers (S3 URLs of a grant are served by /storage, which asks the grant).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../../test/context';
import { readZip, seedHeadshotPack } from '../../headshots/headshots.test-kit';
import { createGrants } from './grants';

describe('grants', () => {
  it('is live only for a registered kind whose check says so; malformed names never', async () => {
    const grants = createGrants();
    grants.register('share', async (id) => id === 'alive');
    expect(await grants.isLive(grants.name('share', 'alive'))).toBe(true);
    expect(await grants.isLive('share:gone')).toBe(false);
    expect(await grants.isLive('other:alive')).toBe(false);
    for (const bad of [
      '',
      'share',
      'share:',
      ':alive',
      'share:al/ive',
      'Share:alive',
      `share:${'a'.repeat(129)}`,
    ])
      expect(await grants.isLive(bad)).toBe(false);
    expect(() => grants.register('share', async () => true)).toThrow(/twice/);
  });
});

describe.each(['embedded', 's3'] as const)('a revoked headshot share on %s storage', (driver) => {
  let ctx: TestContext;
  let dataDir: string;
  let s3: S3rver | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `grants-${driver}-`));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (driver === 's3') {
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: path.join(dataDir, 's3rver'),
        configureBuckets: [{ name: 'covers-test', configs: [] }],
      });
      const { port } = await s3.run();
      Object.assign(env, {
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'covers-test',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
    }
    ctx = await createTestContext(env);
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  /** A finished pack of the user with two stored result images, as the pipeline leaves it. */
  async function finishedPack(userId: number): Promise<string> {
    const packId = await seedHeadshotPack(ctx, userId);
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#88a' } })
      .jpeg()
      .toBuffer();
    for (const index of [0, 1]) {
      const stored = await ctx.features.storage.files.storeOutput(
        { userId, visitorId: null },
        {
          body: Readable.from([jpeg]),
          fileName: `headshot-${index}.jpg`,
          kind: 'headshots',
          action: 'result',
        },
      );
      await ctx.database.db.execute(sql`
        insert into headshot_results (id, pack_id, user_id, "index", file_id, storage_key, thumb_file_id,
          thumb_key, name, size, style, backdrop, framing, grade, likeness)
        values (${`r${randomBytes(6).toString('hex')}`}, ${packId}, ${userId}, ${index}, ${stored.id},
          ${stored.storage_key}, ${stored.id}, ${stored.storage_key}, ${`headshot-${index}.jpg`},
          ${stored.size}, 'studio', 'grey', 'head', 'natural', 0.9)`);
    }
    return packId;
  }

  it('stops its result images and its zip; the owner still reads them', async () => {
    const me = await signInTestUser(ctx);
    const packId = await finishedPack(me.userId);
    const share = (
      await ctx.app.inject({ method: 'POST', url: `/v1/headshots/packs/${packId}/shares`, headers: me.auth })
    ).json().data.share;
    const view = (await get(`/v1/headshots/shares/${share.id}`)).json().data;
    expect(view.results).toHaveLength(2);
    const images = view.results.flatMap((r: { url: string; thumb_url: string; download_url: string }) => [
      r.url,
      r.thumb_url,
      r.download_url,
    ]) as string[];
    for (const url of images) {
      expect(url.startsWith('/storage/')).toBe(true);
      const read = await get(url);
      expect(read.statusCode).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
    }
    const zip = await get(view.zip_url);
    expect(zip.statusCode).toBe(200);
    expect(readZip(zip.rawPayload)).toHaveLength(2);

    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/v1/headshots/shares/${share.id}/revoke`,
      headers: me.auth,
    });
    expect(revoked.json().data.share.revoked).toBe(true);
    for (const url of [...images, view.zip_url as string]) {
      const read = await get(url);
      expect(read.statusCode, url).toBe(404);
      expect(read.json()).toMatchObject({ code: 40004, data: null });
    }

    // The owner's own URLs of the same pack are no share's: they keep working.
    const own = (await get(`/v1/headshots/packs/${packId}`, me.auth)).json().data;
    const ownUrl = own.results[0].url as string;
    expect((await get(ownUrl)).statusCode).toBe(200);
    const ownZip = (await get(`/v1/headshots/packs/${packId}/zip`, me.auth)).json().data;
    expect((await get(ownZip.url)).statusCode).toBe(200);
  });

  it("stops the URLs a session was given when it signs out, and only that session's", async () => {
    const me = await signInTestUser(ctx);
    const other = await ctx.features.users.sessions.issueToken(me.userId);
    const packId = await finishedPack(me.userId);
    const urlsOf = async (auth: Record<string, string>) => {
      const pack = (await get(`/v1/headshots/packs/${packId}`, auth)).json().data;
      const zip = (await get(`/v1/headshots/packs/${packId}/zip`, auth)).json().data;
      const urls = [
        pack.results[0].url,
        pack.results[0].thumb_url,
        pack.results[0].download_url,
        zip.url,
      ] as string[];
      expect(urls.every(Boolean)).toBe(true);
      return urls;
    };
    const mine = await urlsOf(me.auth);
    const theirs = await urlsOf({ authorization: `Bearer ${other.token}` });
    // Served by /storage on both drivers: S3 could not ask whether the session is live.
    for (const url of mine) {
      expect(url.startsWith('/'), url).toBe(true);
      expect((await get(url)).statusCode, url).toBe(200);
    }

    const out = await ctx.app.inject({ method: 'GET', url: '/v1/logout', headers: me.auth });
    expect(out.json()).toMatchObject({ code: 0 });
    for (const url of mine) {
      const read = await get(url);
      expect(read.statusCode, url).toBe(404);
      expect(read.json(), url).toMatchObject({ data: null });
    }
    for (const url of theirs) expect((await get(url)).statusCode, url).toBe(200);
  });
});
