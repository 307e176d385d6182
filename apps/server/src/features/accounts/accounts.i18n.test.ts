import { describe, expect, it } from 'vitest';
import { PAGE_LANGS, THROTTLED, throttledText } from './accounts.i18n';

describe('account page copy with numbers', () => {
  it.each(PAGE_LANGS)('%s has a form per plural category, each showing the number', (lang) => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    // "many" (millions in fr, es, it, pt) may use "other".
    for (const c of categories.filter((x) => x !== 'many'))
      expect(THROTTLED[lang][c], `${lang} ${c}`).toContain('{count}');
  });

  it('says one minute in the singular', () => {
    expect(throttledText('en', 1)).toBe('Too many attempts. Try again in 1 minute.');
    expect(throttledText('en', 5)).toBe('Too many attempts. Try again in 5 minutes.');
    expect(throttledText('de', 3)).toBe('Zu viele Versuche. Bitte in 3 Minuten erneut versuchen.');
    expect(throttledText('fr', 1)).toBe('Trop de tentatives. Réessayez dans 1 minute.');
    expect(throttledText('ja', 1)).toContain('1 分後');
  });
});
