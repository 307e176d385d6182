import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { COPY_LANGUAGES, DEFAULT_LANGUAGE, type CopyLanguage } from '@ai-covers/contracts';
import type english from './en.json';

/**
 * The copy of the server's own pages and mail: one JSON catalogue per language beside this file,
 * shaped like the web app's (nested sections, `{{name}}` placeholders, plural forms as
 * `_one`/`_many`/`_other` keys chosen by i18next from the language's CLDR rules). See
 * docs/decisions/033-one-copy-format.md.
 */
export type Catalogue = typeof english;

type PluralBase<K extends string> =
  K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;

/** Dotted paths to the texts of a tree, plural families by their base name. */
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? PluralBase<K> : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** The keys `t` takes in one section ('signInTitle', 'throttled', 'statuses.paid'). */
export type CopyKey<S extends keyof Catalogue> = Leaves<Catalogue[S]>;

/** Values put into a text's placeholders; `count` also picks the plural form. */
type CopyValues = Record<string, string | number>;

/** Reads one section's texts in one language. */
export type Translate<S extends keyof Catalogue> = (key: CopyKey<S>, values?: CopyValues) => string;

const catalogues = Object.fromEntries(
  COPY_LANGUAGES.map((lang) => [
    lang,
    JSON.parse(readFileSync(new URL(`./${lang}.json`, import.meta.url), 'utf8')) as Catalogue,
  ]),
) as Record<CopyLanguage, Catalogue>;

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(COPY_LANGUAGES.map((lang) => [lang, { translation: catalogues[lang] }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // Pages escape what they put into HTML; mail is plain text.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The texts of one catalogue section (`accounts`, `sandbox`…) in `lang`, English where missing. */
export function copyOf<S extends keyof Catalogue>(section: S, lang: CopyLanguage): Translate<S> {
  const t = i18n.getFixedT(lang, null, section);
  return (key, values) => t(key, values ?? {});
}

/** One section's whole tree in `lang`, for lists read as data (the voice library's names). */
export function sectionOf<S extends keyof Catalogue>(section: S, lang: CopyLanguage): Catalogue[S] {
  return catalogues[lang][section];
}
