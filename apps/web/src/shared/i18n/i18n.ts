import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { CopyLanguage } from '@ai-covers/contracts';
import type enMessages from '../../locales/en.json';
// Only the copy the shell itself shows ships in the first bundle (named imports of a JSON file are
// tree-shaken); the rest of English, and every other language, loads with the first lazy page.
// bench/web checks that the first page uses no copy outside this list.
import { app, auth, common, errors, footer, header, nav } from '../../locales/en.json';

type Messages = typeof enMessages;

const FIRST_PAGE_COPY = { app, auth, common, errors, footer, header, nav };

const others = import.meta.glob<{ default: Messages }>(['../../locales/*.json', '!../../locales/en.json']);
// English again as text: a module imported both statically and dynamically would stay whole in the
// first bundle.
const loaders: Record<string, () => Promise<Messages>> = {
  ...Object.fromEntries(
    Object.entries(others).map(([path, load]) => [path, () => load().then((m) => m.default)]),
  ),
  '../../locales/en.json': () =>
    import('../../locales/en.json?raw').then((m) => JSON.parse(m.default) as Messages),
};

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: FIRST_PAGE_COPY } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

const complete = new Map<string, Promise<void>>();

/** Loads all of a language's copy once (deep-merged over what is there). */
function loadAllCopy(lang: string): Promise<void> {
  let loading = complete.get(lang);
  if (!loading) {
    const load = loaders[`../../locales/${lang}.json`];
    loading = load
      ? load().then((messages) => void i18n.addResourceBundle(lang, 'translation', messages, true, true))
      : Promise.resolve();
    // A failed load (offline) may be tried again by the next page.
    loading.catch(() => complete.delete(lang));
    complete.set(lang, loading);
  }
  return loading;
}

/**
 * Resolves once all copy of the page language (and the English fallback) is loaded. Lazy pages and
 * dialogs wait for it (see `lazyWithCopy`), so they never show a key.
 */
export function copyReady(): Promise<void> {
  const lang = i18n.language || 'en';
  return Promise.all([loadAllCopy('en'), lang === 'en' ? undefined : loadAllCopy(lang)]).then(() => {});
}

/** Loads a language's copy if needed, switches i18next to it and sets `<html lang>`. */
export async function activateLanguage(lang: CopyLanguage): Promise<void> {
  await loadAllCopy(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export { i18n };
