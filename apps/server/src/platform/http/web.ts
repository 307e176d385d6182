import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import negotiate from '@fastify/accept-negotiator';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

const API_PREFIXES = ['/v1/', '/vapi/', '/api/', '/accounts/', '/storage/'];

export interface WebBuild {
  dir: string;
  indexHtml: string;
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
  return { dir, indexHtml: fs.readFileSync(indexPath, 'utf8') };
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

/** A Vary value that names Accept-Encoding, keeping what another part put there. */
function varyOnEncoding(vary: unknown): string {
  const now = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(now)) return now;
  return now ? `${now}, Accept-Encoding` : 'Accept-Encoding';
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
  compressedIndex(build);
  // The app's pages are no API operations: kept out of the OpenAPI document like the files are.
  const page = { schema: { hide: true } };
  if (basePath) app.get(basePath, page, (_req, reply) => sendIndex(reply, build));
  app.get(`${basePath}/`, page, (_req, reply) => sendIndex(reply, build));
}

type IndexEncoding = 'br' | 'gzip';
const indexCopies = new WeakMap<WebBuild, Record<IndexEncoding, Buffer>>();

/**
 * index.html as served (the string read at start, not the file on disk), compressed once per
 * build: ~2 KiB, a few milliseconds at start, nothing per request.
 */
function compressedIndex(build: WebBuild): Record<IndexEncoding, Buffer> {
  let copies = indexCopies.get(build);
  if (!copies) {
    const plain = Buffer.from(build.indexHtml, 'utf8');
    copies = {
      br: zlib.brotliCompressSync(plain, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      }),
      gzip: zlib.gzipSync(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
    };
    indexCopies.set(build, copies);
  }
  return copies;
}

/** The encoding @fastify/static would choose for the same header (`*` taken as gzip, as it does). */
function indexEncoding(header: string | string[] | undefined): IndexEncoding | null {
  if (typeof header !== 'string' || header === '') return null;
  return negotiate(header.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip']);
}

export function sendIndex(reply: FastifyReply, build: WebBuild): FastifyReply {
  const encoding = indexEncoding(reply.request.headers['accept-encoding']);
  reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
  reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  if (!encoding) return reply.send(build.indexHtml);
  return reply.header('content-encoding', encoding).send(compressedIndex(build)[encoding]);
}
