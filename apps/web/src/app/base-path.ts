/** Site base path without trailing slash: '' at the site root, '/lab/ai-covers' under the lab. */
export const BASE_PATH = import.meta.env.BASE_URL.replace(/\/$/, '');
