import type { Plugin } from 'vite';

/**
 * Every page waits for the whole English copy before it renders (`lazyWithCopy` → `copyReady`,
 * English is the fallback of every language), but its chunk was only asked for once the entry had
 * arrived and run: on a slow phone link a second wait of a round trip and ~50 KiB after the entry.
 * This names it in index.html as a `modulepreload` (fetched beside the entry, not run), after the
 * entry's own files so that they go first. No script: the page's JavaScript budget is unchanged.
 * Decision 190.
 */
export function copyPreload(): Plugin {
  return {
    name: 'ai-covers-copy-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const english = Object.values(bundle).find(
        (item) => item.type === 'chunk' && /[\\/]locales[\\/]en\.json\?raw$/.test(item.facadeModuleId ?? ''),
      );
      if (!english) this.error('copy preload: no chunk for the English copy');
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('copy preload: no index.html in the bundle');
      const source = String(html.source);
      const base = /<script type="module" crossorigin src="([^"]*)assets\//.exec(source)?.[1];
      if (base === undefined) this.error('copy preload: index.html has no module script');
      const tag = `<link rel="modulepreload" crossorigin href="${base}${english.fileName}">`;
      html.source = source.replace(/(\s*)<\/head>/, `$1  ${tag}$1</head>`);
    },
  };
}
