import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { matchRoute, withPreloads, type RoutePreload } from './route-preloads';
import { readWebBuild } from './web';

const ROUTES: RoutePreload[] = [
  { path: '', files: ['assets/CoversHomePage-a1.js'] },
  {
    path: 'covers/new',
    files: ['assets/CoverCreatePage-b2.js', 'assets/zod-c3.js', 'assets/CoversTool-d4.css'],
  },
  { path: 'covers/:taskId', files: ['assets/CoverTaskPage-e5.js'] },
  { path: 'headshots', files: ['assets/HeadshotsHomeLayout-f6.js', 'assets/HeadshotsStartPage-g7.js'] },
];

describe('matchRoute', () => {
  it.each([
    ['/', ''],
    ['/?ref=mail', ''],
    ['/de', ''],
    ['/covers/new', 'covers/new'],
    ['/pt/covers/new?voice=v1', 'covers/new'],
    ['/covers/abc123', 'covers/:taskId'],
    ['/headshots/', 'headshots'],
    ['/ja/headshots', 'headshots'],
  ])('%s opens %s', (url, route) => {
    expect(matchRoute(ROUTES, url, '')?.path).toBe(route);
  });

  it.each(['/covers/new/more', '/pricing', '/deu/covers/new', '/%E0%A4%A'])(
    '%s opens no known route',
    (url) => {
      expect(matchRoute(ROUTES, url, '')).toBeNull();
    },
  );

  it('reads the path below BASE_PATH', () => {
    expect(matchRoute(ROUTES, '/lab/ai-covers', '/lab/ai-covers')?.path).toBe('');
    expect(matchRoute(ROUTES, '/lab/ai-covers/fr/covers/new', '/lab/ai-covers')?.path).toBe('covers/new');
  });
});

describe('withPreloads', () => {
  const index = '<html><head><title>AI Covers</title>\n  </head><body></body></html>';

  it('names scripts as modulepreload and stylesheets as preload, before </head>, under BASE_PATH', () => {
    const html = withPreloads(index, ROUTES[1]!.files, '/lab');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/lab/assets/CoverCreatePage-b2.js">');
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/lab/assets/CoversTool-d4.css">',
    );
    expect(html.indexOf('CoversTool-d4.css')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves the page as it is for a route without files', () => {
    expect(withPreloads(index, [], '')).toBe(index);
  });
});

describe('the page of each route, from a build that names its routes', () => {
  let ctx: TestContext;
  let dir: string;
  const index =
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>AI Covers</title>' +
    '<script type="module" crossorigin src="/assets/index-Bx1Yq2cD.js"></script></head>' +
    '<body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preloads-'));
    fs.writeFileSync(path.join(dir, 'index.html'), index);
    fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify({ routes: ROUTES }));
    ctx = await createTestContext({}, { web: readWebBuild('', dir) });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('preloads the files of the route asked for, compressed like any page', async () => {
    const res = await ctx.app.inject({ url: '/es/covers/new', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toBe(withPreloads(index, ROUTES[1]!.files, ''));
    expect(html).not.toContain('CoverTaskPage');
  });

  it('answers an address of no known route with index.html as built', async () => {
    const res = await ctx.app.inject({ url: '/somewhere/else' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(index);
  });

  it('refuses a build whose preloads name a file that could leave its attribute', () => {
    fs.writeFileSync(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify({ routes: [{ path: '', files: ['assets/x.js"><script>'] }] }),
    );
    expect(() => readWebBuild('', dir)).toThrow();
  });
});
