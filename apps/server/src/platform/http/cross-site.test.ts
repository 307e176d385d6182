import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { songWav, uploadSong } from '../../features/covers/covers.test-kit';
import { CROSS_SITE_MESSAGE, requestSite } from './cross-site';
import { ownOrigins } from './site-origin';

const refused = { code: 1, data: null, msg: CROSS_SITE_MESSAGE };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A visitor as a browser holds it: only the cookie, which a cross-site form post carries too. */
function newVisitor() {
  const id = `v-${randomBytes(8).toString('hex')}`;
  return { header: { 'x-visitor-id': id }, cookie: { cookie: `ai-covers.uuid=${id}` } };
}

describe('cross-site requests (PUBLIC_URL unset: http://localhost:8080)', () => {
  let ctx: TestContext;
  let song: string;
  const visitor = newVisitor();
  beforeAll(async () => {
    ctx = await createTestContext({ DATA_DIR: `.tmp/cross-site-${process.pid}` });
    song = await uploadSong(ctx, visitor.header, 'song.wav', songWav(2));
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(ctx.settings.dataDir, { recursive: true, force: true });
  });

  const create = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/vsas/create',
      headers: { ...visitor.cookie, ...form, ...headers },
      payload: new URLSearchParams({ voice_id: 'velvet', file_key: song }).toString(),
    });
  const remove = (taskId: string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/task/delete',
      headers: { ...visitor.cookie, ...form, ...headers },
      payload: `task_id=${taskId}`,
    });
  const tasks = async () =>
    (await ctx.app.inject({ url: '/v1/vsas/list?kind=ai-covers', headers: visitor.header })).json().data;

  it('refuses a form post to /v1/vsas/create from another site and makes no task', async () => {
    const before = (await tasks()).total;
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:8081' },
      { referer: 'https://evil.example/page.html' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await create(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(refused);
    }
    expect((await tasks()).total).toBe(before);
  });

  it('takes the same form post from the site itself, under either loopback name', async () => {
    const made = await create({ origin: 'http://localhost:8080' });
    expect(made.statusCode).toBe(200);
    const taskId = made.json().data.task_id as string;

    // A delete from another site leaves the task; the same-site one removes it.
    const foreign = await remove(taskId, {
      origin: 'https://evil.example',
      referer: 'https://evil.example/',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(refused);
    expect((await tasks()).rows.map((t: { task_id: string }) => t.task_id)).toContain(taskId);

    const own = await remove(taskId, { origin: 'http://127.0.0.1:8080' });
    expect(own.statusCode).toBe(200);
    expect((await tasks()).rows.map((t: { task_id: string }) => t.task_id)).not.toContain(taskId);
  });

  it('takes the address the request was sent to as the site when PUBLIC_URL is unset', async () => {
    const made = await create({ host: '192.168.1.20:8080', origin: 'http://192.168.1.20:8080' });
    expect(made.statusCode).toBe(200);
    const gone = await remove(made.json().data.task_id as string, {
      host: '192.168.1.20:8080',
      referer: 'http://192.168.1.20:8080/covers',
    });
    expect(gone.statusCode).toBe(200);
  });

  it('leaves requests with no browser headers alone (servers, scripts)', async () => {
    const res = await remove('nosuchtask01', {});
    expect(res.statusCode).toBe(404);
  });

  it('keeps payment webhooks, the store callback and the account provider endpoints open', async () => {
    const evil = { origin: 'https://evil.example' };
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/v1/billing/webhooks/sandbox',
      headers: { ...evil, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.json().msg).not.toBe(CROSS_SITE_MESSAGE);
    const callback = await ctx.app.inject({
      method: 'POST',
      url: '/v1/storage/callback',
      headers: { ...evil, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(callback.json().msg).not.toBe(CROSS_SITE_MESSAGE);
    for (const path of ['/accounts/token', '/accounts/session/end', '/accounts/auth']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: { ...evil, ...form },
        payload: 'client_id=someone',
      });
      expect(res.statusCode, path).not.toBe(403);
      expect(res.body, path).not.toContain(CROSS_SITE_MESSAGE);
    }
    // The provider's own sign-in form is ours, and checked.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/interaction/abc/login',
      headers: { ...evil, ...form },
      payload: 'email=a%40b.c&password=x',
    });
    expect(login.statusCode).toBe(403);
  });

  it('never takes callback_host from Host or X-Forwarded-Host', async () => {
    const res = await ctx.app.inject({
      url: '/v1/storage/token?kind=ai-covers',
      headers: { ...visitor.header, host: 'evil.example', 'x-forwarded-host': 'evil2.example' },
    });
    expect(res.json().data.params.callback_host).toBe('localhost:8080');
  });
});

