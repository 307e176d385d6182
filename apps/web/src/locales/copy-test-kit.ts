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
