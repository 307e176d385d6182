import { describe, expect, it } from 'vitest';
import { ENGLISH_ONLY_PRODUCTS } from '@ai-covers/contracts';
import {
  resolveLanguage,
  splitLanguageSegment,
  withLanguageSegment,
  type LanguageSources,
} from './resolve-language';

const base: LanguageSources = { product: 'ai-covers', englishOnlyProducts: ENGLISH_ONLY_PRODUCTS };

describe('resolveLanguage (§5, first match wins)', () => {
  it.each<[string, Partial<LanguageSources>, string]>([
    ['nothing known → en', {}, 'en'],
    [
      'path segment wins over everything',
      { pathSegment: 'de', queryLang: 'fr', stored: 'es', browser: ['ja'] },
      'de',
    ],
    ['query when no path segment', { queryLang: 'fr', stored: 'es', browser: ['ja'] }, 'fr'],
    ['stored when no path or query', { stored: 'es', browser: ['ja'] }, 'es'],
    ['browser language last', { browser: ['ja-JP', 'en-US'] }, 'ja'],
    ['first supported browser language', { browser: ['sv-SE', 'ko-KR'] }, 'ko'],
    ['br maps to pt in the path', { pathSegment: 'br' }, 'pt'],
    ['br maps to pt in the query', { queryLang: 'br' }, 'pt'],
    ['pt-BR browser tag → pt', { browser: ['pt-BR'] }, 'pt'],
    ['zh is forced to en for this product', { pathSegment: 'zh', stored: 'de' }, 'en'],
    ['zh browser → en', { browser: ['zh-CN'] }, 'en'],
    ['unknown path segment is not a language', { pathSegment: 'headshots', stored: 'it' }, 'it'],
    ['unknown query falls through', { queryLang: 'xx', stored: 'id' }, 'id'],
    ['path segments must be exact codes', { pathSegment: 'de-at', browser: ['fr'] }, 'fr'],
    ['query is case-insensitive', { queryLang: 'DE' }, 'de'],
    [
      'English-only products force en',
      { pathSegment: 'de', product: 'promotion', englishOnlyProducts: ['promotion'] },
      'en',
    ],
    ['other products keep their language', { pathSegment: 'de', englishOnlyProducts: ['promotion'] }, 'de'],
  ])('%s', (_name, sources, expected) => {
    expect(resolveLanguage({ ...base, ...sources })).toBe(expected);
  });
});

describe('language path segment', () => {
  it.each([
    ['/de/headshots', 'de', '/headshots'],
    ['/de', 'de', '/'],
    ['/headshots/upload', null, '/headshots/upload'],
    ['/', null, '/'],
  ])('split %s', (path, segment, rest) => {
    expect(splitLanguageSegment(path)).toEqual({ segment, rest });
  });

  it.each([
    ['/pricing', 'de', '/de/pricing'],
    ['/de/pricing', 'fr', '/fr/pricing'],
    ['/de/pricing', 'en', '/pricing'],
    ['/', 'ja', '/ja'],
    ['/ko', 'en', '/'],
  ] as const)('rewrite %s to %s → %s', (path, lang, expected) => {
    expect(withLanguageSegment(path, lang)).toBe(expected);
  });
});
