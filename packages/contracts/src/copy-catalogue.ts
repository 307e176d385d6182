// The copy catalogues' format, shared by the web's and the server's (docs/decisions/033): nested
// keys down to strings, and numbers in plural families named by i18next's suffixes, one key per
// CLDR category of the language (`credits_one`, `credits_many`, `credits_other`).

/** A copy file: nested keys down to strings. */
export type CopyTree = { [key: string]: string | CopyTree };

/** The copy as a map from dotted key ('errors.network') to text. */
export function flattenCopy(tree: CopyTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenCopy(value, path)) out.set(k, v);
  }
  return out;
}

/** A plural form key ('balanceLabel_one') split into its base and its category. */
const PLURAL_KEY = /^(.*)_(zero|one|two|few|many|other)$/;

/** The base of a plural form key ('x.balanceLabel_one' → 'x.balanceLabel'), else the key itself. */
export function pluralBase(key: string): string {
  return PLURAL_KEY.exec(key)?.[1] ?? key;
}

/** Plural families of a copy file: base key → the categories it has ('one', 'other'…). */
export function pluralFamilies(messages: Map<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of messages.keys()) {
    const m = PLURAL_KEY.exec(key);
    if (m) out.set(m[1]!, (out.get(m[1]!) ?? new Set()).add(m[2]!));
  }
  return out;
}

/** The plural categories a language distinguishes (CLDR, as i18next uses them). */
export function pluralCategories(lang: string): string[] {
  return new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
}
