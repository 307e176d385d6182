import {
  COPY_LANGUAGES,
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  type CopyLanguage,
  type SupportedLanguage,
} from '@ai-covers/contracts';

/** Codes accepted as a URL language segment: the supported ones plus the 'br' alias of pt. */
export const URL_LANGUAGE_CODES: readonly string[] = [...SUPPORTED_LANGUAGES, 'br'];

/** Maps a code (or a browser tag like 'pt-BR') to a supported language, br → pt; null if unknown. */
export function normalizeLanguage(code: string | null | undefined): SupportedLanguage | null {
  if (!code) return null;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const mapped = primary === 'br' ? 'pt' : primary;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(mapped) ? (mapped as SupportedLanguage) : null;
}

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
  // A path segment must be an exact code: '/de-at/' is a path, not a language.
  const fromPath =
    sources.pathSegment && URL_LANGUAGE_CODES.includes(sources.pathSegment.toLowerCase())
      ? normalizeLanguage(sources.pathSegment)
      : null;
  const candidates = [
    fromPath,
    normalizeLanguage(sources.queryLang),
    normalizeLanguage(sources.stored),
    ...(sources.browser ?? []).map(normalizeLanguage),
  ];
  const chosen = candidates.find((c): c is SupportedLanguage => c !== null) ?? DEFAULT_LANGUAGE;
  if (sources.englishOnlyProducts.includes(sources.product)) return 'en';
  // zh has no copy for this product, so it is shown in English (§5).
  return (COPY_LANGUAGES as readonly string[]).includes(chosen) ? (chosen as CopyLanguage) : 'en';
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
