/** Languages of spec §5 and §9. */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'pt', 'id', 'it', 'de', 'ja', 'ko', 'zh'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** Languages with copy; zh is forced to en for this product. */
export const COPY_LANGUAGES = ['en', 'de', 'es', 'fr', 'id', 'it', 'pt', 'ko', 'ja'] as const;
export type CopyLanguage = (typeof COPY_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: CopyLanguage = 'en';

/** Native names for the language switcher. */
export const LANGUAGE_NAMES: Record<CopyLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  pt: 'Português',
  ko: '한국어',
  ja: '日本語',
};

/**
 * Products that only ship English: any non-en language is forced to en for them (§5).
 * The headshot product's copy is translated, so the list holds only products we do not ship copy for.
 */
export const ENGLISH_ONLY_PRODUCTS: readonly string[] = ['promotion'];

// ---- negotiation (§5) ----------------------------------------------------
// One rule for every place that picks a language: the web page, and the server-rendered pages of
// the account provider, the sandbox checkout and the promotion.

/** Codes accepted as a URL language segment: the supported ones plus the 'br' alias of pt. */
export const URL_LANGUAGE_CODES: readonly string[] = [...SUPPORTED_LANGUAGES, 'br'];

/** Maps a code or tag ('de', 'pt-BR', 'en_GB', 'br') to a supported language (br → pt); null if unknown. */
export function normalizeLanguage(code: string | null | undefined): SupportedLanguage | null {
  if (!code) return null;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const mapped = primary === 'br' ? 'pt' : primary;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(mapped) ? (mapped as SupportedLanguage) : null;
}

/** The language a URL path segment names. It must be an exact code: '/de-at/' is a path, not German. */
export function languageOfPathSegment(segment: string | null | undefined): SupportedLanguage | null {
  if (!segment || !URL_LANGUAGE_CODES.includes(segment.toLowerCase())) return null;
  return normalizeLanguage(segment);
}

/**
 * The language tags of an Accept-Language header or a `ui_locales` list, in the order given:
 * 'de-DE,de;q=0.9, en;q=0.8' → ['de-DE', 'de', 'en'].
 */
export function languageTags(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(/[\s,]+/)
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter((tag) => tag !== '');
}

/**
 * §5: the first candidate that names a supported language wins, else en; zh has no copy for this
 * product and reads as en. Candidates are codes or tags in priority order (URL segment, `lang`
 * query, stored choice, browser languages, or an Accept-Language header's tags).
 */
export function negotiateLanguage(candidates: Iterable<string | null | undefined>): CopyLanguage {
  for (const candidate of candidates) {
    const language = normalizeLanguage(candidate);
    if (language === null) continue;
    return (COPY_LANGUAGES as readonly string[]).includes(language) ? (language as CopyLanguage) : 'en';
  }
  return DEFAULT_LANGUAGE;
}
