import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** A page's first markup as the build made it, for the server to put into `#root`. */
export interface PrerenderedPage {
  /** The route below BASE_PATH and the language segment, as in `route-preloads.json`. */
  path: string;
  lang: string;
  html: string;
}

/** What the SSR build of `src/app/prerender.tsx` exports. */
interface PrerenderModule {
  prerenderPage(routePath: string, lang: string): Promise<string>;
  PRERENDER_LANGUAGES: readonly string[];
}

/** Markup the page's Content-Security-Policy would refuse, or that belongs in the head. */
const REFUSED: [RegExp, string][] = [
  [/<script\b/i, 'a script'],
  [/<style\b/i, 'a style element'],
  [/<[^>]*\sstyle=/i, 'a style attribute'],
  [/<[^>]*\son[a-z]+=/i, 'an event handler attribute'],
  [/<(link|meta|title|base)\b/i, 'head content'],
];

/**
 * The markup of one page made ready to send: React's comments dropped (no hydration reads them),
 * checked against what the CSP refuses, and its outer element `inert` so that nothing in it can be
 * clicked, focused or found by a screen reader before the app replaces it. Its test ids go too: a
 * script's handle (a browser journey setting a file on the song input) reaches only the live page,
 * never the picture of it that the app is about to replace.
 */
export function prerenderedMarkup(html: string, routePath: string): string {
  const markup = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\sdata-testid="[^"]*"/g, '')
    .trim();
  for (const [pattern, what] of REFUSED)
    if (pattern.test(markup)) throw new Error(`prerender: '/${routePath}' has ${what}`);
  if (!/^<[a-z]+[\s>]/.test(markup)) throw new Error(`prerender: '/${routePath}' has no element first`);
  return markup.replace(/^<([a-z]+)/, '<$1 inert');
}

/**
 * Before the app's script had arrived and run, a phone showed an empty page: the first paint waited
 * for ~150 KiB of JavaScript run on a slow CPU. After the client build this makes an SSR build of
 * `src/app/prerender.tsx`, renders each of `routes` in every language as a signed-out first visit
 * sees it and writes `prerendered.json`; the server puts the page of the address and the visitor's
 * language into `#root` (platform/http/prerendered.ts), and the app replaces it once its route is
 * ready (main.tsx). Nothing is added to the first page's JavaScript but that wait. Decision 240.
 */
export function prerenderPages(routes: readonly string[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ai-covers-prerender-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const ssrDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-covers-prerender-'));
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: 'src/app/prerender.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
          },
          ssr: { noExternal: true },
        });
        const entry = pathToFileURL(path.join(ssrDir, 'prerender.js')).href;
        const { prerenderPage, PRERENDER_LANGUAGES } = (await import(entry)) as PrerenderModule;
        const pages: PrerenderedPage[] = [];
        for (const route of routes)
          for (const lang of PRERENDER_LANGUAGES)
            pages.push({
              path: route,
              lang,
              html: prerenderedMarkup(await prerenderPage(route, lang), route),
            });
        fs.writeFileSync(path.join(outDir, 'prerendered.json'), JSON.stringify({ pages }) + '\n');
      } finally {
        fs.rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
