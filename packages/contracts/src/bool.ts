const FALSE_WORDS = new Set(['0', 'false', 'no', 'off', '']);

/** Boolean parsing of spec §5: 0, false, no, off and empty are false; anything else present is true. */
export function parseBool(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  return !FALSE_WORDS.has(String(value).trim().toLowerCase());
}
