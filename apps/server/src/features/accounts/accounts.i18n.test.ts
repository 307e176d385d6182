import { describe, expect, it } from 'vitest';
import { COPY_LANGUAGES } from '@ai-covers/contracts';
import { sectionOf } from '../../locales/copy';
import { throttledText } from './accounts.i18n';

describe('account page copy with numbers', () => {
  it.each(COPY_LANGUAGES)('%s has a form per plural category, each showing the number', (lang) => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const texts = sectionOf('accounts', lang) as Record<string, string>;
    // "many" (millions in fr, es, it, pt) may use "other".
    for (const c of categories.filter((x) => x !== 'many'))
      expect(texts[`throttled_${c}`], `${lang} ${c}`).toContain('{{count}}');
  });

  it('says one minute in the singular', () => {
    expect(throttledText('en', 1)).toBe('Too many attempts. Try again in 1 minute.');
    expect(throttledText('en', 5)).toBe('Too many attempts. Try again in 5 minutes.');
    expect(throttledText('de', 3)).toBe('Zu viele Versuche. Bitte in 3 Minuten erneut versuchen.');
    expect(throttledText('fr', 1)).toBe('Trop de tentatives. Réessayez dans 1 minute.');
    expect(throttledText('ja', 1)).toContain('1 分後');
  });
});
