import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { COPY_LANGUAGES, type CopyLanguage } from '@ai-covers/contracts';
import { i18n } from '../shared/i18n/i18n';
import { Providers, createQueryClient } from '../shared/providers';
import { BASE_PATH } from '../shared/routing/base-paths';
import { appRoutes } from './routes';

// As text: the app's own loaders import the same files as modules, one chunk each.
const copy = import.meta.glob<string>('../locales/*.json', { eager: true, query: '?raw', import: 'default' });

/**
 * The first markup of a page as a signed-out visitor with no data yet sees it, in `lang`: what the
 * build writes into `prerendered.json` for the server to send before the app's script has run
 * (apps/web/prerender-pages.ts, decision 240). Runs in Node, from an SSR build of this module;
 * effects do not run, nothing is fetched. `routePath` is below BASE_PATH and the language segment.
 */
export async function prerenderPage(routePath: string, lang: CopyLanguage): Promise<string> {
  const messages = copy[`../locales/${lang}.json`];
  if (!messages) throw new Error(`prerender: no copy for '${lang}'`);
  i18n.addResourceBundle('en', 'translation', JSON.parse(copy['../locales/en.json']!), true, true);
  i18n.addResourceBundle(lang, 'translation', JSON.parse(messages), true, true);
  await i18n.changeLanguage(lang);
  // The page's language as the app resolves it without a segment: the browser's, here `lang`.
  Object.defineProperty(globalThis, 'navigator', {
    value: { language: lang, languages: [lang] },
    configurable: true,
    writable: true,
  });
  const handler = createStaticHandler(appRoutes, { basename: BASE_PATH || '/' });
  const url = new URL(`${BASE_PATH}/${routePath}`, 'http://localhost');
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`prerender: /${routePath} answers with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <Providers client={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The languages a page is prerendered in: every language with copy. */
export const PRERENDER_LANGUAGES: readonly CopyLanguage[] = COPY_LANGUAGES;
