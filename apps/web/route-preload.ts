import path from 'node:path';
import type { Plugin } from 'vite';

/** A route of the app (its path below BASE_PATH and the language, `:name` for a parameter) and the page modules it renders. */
export type RoutePages = Record<string, readonly string[]>;

/** What the build tells the server: per route, the files its pages load beyond the first page's own. */
export interface RoutePreloads {
  routes: { path: string; files: string[] }[];
}

/** The part of a bundle chunk this reads (Vite's output chunk). */
interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
type BundleItem = BundleChunk | { type: 'asset'; fileName: string };

/** Every file a chunk loads with it: itself, its static imports (transitively) and their CSS. */
function staticClosure(start: BundleChunk, chunks: Map<string, BundleChunk>, into: Set<string>): void {
  if (into.has(start.fileName)) return;
  into.add(start.fileName);
  for (const css of start.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of start.imports) {
    const chunk = chunks.get(imported);
    if (chunk) staticClosure(chunk, chunks, into);
  }
}

/**
 * For every route, the files its page modules load that the entry does not: JavaScript first, then
 * CSS, each in the order the import graph reaches them. Throws for a module without a chunk of its
 * own (a page imported statically somewhere, or a path that moved).
 */
export function routePreloads(
  bundle: Record<string, BundleItem>,
  pages: RoutePages,
  root: string,
): RoutePreloads {
  const chunks = new Map<string, BundleChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const first = new Set<string>();
  for (const chunk of chunks.values()) if (chunk.isEntry) staticClosure(chunk, chunks, first);
  const routes = Object.entries(pages).map(([routePath, modules]) => {
    const files = new Set<string>();
    for (const module of modules) {
      const id = path.resolve(root, module);
      const chunk = [...chunks.values()].find((c) => c.facadeModuleId === id);
      if (!chunk) throw new Error(`route preload: no chunk of its own for ${module} (route '${routePath}')`);
      staticClosure(chunk, chunks, files);
    }
    const later = [...files].filter((file) => !first.has(file));
    return {
      path: routePath,
      files: [...later.filter((f) => f.endsWith('.js')), ...later.filter((f) => !f.endsWith('.js'))],
    };
  });
  return { routes };
}

/**
 * A page's chunk was asked for only once the entry had arrived and run (React.lazy), and a nested
 * page (the headshot home, then its start page) one chunk after the other: on a phone link a round
 * trip and a download each, after the entry. The build writes `route-preloads.json`, the files of
 * each route's pages; the server names them in the index.html it answers that route with
 * (`modulepreload`, stylesheets as `preload`), so they arrive beside the entry. No script is added
 * to the first page. Decision 210.
 */
export function routePreload(pages: RoutePages): Plugin {
  let root = '';
  return {
    name: 'ai-covers-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const preloads = routePreloads(bundle as unknown as Record<string, BundleItem>, pages, root);
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(preloads, null, 2) + '\n',
      });
    },
  };
}
