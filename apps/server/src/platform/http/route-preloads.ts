import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { escapeHtml, spliceHtml } from './html';

/** A route of the web app (`covers/new`, `covers/:taskId`) and the files its pages load beyond the entry's. */
export type RoutePreload = { path: string; files: string[] };

const preloadsFile = z.object({
  routes: z.array(
    z.object({
      path: z.string(),
      // Names the build made (`assets/x-hash.js`): nothing that could leave the attribute or the folder.
      files: z.array(z.string().regex(/^[\w./-]+$/)),
    }),
  ),
});

/** Reads `route-preloads.json` of a web build (apps/web/route-preload.ts); none in an older build. */
export function readRoutePreloads(dir: string): RoutePreload[] {
  const file = path.join(dir, 'route-preloads.json');
  if (!fs.existsSync(file)) return [];
  return preloadsFile.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).routes;
}

const segmentsOf = (routePath: string) => routePath.split('/').filter(Boolean);

function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, i) => part.startsWith(':') || part === segments[i])
  );
}

/**
 * The route a page address opens, below BASE_PATH: the path itself, or the path after a language
 * segment (two letters, §5: the app reads it the same way). Null when no route is known.
 */
export function matchRoute(routes: RoutePreload[], url: string, basePath: string): RoutePreload | null {
  let pathname = (url.split('?')[0] ?? '/').split('#')[0] ?? '/';
  if (basePath && (pathname === basePath || pathname.startsWith(`${basePath}/`)))
    pathname = pathname.slice(basePath.length);
  let segments: string[];
  try {
    segments = segmentsOf(pathname).map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  const candidates = [segments];
  if (segments[0] && /^[a-z]{2}$/i.test(segments[0])) candidates.push(segments.slice(1));
  for (const candidate of candidates) {
    const found = routes.find((route) => matches(segmentsOf(route.path), candidate));
    if (found) return found;
  }
  return null;
}

/**
 * index.html naming a route's files before `</head>`, after the entry's own: scripts as
 * `modulepreload` and stylesheets as `preload` (crossorigin, as the app's own loader asks for
 * them, so the browser uses what it fetched). Decision 210. With `stylesheets`, for a page whose
 * markup is prerendered (decision 240), the CSS is linked as stylesheets: the first paint needs it,
 * and the app's loader finds the link there and adds no other.
 */
export function withPreloads(
  indexHtml: string,
  files: string[],
  basePath: string,
  stylesheets = false,
): string {
  if (files.length === 0) return indexHtml;
  const tags = files.map((file) => {
    const href = escapeHtml(`${basePath}/${file}`);
    if (!file.endsWith('.css')) return `<link rel="modulepreload" crossorigin href="${href}">`;
    return stylesheets
      ? `<link rel="stylesheet" crossorigin href="${href}">`
      : `<link rel="preload" as="style" crossorigin href="${href}">`;
  });
  return spliceHtml(indexHtml, /\s*<\/head>/i, `\n    ${tags.join('\n    ')}\n  </head>`);
}
