import { describe, expect, it } from 'vitest';
import { COPY_LANGUAGES } from '@ai-covers/contracts';
import en from './en.json';
import {
  flattenCopy,
  numbersBeforeNouns,
  pluralBase,
  pluralCategories,
  pluralFamilies,
  type CopyTree,
} from './copy-test-kit';

/** Keys whose value may equal the English one: brand names that are never translated. */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  'app.name',
  'entry.tools.covers.name',
  'entry.tools.headshots.name',
  'headshots.title',
  'header.headshotsName',
  'entry.title',
  // Nouns spelled the same in a language (French "photo", "point").
  'headshots.units.photos_one',
  'headshots.units.photos_other',
  'wallet.units.points_one',
  'wallet.units.points_other',
]);

/** Plural families whose number is shown otherwise than as {{count}} (t() still gets count). */
const COUNT_SHOWN_OTHERWISE: Record<string, string> = {
  'header.creditUnit': 'the noun beside the balance badge, whose number is shown apart',
  'coversTool.options.semitones': 'a signed shift (+3, −1) counted by its size',
};

const english = flattenCopy(en as CopyTree);
const others = COPY_LANGUAGES.filter((l) => l !== 'en');
const files = import.meta.glob<{ default: CopyTree }>('./*.json', { eager: true });

describe('translations', () => {
  it('ship a file for every copy language (§9)', () => {
    for (const lang of COPY_LANGUAGES) expect(files[`./${lang}.json`], lang).toBeDefined();
  });

  it.each(others)(
    '%s has every English key and no extra ones (plural forms counted by their base)',
    (lang) => {
      const messages = flattenCopy(files[`./${lang}.json`]!.default);
      const theirs = new Set([...messages.keys()].map(pluralBase));
      const ours = new Set([...english.keys()].map(pluralBase));
      expect([...ours].filter((k) => !theirs.has(k))).toEqual([]);
      expect([...theirs].filter((k) => !ours.has(k))).toEqual([]);
    },
  );

  it.each(others)('%s translates every value (no English leaking)', (lang) => {
    const messages = flattenCopy(files[`./${lang}.json`]!.default);
    const untranslated = [...english].filter(
      ([key, value]) => messages.get(key) === value && !SAME_AS_ENGLISH_ALLOWED.has(key),
    );
    expect(untranslated).toEqual([]);
  });

  it.each(others)('%s keeps no empty strings', (lang) => {
    const messages = flattenCopy(files[`./${lang}.json`]!.default);
    expect([...messages].filter(([, v]) => v.trim() === '')).toEqual([]);
  });
});

describe('plural forms (i18next suffixes by the CLDR rules of Intl.PluralRules)', () => {
  const families = pluralFamilies(english);

  it('every number shown before a noun it counts is a plural family with {{count}}', () => {
    const missing = [...english]
      .filter(([key, text]) => numbersBeforeNouns(text).length > 0 && !families.has(pluralBase(key)))
      .map(([key]) => key);
    expect(missing).toEqual([]);
    const withoutCount = [...families.keys()].filter(
      (base) => ![...english].some(([k, text]) => pluralBase(k) === base && text.includes('{{count}}')),
    );
    expect(withoutCount.filter((base) => !(base in COUNT_SHOWN_OTHERWISE))).toEqual([]);
  });

  it.each(COPY_LANGUAGES)('%s has exactly the forms its plural rules need for every family', (lang) => {
    const messages = flattenCopy(files[`./${lang}.json`]!.default);
    const theirs = pluralFamilies(messages);
    const needed = pluralCategories(lang);
    const wrong: string[] = [];
    for (const base of families.keys()) {
      const has = theirs.get(base) ?? new Set<string>();
      for (const c of needed) if (!has.has(c)) wrong.push(`${base}_${c} missing`);
      // _zero is allowed where wanted; any other form the language does not use is dead copy.
      for (const c of has) if (c !== 'zero' && !needed.includes(c)) wrong.push(`${base}_${c} unused`);
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['{{n}} credits', ['n']],
    ['Balance: {{count}} credit', ['count']],
    ['{{width}} × {{height}} px', []],
    ['{{n}} of {{m}} styles chosen', ['m']],
    ['Page {{page}} of {{pages}}', []],
    ['{{name}} was refunded.', []],
    ['A free {{seconds}}-second preview', ['seconds']],
  ])('finds the counted numbers of %j', (text, names) => {
    expect(numbersBeforeNouns(text)).toEqual(names);
  });
});
