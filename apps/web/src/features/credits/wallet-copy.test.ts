import { describe, expect, it } from 'vitest';
import { COPY_LANGUAGES } from '@ai-covers/contracts';

import { flattenCopy, type CopyTree } from '../../locales/copy-test-kit';

const files = import.meta.glob<{ default: CopyTree }>('../../locales/*.json', { eager: true });
const wallet = (lang: string) => flattenCopy(files[`../../locales/${lang}.json`]!.default.wallet as CopyTree);
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

describe('counts of credits', () => {
  it('one credit is said in the singular where the language has one', async () => {
    const { default: i18next } = await import('i18next');
    const t = await i18next.createInstance().init({
      lng: 'en',
      resources: { en: { translation: files['../../locales/en.json']!.default } },
    });
    expect(t('wallet.balanceLabel', { count: 1 })).toBe('Balance: 1 credit');
    expect(t('wallet.balanceLabel', { count: 12 })).toBe('Balance: 12 credits');
    expect(t('wallet.consume.insufficient', { count: 1 })).toContain('consumes 1 credit,');
  });
});
