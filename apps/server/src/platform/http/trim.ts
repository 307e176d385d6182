import type { FastifyInstance } from 'fastify';

/** Trims every string in a JSON-like value, recursively (spec §5). */
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map(trimStrings) as T;
  if (value && typeof value === 'object' && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = trimStrings(v);
    return out as T;
  }
  return value;
}

/** Trims query and body strings before validation, so `" ai-covers "` is `ai-covers`. */
export function installTrimming(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.query && typeof request.query === 'object') request.query = trimStrings(request.query);
    if (request.body && typeof request.body === 'object') request.body = trimStrings(request.body);
  });
}

function isPlainObject(value: object): boolean {
  // Query objects are built on a bare prototype (`Object.create(null)` one level up), so accept
  // any object whose prototype chain ends right after its first link.
  const proto: object | null = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}
