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
