import { describe, expect, it } from 'vitest';
import { countOf, plural, type PluralForms } from './plural';

const minutes: Record<string, PluralForms> = {
  en: { one: 'in {count} minute', other: 'in {count} minutes' },
  fr: { one: 'dans {count} minute', other: 'dans {count} minutes' },
  ja: { other: '{count} 分後' },
};

describe('plural', () => {
  it.each([
    ['en', 1, 'in 1 minute'],
    ['en', 0, 'in 0 minutes'],
    ['en', 2, 'in 2 minutes'],
    // French puts 0 and 1 in the singular.
    ['fr', 0, 'dans 0 minute'],
    ['fr', 1, 'dans 1 minute'],
    ['fr', 5, 'dans 5 minutes'],
    // A category the forms leave out (French "many" for millions) takes `other`.
    ['fr', 1_000_000, 'dans 1000000 minutes'],
    ['ja', 1, '1 分後'],
  ])('%s %i → %s', (lang, n, text) => {
    expect(plural(lang, minutes[lang]!, n)).toBe(text);
  });

  it('counts English nouns', () => {
    expect(countOf(1, 'credit')).toBe('1 credit');
    expect(countOf(2, 'credit')).toBe('2 credits');
    expect(countOf(1, 'child', 'children')).toBe('1 child');
  });
});
