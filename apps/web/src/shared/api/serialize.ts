import { formatDate } from '../format/format';

/** Recursively trims strings and turns Dates into 'YYYY-MM-DD HH:mm' (§5); other values pass through. */
export function normalizePayload(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return formatDate(value);
  if (Array.isArray(value)) return value.map(normalizePayload);
  if (value instanceof Blob || value instanceof FormData || value instanceof URLSearchParams) return value;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = normalizePayload(item);
    return out;
  }
  return value;
}

type Scalar = string | number | boolean;

function appendValue(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    // Repeated keys, as `/v1/vsas/list?task_ids=a&task_ids=b` expects (§7).
    for (const item of value) appendValue(params, key, item);
    return;
  }
  params.append(key, String(normalizePayload(value) as Scalar));
}

/** Builds a query string (without '?') from an object; nullish values are left out. */
export function toSearchParams(query: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (!query) return params;
  for (const [key, value] of Object.entries(query)) appendValue(params, key, value);
  return params;
}
