import { describe, expect, it } from 'vitest';
import { COPY_LANGUAGES } from '@ai-covers/contracts';

import { flattenCopy, pluralBase, type CopyTree } from '../../locales/copy-test-kit';

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
        expect(
          vars(messages.get(key) ?? messages.get(`${pluralBase(key)}_other`) ?? ''),
          `${lang}:${key}`,
        ).toEqual(vars(value));
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
    expect(t('header.balanceLabel', { count: 1 })).toBe('Balance: 1 credit');
    expect(t('header.balanceLabel', { count: 12 })).toBe('Balance: 12 credits');
    expect(t('wallet.consume.insufficient', { count: 1 })).toContain('consumes 1 credit,');
  });
});

describe('credit counts in every language', () => {
  async function translator(lng: string) {
    const { default: i18next } = await import('i18next');
    return i18next.createInstance().init({
      lng,
      fallbackLng: 'en',
      resources: Object.fromEntries(
        ['en', lng].map((l) => [l, { translation: files[`../../locales/${l}.json`]!.default }]),
      ),
    });
  }

  it.each([
    ['en', 'wallet.limit.balance', 1, 'Your balance: 1 credit'],
    ['en', 'wallet.limit.balance', 3, 'Your balance: 3 credits'],
    ['en', 'header.creditUnit', 1, 'credit'],
    ['en', 'header.creditUnit', 0, 'credits'],
    ['en', 'wallet.upgrade.done', 1, 'Done: 1 credit was added to your account.'],
    ['fr', 'wallet.limit.balance', 1, 'Votre solde : 1 crédit'],
    // French says 0 in the singular.
    ['fr', 'wallet.limit.balance', 0, 'Votre solde : 0 crédit'],
    ['fr', 'wallet.limit.balance', 2, 'Votre solde : 2 crédits'],
    ['es', 'wallet.limit.balance', 1_000_000, 'Tu saldo: 1000000 créditos'],
    ['de', 'wallet.creditPage.perUse', 2, '2 Credits pro Nutzung'],
    ['ja', 'wallet.limit.balance', 1, '残高：1 クレジット'],
    ['ko', 'header.creditUnit', 1, '크레딧'],
  ])('%s %s with %i', async (lang, key, count, text) => {
    expect((await translator(lang))(key, { count })).toBe(text);
  });
});
