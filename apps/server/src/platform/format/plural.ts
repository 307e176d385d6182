/**
 * A phrase with a number, in the forms a language's plural rules (CLDR, Intl.PluralRules) tell
 * apart: `other` always, `one`, `many`… where the language has them. `{count}` is the number.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

/** The form of `forms` for `count` in `lang`, with the number put in (falls back to `other`). */
export function plural(lang: string, forms: PluralForms, count: number): string {
  let rule = rules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(lang);
    rules.set(lang, rule);
  }
  return (forms[rule.select(count)] ?? forms.other).replaceAll('{count}', String(count));
}

/** An English count with its noun: '1 credit', '3 credits' (server messages are English). */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return plural('en', { one: `{count} ${one}`, other: `{count} ${other}` }, count);
}
