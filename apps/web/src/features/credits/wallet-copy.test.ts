import { describe, expect, it } from 'vitest';
import { COPY_LANGUAGES } from '@ai-covers/contracts';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<{ default: Tree }>('../../locales/*.json', { eager: true });

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}
const wallet = (lang: string) => flatten(files[`../../locales/${lang}.json`]!.default.wallet as Tree);
const english = wallet('en');
const vars = (s: string) => [...s.matchAll(/{{\w+}}/g)].map((m) => m[0]).sort();

/** The locales test checks keys and English leaks; this one checks the wallet's placeholders. */
describe('wallet copy', () => {
  it.each(COPY_LANGUAGES.filter((l) => l !== 'en'))(
    '%s keeps every placeholder of the English copy',
    (lang) => {
      const messages = wallet(lang);
      for (const [key, value] of english)
        expect(vars(messages.get(key) ?? ''), `${lang}:${key}`).toEqual(vars(value));
    },
  );
});
