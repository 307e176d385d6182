/** Reads and checks BASE_PATH: '' (site root) or '/x/y' without a trailing slash. */
export function readBasePath(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return '';
  if (!value.startsWith('/') || value.endsWith('/')) {
    throw new Error(`BASE_PATH must be '' or start with '/' and not end with '/', got '${value}'`);
  }
  return value;
}
