/** Reads and checks BASE_PATH: '' (site root) or '/x/y' without a trailing slash. */
export function readBasePath(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return '';
  if (!value.startsWith('/') || value.endsWith('/')) {
    throw new Error(`BASE_PATH must be '' or start with '/' and not end with '/', got '${value}'`);
  }
  return value;
}

/** Default place of AI Headshots inside the app (§1.2). */
export const DEFAULT_HEADSHOTS_BASE_PATH = '/headshots';

/**
 * Reads and checks HEADSHOTS_BASE_PATH, the server's setting of the same name: a path such as
 * '/headshots' inside the app (after BASE_PATH). Unset means the default. It cannot be the app's
 * root, which belongs to AI Covers.
 */
export function readHeadshotsBasePath(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return DEFAULT_HEADSHOTS_BASE_PATH;
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(value)) {
    throw new Error(`HEADSHOTS_BASE_PATH must be a path like /headshots (no trailing slash), got '${value}'`);
  }
  return value;
}
