import { describe, expect, it } from 'vitest';
// The catalogue rules the web's copy test applies too: the server's copy is held to the same.
import {
  COPY_LANGUAGES,
  flattenCopy,
  pluralBase,
  pluralCategories,
  pluralFamilies,
  type CopyLanguage,
  type CopyTree,
} from '@ai-covers/contracts';
import { listVoices } from '@ai-covers/engine';
import { copyOf, sectionOf, type Catalogue } from './copy';

const SECTIONS = [
  'accounts',
  'sandbox',
  'voices',
  'promotion',
  'headshotStyles',
  'headshotsMail',
] as const satisfies readonly (keyof Catalogue)[];

/** A language's whole catalogue as dotted keys. */
const messagesOf = (lang: CopyLanguage) =>
  flattenCopy(Object.fromEntries(SECTIONS.map((s) => [s, sectionOf(s, lang) as CopyTree])));

const english = messagesOf('en');
/** The engine's voice library holds the English descriptions; every other language translates them. */
const translatedOnly = listVoices().map((v) => `voices.descriptions.${v.id}`);
const others = COPY_LANGUAGES.filter((l) => l !== 'en');

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);

/** The placeholders of each key, plural forms gathered under their base. */
function placeholdersByBase(messages: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [key, text] of messages) {
    const base = pluralBase(key);
    for (const name of placeholders(text)) out.set(base, (out.get(base) ?? new Set()).add(name));
  }
  return new Map([...out].map(([base, names]) => [base, [...names].sort()]));
}

describe('server copy catalogues (src/locales/<lang>.json)', () => {
  it('keep the English voice descriptions in the engine only', () => {
    expect([...english.keys()].filter((k) => k.startsWith('voices.descriptions.'))).toEqual([]);
  });

  it.each(others)('%s has every English key, every voice description and nothing else', (lang) => {
    const theirs = new Set([...messagesOf(lang).keys()].map(pluralBase));
    const ours = new Set([...[...english.keys()].map(pluralBase), ...translatedOnly]);
    expect([...ours].filter((k) => !theirs.has(k))).toEqual([]);
    expect([...theirs].filter((k) => !ours.has(k))).toEqual([]);
  });

  it.each(COPY_LANGUAGES)('%s has exactly the plural forms its rules need', (lang) => {
    const needed = pluralCategories(lang);
    const wrong: string[] = [];
    const theirs = pluralFamilies(messagesOf(lang));
    for (const base of pluralFamilies(english).keys()) {
      const has = theirs.get(base) ?? new Set<string>();
      for (const c of needed) if (!has.has(c)) wrong.push(`${base}_${c} missing`);
      for (const c of has) if (c !== 'zero' && !needed.includes(c)) wrong.push(`${base}_${c} unused`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(COPY_LANGUAGES)('%s has no empty text and only {{name}} placeholders', (lang) => {
    const messages = messagesOf(lang);
    expect([...messages].filter(([, v]) => v.trim() === '')).toEqual([]);
    expect([...messages].filter(([, v]) => /(?<!\{)\{\w+\}(?!\})/.test(v))).toEqual([]);
  });

  it.each(others)('%s fills the same placeholders as English', (lang) => {
    const theirs = placeholdersByBase(messagesOf(lang));
    const wrong = [...placeholdersByBase(english)].filter(
      ([base, names]) => JSON.stringify(theirs.get(base) ?? []) !== JSON.stringify(names),
    );
    expect(wrong).toEqual([]);
  });
});

describe('reading the catalogues', () => {
  it('fills placeholders and picks the plural form of the language', () => {
    expect(copyOf('sandbox', 'en')('pay', { price: '$5.00' })).toBe('Pay $5.00');
    expect(copyOf('accounts', 'en')('throttled', { count: 1 })).toBe(
      'Too many attempts. Try again in 1 minute.',
    );
    expect(copyOf('accounts', 'fr')('throttled', { count: 2 })).toBe(
      'Trop de tentatives. Réessayez dans 2 minutes.',
    );
    expect(copyOf('accounts', 'ko')('throttled', { count: 1 })).toBe(
      '시도 횟수가 너무 많습니다. 1분 후에 다시 시도하세요.',
    );
  });

  it('keeps a value with $ patterns as it is', () => {
    expect(copyOf('accounts', 'en')('forgotSent', { email: "a$&b$'c@example.com" })).toContain(
      "a$&b$'c@example.com",
    );
  });
});
