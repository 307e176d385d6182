// Test support: the copy files as flat maps of dotted keys. The format's own rules (flattening,
// plural families) are shared with the server's catalogues through the contracts.
export {
  flattenCopy,
  pluralBase,
  pluralCategories,
  pluralFamilies,
  type CopyTree,
} from '@ai-covers/contracts';

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
const NOT_COUNTED = new Set(['of', 'to', 'from', 'per', 'left', 'made', 'px', 's', 'min', 'x', 'mb', 'gb']);

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
