import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { CoverMsg } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../../test/context';
import { visitor, type Headers } from '../../storage/storage.test-kit';
import { embeddedIpv4, isPublicAddress, openLink } from './song-link-fetch';
import { isVideoSitePage, judgeHeaders, linkFileName } from './song-links';
import { runRenderJob, songWav } from '../covers.test-kit';

/** A song server on the loopback: the tests' stand-in for a file host on the internet. */
let server: http.Server;
let base: string;
let hostPort: string;
const song = songWav(3);
/** A second loopback port that is NOT allowed: stands for a private service behind a redirect. */
let privateServer: http.Server;
let privateBase: string;

function startServer(handler: http.RequestListener): Promise<[http.Server, number]> {
  const s = http.createServer(handler);
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve([s, (s.address() as AddressInfo).port])),
  );
}

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  let port: number;
  [server, port] = await startServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/song.wav' || url === '/noext') {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': song.length });
      res.end(req.method === 'HEAD' ? undefined : song);
    } else if (url === '/octet/My%20Song.wav') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': song.length });
      res.end(req.method === 'HEAD' ? undefined : song);
    } else if (url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><body>a song page</body></html>');
    } else if (url === '/huge.mp3') {
      // Says 2 GB up front.
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(2 * 1024 ** 3) });
      res.end();
    } else if (url === '/endless.mp3') {
      // No length: the limit has to be enforced while streaming.
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = () => {
        while (res.write(chunk)) if (res.destroyed) return;
      };
      res.on('drain', pump);
      pump();
      req.on('close', () => res.destroy());
    } else if (url === '/silent') {
      // Never answers.
      req.on('close', () => res.destroy());
    } else if (url === '/redirect') {
      res.writeHead(302, { location: '/song.wav' });
      res.end();
    } else if (url === '/to-private') {
      res.writeHead(302, { location: `${privateBase}/secret.wav` });
      res.end();
    } else if (url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (url === '/to-youtube') {
      res.writeHead(302, { location: 'https://www.youtube.com/watch?v=abc' });
      res.end();
    } else if (url === '/gone.mp3') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  base = `http://127.0.0.1:${port}`;
  hostPort = `127.0.0.1:${port}`;
  let privatePort: number;
  [privateServer, privatePort] = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/wav' });
    res.end(song);
  });
  privateBase = `http://127.0.0.1:${privatePort}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'covers-links-test-'));
  ctx = await createTestContext({
    DATA_DIR: dataDir,
    SONG_LINK_ALLOW_HOSTS: hostPort,
    SONG_LINK_TIMEOUT_SECONDS: '3',
    STORAGE_LIMITS_MB: 'ai-covers=1,default=1',
  });
});
afterAll(async () => {
  await ctx?.close();
  server?.close();
  privateServer?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, who: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers: who });
const check = (link: string) => get(`/v1/vsas/uri/check?external_uri=${encodeURIComponent(link)}`);
const create = (who: Headers, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/v1/vsas/create', headers: who, payload: body });

describe('addresses a song link may reach', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
  ])('%s → public %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('reads the IPv4 address inside mapped IPv6 forms', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('2001:db8::1')).toBeNull();
  });

  it('refuses a name that resolves to a private address, before connecting', async () => {
    const lookup = (async () => [{ address: '127.0.0.1', family: 4 }]) as never;
    await expect(
      openLink('http://songs.example.test/a.mp3', { allowHosts: new Set(), timeoutMs: 2000, lookup }),
    ).rejects.toMatchObject({ reason: 'private-address' });
    const mixed = (async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::1', family: 6 },
    ]) as never;
    await expect(
      openLink('http://songs.example.test/a.mp3', { allowHosts: new Set(), timeoutMs: 2000, lookup: mixed }),
    ).rejects.toMatchObject({ reason: 'private-address' });
  });

  it('resolves a name once and connects to the address it checked, not to a later answer', async () => {
    // A service on loopback that the name will point to on every lookup after the first.
    let reached = 0;
    const [inside, port] = await startServer((_req, res) => {
      reached++;
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end(song);
    });
    let lookups = 0;
    const rebinding = (async () => {
      lookups++;
      return lookups === 1
        ? [{ address: '93.184.216.34', family: 4 }]
        : [{ address: '127.0.0.1', family: 4 }];
    }) as never;
    try {
      const link = `http://rebind.example.test:${port}/secret.wav`;
      const opened = await openLink(link, { allowHosts: new Set(), timeoutMs: 1500, lookup: rebinding }).then(
        (r) => {
          r.abort();
          return 'opened';
        },
        (e: { reason: string }) => e.reason,
      );
      // The checked public address does not answer here: the fetch fails, and nothing inside is reached.
      expect(['unreachable', 'timeout']).toContain(opened);
      expect(lookups).toBe(1);
      expect(reached).toBe(0);
      // The same name answered privately at once is refused before any connection.
      lookups = 1;
      await expect(
        openLink(link, { allowHosts: new Set(), timeoutMs: 1500, lookup: rebinding }),
      ).rejects.toMatchObject({ reason: 'private-address' });
      expect(reached).toBe(0);
    } finally {
      inside.close();
    }
  });

  it('judges headers: pages, unknown types, sizes; video sites by name', () => {
    const url = new URL('https://files.example/a/My%20Song.mp3');
    expect(judgeHeaders(url, { 'content-type': 'text/html' }, 100)).toEqual({ ok: false, why: 'page' });
    expect(judgeHeaders(url, { 'content-type': 'audio/mpeg', 'content-length': '101' }, 100)).toEqual({
      ok: false,
      why: 'too-large',
    });
    expect(judgeHeaders(url, { 'content-type': 'application/octet-stream' }, 100)).toEqual({
      ok: true,
      ext: 'mp3',
    });
    expect(judgeHeaders(new URL('https://f.example/x'), { 'content-type': 'application/pdf' }, 100)).toEqual({
      ok: false,
      why: 'not-audio',
    });
    expect(judgeHeaders(new URL('https://f.example/x'), { 'content-type': 'video/mp4' }, 100)).toEqual({
      ok: true,
      ext: 'mp4',
    });
    expect(linkFileName(url, 'mp3')).toBe('My Song.mp3');
    expect(isVideoSitePage(new URL('https://m.youtube.com/watch?v=1'))).toBe(true);
    expect(isVideoSitePage(new URL('https://notyoutube.com/a.mp3'))).toBe(false);
  });
});

