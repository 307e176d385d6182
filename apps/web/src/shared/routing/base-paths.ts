import { readHeadshotsBasePath } from './read-base-path';

/** Site base path without trailing slash: '' at the site root, '/lab/ai-covers' under the lab. */
export const BASE_PATH = import.meta.env.BASE_URL.replace(/\/$/, '');

/**
 * Where AI Headshots lives inside the app: the HEADSHOTS_BASE_PATH setting the build was made
 * with (default '/headshots', §1.2). The server checks the build against its own setting.
 */
export const HEADSHOTS_BASE = readHeadshotsBasePath(import.meta.env.HEADSHOTS_BASE_PATH);

/** True when an in-app path (language segment removed) belongs to the headshot product. */
export function isHeadshotsPath(path: string): boolean {
  return path === HEADSHOTS_BASE || path.startsWith(`${HEADSHOTS_BASE}/`);
}
