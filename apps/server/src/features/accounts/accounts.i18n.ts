import { languageTags, negotiateLanguage, type CopyLanguage } from '@ai-covers/contracts';
import { copyOf, type CopyKey, type Translate } from '../../locales/copy';

/** Languages of the account provider's pages and mail: every copy language (§9). */
export type PageLang = CopyLanguage;

/** A text of the account pages (`accounts` in `src/locales/<lang>.json`). */
export type PageKey = CopyKey<'accounts'>;

/** The language of a page from a `lang`/`ui_locales` value or an Accept-Language header (§5: 'pt-BR' → pt). */
export function pickLang(value: unknown): PageLang {
  return negotiateLanguage(languageTags(typeof value === 'string' ? value : undefined));
}

/** The copy for one language. */
export function pageText(lang: PageLang): Translate<'accounts'> {
  return copyOf('accounts', lang);
}

/** "Too many attempts" with the minutes to wait, in the language's plural form (CLDR). */
export function throttledText(lang: PageLang, minutes: number): string {
  return pageText(lang)('throttled', { count: minutes });
}
