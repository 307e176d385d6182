import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import negotiate from '@fastify/accept-negotiator';
import { matchRoute, readRoutePreloads, withPreloads, type RoutePreload } from './route-preloads';
import { pageLanguage, readPrerendered, withPrerendered, type PrerenderedPage } from './prerendered';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

const API_PREFIXES = ['/v1/', '/vapi/', '/api/', '/accounts/', '/storage/'];

export interface WebBuild {
  dir: string;
  indexHtml: string;
  /** The files each route's pages load beyond the entry's (none from an older build). */
  routes?: RoutePreload[];
  /** The first markup of some routes' pages, per language (none from an older build). */
  prerendered?: PrerenderedPage[];
}

/**
 * Reads the built SPA; refuses a build made for another BASE_PATH (it would load no assets) or
 * another HEADSHOTS_BASE_PATH (its headshot pages would sit where the server's links do not point).
 */
export function readWebBuild(
  basePath: string,
  dir = WEB_DIST,
  headshotsBasePath = '/headshots',
): WebBuild | null {
  const indexPath = path.join(dir, 'index.html');
  if (!fs.existsSync(indexPath)) return null;
  const infoPath = path.join(dir, 'build-info.json');
  if (fs.existsSync(infoPath)) {
    const info = JSON.parse(fs.readFileSync(infoPath, 'utf8')) as {
      basePath?: string;
      headshotsBasePath?: string;
    };
    if ((info.basePath ?? '') !== basePath) {
      throw new Error(
        `The web build was made for BASE_PATH="${info.basePath ?? ''}" but the server runs with BASE_PATH="${basePath}": run npm run build`,
      );
    }
    // Builds made before the setting existed put the headshot pages at its default.
    const built = info.headshotsBasePath ?? '/headshots';
    if (built !== headshotsBasePath) {
      throw new Error(
        `The web build was made for HEADSHOTS_BASE_PATH="${built}" but the server runs with HEADSHOTS_BASE_PATH="${headshotsBasePath}": run npm run build`,
      );
    }
  }
  return {
    dir,
    indexHtml: fs.readFileSync(indexPath, 'utf8'),
    routes: readRoutePreloads(dir),
    prerendered: readPrerendered(dir),
  };
}

/** True for a browser navigation that the SPA should answer with index.html. */
export function isSpaNavigation(request: FastifyRequest, basePath: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url.split('?')[0] ?? '/';
  if (API_PREFIXES.some((p) => url.startsWith(p))) return false;
  if (basePath && url !== basePath && !url.startsWith(`${basePath}/`)) return false;
  // A missing file with an extension (a stale asset) is a 404, not the app shell.
  if (/\.[a-z0-9]{1,8}$/i.test(url)) return false;
  return true;
}

/** A Vary value that names `header` (Accept-Encoding), keeping what another part put there. */
function varyOnEncoding(vary: unknown, header = 'Accept-Encoding'): string {
  const now = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (new RegExp(`(^|,)\\s*(${header}|\\*)\\s*(,|$)`, 'i').test(now)) return now;
  return now ? `${now}, ${header}` : header;
}

/**
 * Serves the built web app at BASE_PATH with long-lived caching for hashed assets. The build
 * writes `.br` and `.gz` copies of its text files (apps/web/precompress.ts): `preCompressed` sends
 * the one the browser's Accept-Encoding takes (brotli, then gzip) and the plain file when there is
 * none, an older build or a file too small to compress included. Decision 191.
 */
export async function installWeb(app: FastifyInstance, build: WebBuild, basePath: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: build.dir,
    prefix: `${basePath}/`,
    index: false,
    wildcard: true,
    preCompressed: true,
    // Ours below: send's own `public, max-age=0` would otherwise replace it (it is set after
    // setHeaders), and the hashed assets went out without their year of caching.
    cacheControl: false,
    setHeaders(res, filePath) {
      // filePath is the file sent (`x.js.br` for a compressed answer): the folder decides the caching.
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
      // Every file may have a compressed copy beside it, and @fastify/static names no Vary itself.
      res.setHeader('vary', varyOnEncoding(res.getHeader('vary')));
    },
  });
  pageVariants(build, basePath);
  // The app's pages are no API operations: kept out of the OpenAPI document like the files are.
  const page = { schema: { hide: true } };
  if (basePath) app.get(basePath, page, (_req, reply) => sendIndex(reply, build, basePath));
  app.get(`${basePath}/`, page, (_req, reply) => sendIndex(reply, build, basePath));
}