describe('GET /v1/vsas/uri/check', () => {
  it('says yes to a direct link to an audio file (allowed test host), also through a redirect', async () => {
    for (const link of [`${base}/song.wav`, `${base}/redirect`, `${base}/octet/My%20Song.wav`]) {
      expect((await check(link)).json(), link).toEqual({
        code: 0,
        data: { ok: true, reason: null },
        msg: 'ok',
      });
    }
  });

  it.each([
    ['/page', CoverMsg.linkPage],
    ['/huge.mp3', CoverMsg.linkTooLarge],
    ['/to-private', CoverMsg.linkPrivate],
    ['/loop', CoverMsg.linkRedirects],
    ['/to-youtube', CoverMsg.linkVideoSite],
    ['/gone.mp3', CoverMsg.linkHttpError],
    ['/silent', CoverMsg.linkTimeout],
  ])(
    'says no, with the reason, to %s',
    async (pathName, reason) => {
      const res = await check(`${base}${pathName}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ ok: false, reason });
    },
    within(20_000),
  );

  it('refuses loopback and private addresses that are not allowed, however they are written', async () => {
    for (const link of [
      `${privateBase}/secret.wav`,
      'http://localhost:9/a.mp3',
      'http://[::1]:9/a.mp3',
      'http://[::ffff:127.0.0.1]:9/a.mp3',
      'http://169.254.169.254/latest/meta-data/',
      'http://0x7f000001/a.mp3',
    ]) {
      expect((await check(link)).json().data, link).toEqual({ ok: false, reason: CoverMsg.linkPrivate });
    }
  });

  it('names what works for video-site pages without fetching them', async () => {
    const res = await check('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(CoverMsg.linkVideoSite);
    expect(CoverMsg.linkVideoSite).toMatch(/direct link to an audio or video file/);
  });
});

describe('POST /v1/vsas/create with external_uri', () => {
  it(
    'fetches the song into the owner’s library and makes the cover from it',
    async () => {
      const user = await signInTestUser(ctx);
      const res = await create(user.auth, { voice_id: 'velvet', external_uri: `${base}/redirect` });
      expect(res.statusCode).toBe(200);
      const { task_id: taskId, task } = res.json().data;
      expect(task).toMatchObject({ status: 1, song_name: 'song.wav' });
      const library = (await get('/v1/library/files?type=audio', user.auth)).json();
      expect(JSON.stringify(library)).toContain('song.wav');
      expect(await runRenderJob(ctx, taskId)).toBe('done');
    },
    within(120_000),
  );

  it.each([
    ['/page', 400, CoverMsg.linkPage],
    ['/huge.mp3', 413, CoverMsg.linkTooLarge],
    ['/endless.mp3', 413, CoverMsg.linkTooLarge],
    ['/to-private', 400, CoverMsg.linkPrivate],
    ['/silent', 400, CoverMsg.linkTimeout],
  ])(
    'refuses %s with a clear message, leaving no task and no file',
    async (pathName, status, msg) => {
      const who = visitor();
      const res = await create(who, { voice_id: 'velvet', external_uri: `${base}${pathName}` });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ code: 1, data: null, msg });
      expect((await get('/v1/vsas/list', who)).json().data.total).toBe(0);
      expect((await get('/v1/library/files', who)).json().data.total ?? 0).toBe(0);
    },
    within(20_000),
  );

  it('refuses a 127.0.0.1 link and a name resolving there when not allowed', async () => {
    for (const link of [`${privateBase}/secret.wav`, `http://localhost:${new URL(privateBase).port}/a.wav`]) {
      const res = await create(visitor(), { voice_id: 'velvet', external_uri: link });
      expect(res.json(), link).toEqual({ code: 1, data: null, msg: CoverMsg.linkPrivate });
    }
  });

  it('wants exactly one song source', async () => {
    for (const body of [
      { voice_id: 'velvet' },
      { voice_id: 'velvet', file_key: 'x', external_uri: `${base}/song.wav` },
    ]) {
      const res = await create(visitor(), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/file_key, external_uri or vocal_key \+ instrumental_key is required/);
    }
  });

  it('takes no fetched song from a link when the voice is unknown', async () => {
    const who = visitor();
    const res = await create(who, { voice_id: 'nobody', external_uri: `${base}/song.wav` });
    expect(res.json()).toMatchObject({ code: 1, msg: CoverMsg.unknownVoice });
    expect((await get('/v1/library/files', who)).json().data.total ?? 0).toBe(0);
  });
});
