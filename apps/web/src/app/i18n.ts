import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { CopyLanguage } from '@ai-covers/contracts';
import en from '../locales/en.json';

type Messages = typeof en;

// English ships in the first bundle; every other language is its own chunk, fetched on demand.
const loaders = import.meta.glob<{ default: Messages }>(['../locales/*.json', '!../locales/en.json']);

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Loads a language's copy if needed, switches i18next to it and sets `<html lang>`. */
export async function activateLanguage(lang: CopyLanguage): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    const load = loaders[`../locales/${lang}.json`];
    if (load) i18n.addResourceBundle(lang, 'translation', (await load()).default);
  }
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export { i18n };
