import {
  URL_LANGUAGE_CODES,
  languageOfPathSegment,
  negotiateLanguage,
  type CopyLanguage,
} from '@ai-covers/contracts';

export interface LanguageSources {
  /** First path segment after BASE_PATH. */
  pathSegment?: string | null;
  /** The `lang` query parameter. */
  queryLang?: string | null;
  /** The stored preference (`ai-covers.lang`). */
  stored?: string | null;
  /** navigator.languages (or [navigator.language]). */
  browser?: readonly string[];
  /** Product kind, checked against the English-only list. */
  product: string;
  englishOnlyProducts: readonly string[];
}

/** Picks the page language by the §5 rules: path, query, stored, browser, default en. */
export function resolveLanguage(sources: LanguageSources): CopyLanguage {
  if (sources.englishOnlyProducts.includes(sources.product)) return 'en';
  return negotiateLanguage([
    languageOfPathSegment(sources.pathSegment),
    sources.queryLang,
    sources.stored,
    ...(sources.browser ?? []),
  ]);
}

/** Splits '/de/headshots' into { segment: 'de', rest: '/headshots' }; segment is null when absent. */
export function splitLanguageSegment(pathname: string): { segment: string | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1]?.toLowerCase();
  if (first && URL_LANGUAGE_CODES.includes(first)) return { segment: first, rest: match?.[2] ?? '/' };
  return { segment: null, rest: pathname || '/' };
}

/** Rewrites a path's language segment; English drops it ('/de/pricing' → '/pricing'). */
export function withLanguageSegment(pathname: string, lang: CopyLanguage): string {
  const { rest } = splitLanguageSegment(pathname);
  if (lang === 'en') return rest;
  return rest === '/' ? `/${lang}` : `/${lang}${rest}`;
}
