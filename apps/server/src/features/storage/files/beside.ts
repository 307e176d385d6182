// An object the server keeps beside a stored file (a headshot photo's portrait and matte) is named
// after the file's key, so it needs no row of its own: it is removed with the file's bytes, and the
// orphan sweep removes it once the file's row is gone, whichever way the file went.

const SUFFIX = '.kept';

/** The key of the object kept beside the file stored at `storageKey`. */
export const besideKey = (storageKey: string): string => `${storageKey}${SUFFIX}`;

/** The file key an object kept beside a file belongs to, or null for any other object. */
export function besideBase(key: string): string | null {
  return key.endsWith(SUFFIX) && key.length > SUFFIX.length ? key.slice(0, -SUFFIX.length) : null;
}
