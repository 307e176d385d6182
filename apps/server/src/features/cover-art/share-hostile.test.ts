// A cover made with an own voice whose name, like the artwork's title, is hostile text: it gets art,
// exports and a share; its public page keeps the text as text; revoking the share stops every URL
// the share handed out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { COVER_ART_LIMITS } from '@ai-covers/contracts';
import { buildApp } from '../../app';
import { loadSettings } from '../../config';
import { jobs } from '../../jobs';
import { startQueue } from '../../platform/queue/queue';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { runRenderJob, songWav, uploadSong } from '../covers/covers.test-kit';
import { exportBody, fetchBytes } from './cover-art.test-kit';
import { shareHead } from './share-page';

const HOSTILE = ['$`', "$'", '$&', '$1', '</script>'];
const TITLE = `Song ${HOSTILE.join(' ')} x`;
const VOICE = `Me ${HOSTILE.join(' ')}`;
const INDEX_HTML =
  '<!doctype html><html><head><title>AI Covers</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#39;');

/** What must hold of a page built from INDEX_HTML with the hostile title and voice name. */
function expectIntact(html: string) {
  expect(html.match(/<script/g)).toHaveLength(1);
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html.match(/<\/head>/g)).toHaveLength(1);
  expect(html.match(/<!doctype/g)).toHaveLength(1);
  expect(html).toContain(`<title>${escaped(`${TITLE} (${VOICE} cover)`)}</title>`);
  expect(html).toContain(`<meta property="og:title" content="${escaped(`${TITLE} (${VOICE} cover)`)}">`);
  expect(html.match(/<\/script>/g)).toHaveLength(1);
  expect(html.endsWith('<body><div id="root"></div></body></html>')).toBe(true);
}

describe('the share page head with replacement patterns and markup in the text', () => {
  it.each(HOSTILE)('keeps %s in the title and voice name as text', (pattern) => {
    const meta = {
      id: 'abcdefgh',
      title: `A ${pattern} B`,
      voiceName: `V ${pattern}`,
      imagePath: '/v1/share/abcdefgh/artwork.jpg',
      imageWidth: 1080,
      imageHeight: 1080,
      videoPath: null,
    };
    const html = shareHead(INDEX_HTML, meta, {
      origin: 'https://x.example',
      page: 'https://x.example/s/abcdefgh',
    });
    expect(html).toContain(`<title>${escaped(`A ${pattern} B (V ${pattern} cover)`)}</title>`);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.length).toBeLessThan(INDEX_HTML.length + 2000);
  });
});

describe('a cover of an own voice named with hostile text', () => {
  let ctx: TestContext;
  let dataDir: string;
  let user: Awaited<ReturnType<typeof signInTestUser>>;
  let taskId: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers, payload });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'share-hostile-'));
    ctx = await createTestContext({ DATA_DIR: dataDir });
    user = await signInTestUser(ctx);
    const key = await uploadSong(ctx, user.auth, 'Night Song.wav', songWav(3));
    taskId = (await post('/v1/vsas/create', user.auth, { voice_id: 'velvet', file_key: key })).json().data
      .task_id;
    expect(await runRenderJob(ctx, taskId)).toBe('done');
    // The cover as an own voice ("My voices") leaves it: an id the engine does not know, the
    // account's own name for it.
    await ctx.database.db.execute(
      sql`update cover_tasks set voice_id = 'my-0123456789ab', voice_name = ${VOICE} where id = ${taskId}`,
    );
  }, within(120_000));
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gets cover art, an export and a share; the page keeps the text as text', async () => {
    const art = await get(`/v1/cover-art/${taskId}`, user.auth);
    expect(art.json()).toMatchObject({ code: 0 });
    const size = { width: COVER_ART_LIMITS.generatedSize, height: COVER_ART_LIMITS.generatedSize };
    const exported = await post(
      `/v1/cover-art/${taskId}/export`,
      user.auth,
      await exportBody(size, 'album', { resolution: 'low', title: TITLE }),
    );
    expect(exported.json()).toMatchObject({ code: 0 });
    const shared = await post(`/v1/cover-art/${taskId}/shares`, user.auth, {
      export_id: exported.json().data.id,
    });
    expect(shared.json()).toMatchObject({ code: 0 });
    const shareId = shared.json().data.id as string;
    const view = await get(`/v1/share/${shareId}`);
    expect(view.json().data).toMatchObject({ title: TITLE, voice_name: VOICE });

    // An app that serves the web build (the page route exists only then), on the same database.
    const queue = await startQueue({
      raw: ctx.database.raw,
      jobs,
      schema: 'pgboss',
      pollingIntervalSeconds: 5,
    });
    const settings = loadSettings({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://covers.example',
    });
    const { app } = await buildApp({
      settings,
      database: ctx.database,
      queue,
      logger: false,
      web: { dir: dataDir, indexHtml: INDEX_HTML },
      secret: new TextEncoder().encode('test-secret-0123456789-abcdefghijklmnop'),
    });
    try {
      for (const url of [`/s/${shareId}`, `/de/s/${shareId}`]) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expectIntact(page.body);
      }
    } finally {
      await app.close();
      await queue.stop();
    }
  });

  it('revoking the share stops every URL it handed out', async () => {
    const exported = await post(
      `/v1/cover-art/${taskId}/export`,
      user.auth,
      await exportBody(
        { width: COVER_ART_LIMITS.generatedSize, height: COVER_ART_LIMITS.generatedSize },
        'album',
        { resolution: 'low' },
      ),
    );
    const shareId = (
      await post(`/v1/cover-art/${taskId}/shares`, user.auth, { export_id: exported.json().data.id })
    ).json().data.id as string;
    const view = (await get(`/v1/share/${shareId}`)).json().data;
    const artwork = await get(view.artwork_url);
    expect(artwork.statusCode).toBe(302);
    const handedOut = [view.audio_url as string, artwork.headers.location as string];
    for (const url of handedOut) {
      const read = await fetchBytes(ctx.app, url);
      expect(read.status).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
    }
    // Without the grant, or with another one, the signature no longer matches.
    const stripped = handedOut[0]!.replace(/([?&])grant=[^&]*&?/, '$1');
    expect((await get(stripped)).statusCode).toBe(403);

    const revoked = await post('/v1/cover-art/shares/revoke', user.auth, { share_id: shareId });
    expect(revoked.json()).toMatchObject({ code: 0 });
    for (const url of [...handedOut, view.artwork_url as string]) {
      const read = await get(url);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ code: 40004, data: null });
    }
    // The owner's own URLs of the same files still work: only the share's were revoked.
    const own = await get(`/v1/vsas/result/${taskId}`, user.auth);
    expect(own.json()).toMatchObject({ code: 0 });
  });
});
