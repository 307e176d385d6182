// Test support: the copy files as flat maps of dotted keys.

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

/** Placeholders that hold a name, a date or a ready-made phrase, never a bare number. */
const NOT_A_NUMBER = new Set([
  'name',
  'date',
  'title',
  'voice',
  'plan',
  'format',
  'created',
  'key',
  'backing',
  'points',
  'bonus',
  'basic',
  'pro',
  'photos',
  'headshots',
]);
/** Words after a number that are not a noun it counts: units, prepositions, verbs. */
const NOT_COUNTED = new Set(['of', 'to', 'from', 'per', 'left', 'made', 'px', 's', 'min', 'x', 'mb']);

/**
 * The number placeholders of an English text that stand before a noun they count ('{{n}} credits'
 * → ['n']): such a text needs a form per plural category of each language. Sizes ('{{w}} ×
 * {{h}} px') and units are measures, not counts.
 */
export function numbersBeforeNouns(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?<!× )\{\{(\w+)\}\}[ -](\p{L}+)/gu)) {
    if (!NOT_A_NUMBER.has(m[1]!) && !NOT_COUNTED.has(m[2]!.toLowerCase())) out.push(m[1]!);
  }
  return out;
}

/** The plural categories a language distinguishes (CLDR, as i18next uses them). */
export function pluralCategories(lang: string): string[] {
  return new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
}
