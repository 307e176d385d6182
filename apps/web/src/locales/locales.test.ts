import { describe, expect, it } from 'vitest';
import { COPY_LANGUAGES } from '@ai-covers/contracts';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Keys whose value may equal the English one: brand names that are never translated. */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  'app.name',
  'entry.tools.covers.name',
  'entry.tools.headshots.name',
  'headshots.title',
  'entry.title',
]);

const english = flatten(en as Tree);
const others = COPY_LANGUAGES.filter((l) => l !== 'en');
const files = import.meta.glob<{ default: Tree }>('./*.json', { eager: true });

describe('translations', () => {
  it('ship a file for every copy language (§9)', () => {
    for (const lang of COPY_LANGUAGES) expect(files[`./${lang}.json`], lang).toBeDefined();
  });

  it.each(others)('%s has every English key and no extra ones', (lang) => {
    const messages = flatten(files[`./${lang}.json`]!.default);
    expect([...english.keys()].filter((k) => !messages.has(k))).toEqual([]);
    expect([...messages.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it.each(others)('%s translates every value (no English leaking)', (lang) => {
    const messages = flatten(files[`./${lang}.json`]!.default);
    const untranslated = [...english].filter(
      ([key, value]) => messages.get(key) === value && !SAME_AS_ENGLISH_ALLOWED.has(key),
    );
    expect(untranslated).toEqual([]);
  });

  it.each(others)('%s keeps no empty strings', (lang) => {
    const messages = flatten(files[`./${lang}.json`]!.default);
    expect([...messages].filter(([, v]) => v.trim() === '')).toEqual([]);
  });
});
