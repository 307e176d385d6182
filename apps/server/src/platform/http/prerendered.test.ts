import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { pageLanguage, readPrerendered, withPrerendered, type PrerenderedPage } from './prerendered';
import type { RoutePreload } from './route-preloads';
import { readWebBuild } from './web';

describe('pageLanguage', () => {
  it.each([
    [{ url: '/pricing' }, 'en'],
    [{ url: '/de/pricing' }, 'de'],
    [{ url: '/fr' }, 'fr'],
    [{ url: '/pricing?lang=ja' }, 'ja'],
    [{ url: '/pricing', acceptLanguage: 'pt-BR,pt;q=0.9,en;q=0.8' }, 'pt'],
    [{ url: '/pricing', acceptLanguage: 'zh-CN,zh;q=0.9' }, 'en'],
    [{ url: '/pricing', acceptLanguage: 'nl-NL,de;q=0.8' }, 'de'],
    // The stored choice (the app's cookie copy of it) outranks the browser, not the address.
    [{ url: '/pricing', cookie: 'a=1; ai-covers.lang=ko', acceptLanguage: 'de' }, 'ko'],
    [{ url: '/it/pricing', cookie: 'ai-covers.lang=ko' }, 'it'],
    [{ url: '/pricing?lang=es', cookie: 'ai-covers.lang=ko' }, 'es'],
    [{ url: '/pricing', cookie: 'ai-covers.lang=%E0%A4%A' }, 'en'],
  ])('%j reads as %s', (request, lang) => {
    expect(pageLanguage(request, '')).toBe(lang);
  });

  it.each(['/zh/pricing', '/br', '/DE/pricing', '/xx/covers/new'])(
    '%s is rewritten by the app first: no language',
    (url) => {
      expect(pageLanguage({ url, acceptLanguage: 'en' }, '')).toBeNull();
    },
  );

  it('reads the segment below BASE_PATH', () => {
    expect(pageLanguage({ url: '/lab/ai-covers/ja/pricing' }, '/lab/ai-covers')).toBe('ja');
    expect(pageLanguage({ url: '/lab/ai-covers' }, '/lab/ai-covers')).toBe('en');
  });
});

describe('withPrerendered', () => {
  it("puts the markup into #root and the page's language on <html>", () => {
    const index = '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';
    const page: PrerenderedPage = {
      path: 'pricing',
      lang: 'de',
      html: '<div inert><h1>Preise $&</h1></div>',
    };
    expect(withPrerendered(index, page)).toBe(
      '<!doctype html><html lang="de"><head></head><body><div id="root"><div inert><h1>Preise $&</h1></div></div></body></html>',
    );
  });
});

describe('the prerendered page of a route, in the language the app will show', () => {
  let ctx: TestContext;
  let dir: string;
  const index =
    '<!doctype html><html lang="en"><head><title>AI Covers</title>' +
    '<script type="module" crossorigin src="/assets/index-Bx1Yq2cD.js"></script></head>' +
    '<body><div id="root"></div></body></html>';
  const routes: RoutePreload[] = [
    { path: '', files: ['assets/CoversHomePage-a1.js'] },
    { path: 'pricing', files: ['assets/PricingPage-b2.js', 'assets/PricingPage-c3.css'] },
    { path: 'covers/:taskId', files: ['assets/CoverTaskPage-e5.js'] },
  ];
  const pages: PrerenderedPage[] = [
    { path: 'pricing', lang: 'en', html: '<div inert><h1>Pricing</h1></div>' },
    { path: 'pricing', lang: 'de', html: '<div inert><h1>Preise</h1></div>' },
  ];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prerendered-'));
    fs.writeFileSync(path.join(dir, 'index.html'), index);
    fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify({ routes }));
    fs.writeFileSync(path.join(dir, 'prerendered.json'), JSON.stringify({ pages }));
    ctx = await createTestContext({}, { web: readWebBuild('', dir) });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends the browser language's markup, the route's CSS linked for the first paint", async () => {
    const res = await ctx.app.inject({
      url: '/pricing?ref=mail',
      headers: { 'accept-encoding': 'br', 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<div id="root"><div inert><h1>Preise</h1></div></div>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/PricingPage-c3.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/PricingPage-b2.js">');
  });

  it("follows the stored choice's cookie and the address's segment", async () => {
    const stored = await ctx.app.inject({
      url: '/pricing',
      headers: { cookie: 'ai-covers.lang=de', 'accept-language': 'en' },
    });
    expect(stored.body).toContain('<h1>Preise</h1>');
    const segment = await ctx.app.inject({ url: '/en/pricing', headers: { 'accept-language': 'de' } });
    expect(segment.body).toContain('<h1>Pricing</h1>');
  });

  it('sends the empty page for a language without markup, or an address the app rewrites', async () => {
    for (const [url, acceptLanguage] of [
      ['/pricing', 'ja'],
      ['/zh/pricing', 'en'],
    ] as const) {
      const res = await ctx.app.inject({ url, headers: { 'accept-language': acceptLanguage } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain(
        '<link rel="preload" as="style" crossorigin href="/assets/PricingPage-c3.css">',
      );
    }
  });

  it('leaves a route the build did not prerender as before, varying only with the encoding', async () => {
    const res = await ctx.app.inject({ url: '/', headers: { 'accept-language': 'de' } });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers.vary).toBe('Accept-Encoding');
  });

  it('refuses a build whose markup carries a script', () => {
    fs.writeFileSync(
      path.join(dir, 'prerendered.json'),
      JSON.stringify({ pages: [{ path: '', lang: 'en', html: '<div><script>x()</script></div>' }] }),
    );
    expect(() => readPrerendered(dir)).toThrow();
  });
});
