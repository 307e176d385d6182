import { describe, expect, it } from 'vitest';
import { COPY_LANGUAGES } from '@ai-covers/contracts';
import en from './en.json';
import { flattenCopy, type CopyTree } from './copy-test-kit';

/** Keys whose value may equal the English one: brand names that are never translated. */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  'app.name',
  'entry.tools.covers.name',
  'entry.tools.headshots.name',
  'headshots.title',
  'entry.title',
]);

const english = flattenCopy(en as CopyTree);
const others = COPY_LANGUAGES.filter((l) => l !== 'en');
const files = import.meta.glob<{ default: CopyTree }>('./*.json', { eager: true });

describe('translations', () => {
  it('ship a file for every copy language (§9)', () => {
    for (const lang of COPY_LANGUAGES) expect(files[`./${lang}.json`], lang).toBeDefined();
  });

  it.each(others)('%s has every English key and no extra ones', (lang) => {
    const messages = flattenCopy(files[`./${lang}.json`]!.default);
    expect([...english.keys()].filter((k) => !messages.has(k))).toEqual([]);
    expect([...messages.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

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
