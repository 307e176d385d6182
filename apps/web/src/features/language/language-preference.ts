import { ENGLISH_ONLY_PRODUCTS, PRODUCT, type CopyLanguage } from '@ai-covers/contracts';
import { readLocal, storageKey, writeCookie, writeLocal } from '../../shared/storage/storage';
import { resolveLanguage } from './resolve-language';

/** Resolves the language for the current page from the URL, storage and browser. */
export function resolvePageLanguage(pathSegment: string | undefined, search: string): CopyLanguage {
  return resolveLanguage({
    pathSegment: pathSegment ?? null,
    queryLang: new URLSearchParams(search).get('lang'),
    stored: readLocal('lang'),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
    product: PRODUCT.kind,
    englishOnlyProducts: ENGLISH_ONLY_PRODUCTS,
  });
}

/** Stores the visitor's explicit language choice. */
export function storeLanguagePreference(lang: CopyLanguage): void {
  writeLocal('lang', lang);
  mirrorLanguageChoice();
}

/**
 * Copies the stored choice into a cookie of the same name, or drops the cookie when there is none,
 * so that the server picks the language of a page's prerendered markup by the same rule as the app
 * (decision 240).
 */
export function mirrorLanguageChoice(): void {
  const stored = readLocal('lang');
  writeCookie(storageKey('lang'), stored ?? '', stored ? 400 : -1);
}
