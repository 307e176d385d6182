import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error';

/** Postgres text refuses it and file systems end a name at it: no request string may carry it. */
const NUL = '\u0000';

type Container = Record<string | number, unknown>;

/** One value still to visit: where it sits, and the way up for naming it in an error. */
interface Slot {
  parent: Container;
  key: string | number;
  up: Slot | null;
}

function pathOf(slot: Slot, root: string): string {
  const keys: (string | number)[] = [];
  for (let s: Slot | null = slot; s?.up; s = s.up) keys.unshift(s.key);
  return [root, ...keys].join('.');
}

/**
 * Trims every string of a JSON-like value (spec §5) and refuses a NUL character in any string or
 * key with a 400 naming the field (`body.events.0.name: ...`). Walks with its own stack, so no
 * nesting depth can overflow the call stack. Returns a copy; `trim: false` only checks.
 */
export function cleanInput<T>(value: T, where = 'value', opts: { trim?: boolean } = {}): T {
  const trim = opts.trim ?? true;
  const root: Container = { value };
  const stack: Slot[] = [{ parent: root, key: 'value', up: null }];
  const refuse = (slot: Slot) => badRequest(`${pathOf(slot, where)}: must not contain a NUL character`);
  while (stack.length > 0) {
    const slot = stack.pop()!;
    const v = slot.parent[slot.key];
    if (typeof v === 'string') {
      if (v.includes(NUL)) throw refuse(slot);
      if (trim) slot.parent[slot.key] = v.trim();
    } else if (Array.isArray(v)) {
      const copy: unknown[] = trim ? v.slice() : v;
      slot.parent[slot.key] = copy;
      for (let i = 0; i < copy.length; i++)
        stack.push({ parent: copy as unknown as Container, key: i, up: slot });
    } else if (v && typeof v === 'object' && isPlainObject(v)) {
      // fromEntries defines keys as own data properties: a "__proto__" key stays a plain key.
      const copy: Container = trim ? Object.fromEntries(Object.entries(v)) : (v as Container);
      slot.parent[slot.key] = copy;
      for (const key of Object.keys(copy)) {
        const child: Slot = { parent: copy, key, up: slot };
        if (key.includes(NUL)) throw refuse(child);
        stack.push(child);
      }
    }
  }
  return root.value as T;
}

/** Trims every string in a JSON-like value (spec §5); see `cleanInput`. */
export function trimStrings<T>(value: T): T {
  return cleanInput(value);
}

/**
 * Before validation: trims query and body strings, so `" ai-covers "` is `ai-covers`, and refuses
 * NUL in them and in path parameters (which are not trimmed: an id is what the path says).
 */
export function installTrimming(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.params && typeof request.params === 'object')
      cleanInput(request.params, 'params', { trim: false });
    if (request.query && typeof request.query === 'object')
      request.query = cleanInput(request.query, 'query');
    if (request.body && typeof request.body === 'object') request.body = cleanInput(request.body, 'body');
  });
}

function isPlainObject(value: object): boolean {
  // Query objects are built on a bare prototype (`Object.create(null)` one level up), so accept
  // any object whose prototype chain ends right after its first link.
  const proto: object | null = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}
