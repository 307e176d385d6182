import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error';

/**
 * The deepest nesting of arrays and objects a JSON body may have. Our deepest contract needs a
 * handful of levels; thousands of them only serve to exhaust recursive code further down.
 */
export const MAX_JSON_DEPTH = 32;

/** True when JSON text nests arrays and objects deeper than `limit`, found by one scan, no parse. */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, quotes included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Fastify's JSON parser (prototype poisoning refused) behind a depth check, so a deeply nested
 * body is a clear 400 before any code walks it.
 */
export function installJsonBodies(app: FastifyInstance, maxDepth = MAX_JSON_DEPTH): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestsDeeperThan(text, maxDepth)) {
      done(badRequest(`Request body nests deeper than ${maxDepth} levels`), undefined);
      return;
    }
    parse(request, text, done);
  });
}