type IndexEncoding = 'br' | 'gzip';
interface PageVariant {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function compressed(html: string): PageVariant {
  const plain = Buffer.from(html, 'utf8');
  return {
    html,
    br: zlib.brotliCompressSync(plain, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
    gzip: zlib.gzipSync(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

const variants = new WeakMap<WebBuild, Map<RoutePreload | null, PageVariant>>();

/**
 * index.html as served (the string read at start, not the file on disk), once as it is and once
 * per route with that route's preloads (decision 210), each compressed once per build: ~2 KiB
 * apiece, a few milliseconds at start, nothing per request.
 */
function pageVariants(build: WebBuild, basePath: string): Map<RoutePreload | null, PageVariant> {
  let pages = variants.get(build);
  if (!pages) {
    pages = new Map([[null, compressed(build.indexHtml)]]);
    for (const route of build.routes ?? [])
      pages.set(route, compressed(withPreloads(build.indexHtml, route.files, basePath)));
    variants.set(build, pages);
  }
  return pages;
}

/** The encoding @fastify/static would choose for the same header (`*` taken as gzip, as it does). */
function indexEncoding(header: string | string[] | undefined): IndexEncoding | null {
  if (typeof header !== 'string' || header === '') return null;
  return negotiate(header.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip']);
}

const prerenderedVariants = new WeakMap<WebBuild, Map<PrerenderedPage, PageVariant>>();

/**
 * The page with a route's prerendered markup in the visitor's language (decision 240), made and
 * compressed on its first request (a route's page in one language: ~10 KiB, ~3 KiB as brotli).
 */
function prerenderedVariant(
  build: WebBuild,
  basePath: string,
  route: RoutePreload,
  page: PrerenderedPage,
): PageVariant {
  let made = prerenderedVariants.get(build);
  if (!made) prerenderedVariants.set(build, (made = new Map()));
  let variant = made.get(page);
  if (!variant) {
    variant = compressed(withPrerendered(withPreloads(build.indexHtml, route.files, basePath, true), page));
    made.set(page, variant);
  }
  return variant;
}

/**
 * The app's page for the address asked for: index.html with the preloads of its route and, for a
 * route the build prerendered, its markup in the language the app will pick (decision 240); the
 * language comes from the address, the stored choice's cookie and Accept-Language, so the answer
 * varies with them.
 */
export function sendIndex(reply: FastifyReply, build: WebBuild, basePath: string): FastifyReply {
  const { request } = reply;
  const route = matchRoute(build.routes ?? [], request.url, basePath);
  const candidates = route ? (build.prerendered ?? []).filter((p) => p.path === route.path) : [];
  let page: PageVariant | undefined;
  if (route && candidates.length > 0) {
    const lang = pageLanguage(
      {
        url: request.url,
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
      },
      basePath,
    );
    const prerendered = candidates.find((p) => p.lang === lang);
    if (prerendered) page = prerenderedVariant(build, basePath, route, prerendered);
    reply.header('vary', varyOnEncoding(reply.getHeader('vary'), 'Accept-Language'));
    reply.header('vary', varyOnEncoding(reply.getHeader('vary'), 'Cookie'));
  }
  const pages = pageVariants(build, basePath);
  page ??= pages.get(route) ?? pages.get(null)!;
  const encoding = indexEncoding(request.headers['accept-encoding']);
  reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
  reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}

/** The page of `routePath` as served, for a route that rewrites it per request (a share's head). */
export function routeIndexHtml(build: WebBuild, basePath: string, routePath: string): string {
  const pages = pageVariants(build, basePath);
  const route = (build.routes ?? []).find((r) => r.path === routePath) ?? null;
  return (pages.get(route) ?? pages.get(null)!).html;
}

/**
 * A page made per request (a share's head in index.html), compressed as the browser allows: a few
 * KiB at a brotli quality that costs well under a millisecond. It carries no secret, so
 * compressing it beside user text gives nothing away.
 */
export function sendHtml(reply: FastifyReply, html: string): FastifyReply {
  const encoding = indexEncoding(reply.request.headers['accept-encoding']);
  reply.header('vary', varyOnEncoding(reply.getHeader('vary'))).type('text/html; charset=utf-8');
  if (!encoding) return reply.send(html);
  const plain = Buffer.from(html, 'utf8');
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.gzipSync(plain);
  return reply.header('content-encoding', encoding).send(body);
}
