import { describe, expect, it } from 'vitest';
import { languageOfPathSegment, languageTags, negotiateLanguage, normalizeLanguage } from './languages';

describe('language negotiation (§5, first match wins)', () => {
  it.each<[string, (string | null | undefined)[], string]>([
    ['nothing known → en', [], 'en'],
    ['the first supported candidate wins', ['de', 'fr'], 'de'],
    ['unknown and empty candidates fall through', ['xx', null, '', undefined, 'id'], 'id'],
    ['br maps to pt', ['br'], 'pt'],
    ['a region tag counts by its language', ['pt-BR'], 'pt'],
    ['underscores count too', ['en_GB', 'de'], 'en'],
    ['case does not matter', ['DE'], 'de'],
    ['zh matches, and has no copy: en', ['zh-CN', 'de'], 'en'],
  ])('%s', (_name, candidates, expected) => {
    expect(negotiateLanguage(candidates)).toBe(expected);
  });

  it.each([
    ['de', 'de'],
    ['BR', 'pt'],
    ['en_GB', 'en'],
    ['zh-Hans', 'zh'],
    ['xx', null],
    ['', null],
    [null, null],
  ])('normalizes %s → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it.each([
    ['de', 'de'],
    ['BR', 'pt'],
    ['zh', 'zh'],
    ['de-at', null],
    ['headshots', null],
    [undefined, null],
  ])('reads the path segment %s as %s (exact codes only)', (segment, expected) => {
    expect(languageOfPathSegment(segment)).toBe(expected);
  });

  it.each([
    ['de-DE,de;q=0.9, en;q=0.8', ['de-DE', 'de', 'en']],
    ['pt-BR en', ['pt-BR', 'en']],
    ['', []],
    [undefined, []],
  ])('splits %s into its tags', (value, tags) => {
    expect(languageTags(value)).toEqual(tags);
  });
});