describe('cross-site requests with PUBLIC_URL', () => {
  let ctx: TestContext;
  const visitor = newVisitor();
  beforeAll(async () => {
    ctx = await createTestContext({
      DATA_DIR: `.tmp/cross-site-public-${process.pid}`,
      PUBLIC_URL: 'https://covers.example.com',
      BASE_PATH: '/lab/ai-covers',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(ctx.settings.dataDir, { recursive: true, force: true });
  });

  const remove = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/task/delete',
      headers: { ...visitor.cookie, ...form, ...headers },
      payload: 'task_id=nosuchtask01',
    });

  it('takes PUBLIC_URL as the one site, whatever path the page had and whatever Host says', async () => {
    // Passing the check: the task is unknown, so 404.
    expect((await remove({ origin: 'https://covers.example.com' })).statusCode).toBe(404);
    expect((await remove({ referer: 'https://covers.example.com/lab/ai-covers/covers' })).statusCode).toBe(
      404,
    );
    const foreign: Record<string, string>[] = [
      { origin: 'http://localhost:8080' },
      { origin: 'https://evil.example', host: 'evil.example' },
      { origin: 'http://covers.example.com' },
      { referer: 'https://covers.example.com.evil.example/lab/ai-covers/' },
    ];
    for (const headers of foreign) {
      const res = await remove(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('builds callback_host from PUBLIC_URL', async () => {
    const res = await ctx.app.inject({
      url: '/v1/storage/token?kind=ai-covers',
      headers: { ...visitor.header, host: 'evil.example', 'x-forwarded-host': 'evil2.example' },
    });
    expect(res.json().data.params).toMatchObject({
      callback_host: 'covers.example.com',
      callback_url: 'https://covers.example.com/v1/storage/callback',
    });
  });
});

describe('requestSite', () => {
  const own = ownOrigins('http://localhost:8080');
  const isOwn = (o: string) => own.has(o);
  it.each([
    [{ origin: 'http://localhost:8080' }, 'own'],
    [{ origin: 'http://127.0.0.1:8080' }, 'own'],
    [{ origin: 'http://[::1]:8080' }, 'own'],
    [{ origin: 'https://localhost:8080' }, 'foreign'],
    [{ origin: 'not a url' }, 'foreign'],
    [{ origin: 'null', 'sec-fetch-site': 'same-origin' }, 'own'],
    [{ referer: 'http://localhost:8080/lab/ai-covers/covers?x=1' }, 'own'],
    [{ 'sec-fetch-site': 'same-site' }, 'foreign'],
    [{ 'sec-fetch-site': 'none' }, 'unknown'],
    [{}, 'unknown'],
  ])('%j is %s', (headers, expected) => {
    expect(requestSite(headers, isOwn)).toBe(expected);
  });

  it('counts only the loopback names of a loopback PUBLIC_URL as the same site', () => {
    expect([...ownOrigins('https://covers.example.com')]).toEqual(['https://covers.example.com']);
    expect(ownOrigins('http://127.0.0.1:3000')).toEqual(
      new Set(['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000']),
    );
  });
});
