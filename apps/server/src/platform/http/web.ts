import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

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

/** Serves the built web app at BASE_PATH with long-lived caching for hashed assets. */
export async function installWeb(app: FastifyInstance, build: WebBuild, basePath: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: build.dir,
    prefix: `${basePath}/`,
    index: false,
    wildcard: true,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  // The app's pages are no API operations: kept out of the OpenAPI document like the files are.
  const page = { schema: { hide: true } };
  if (basePath) app.get(basePath, page, (_req, reply) => sendIndex(reply, build));
  app.get(`${basePath}/`, page, (_req, reply) => sendIndex(reply, build));
}

export function sendIndex(reply: FastifyReply, build: WebBuild): FastifyReply {
  return reply
    .code(200)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(build.indexHtml);
}
