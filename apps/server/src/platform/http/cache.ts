import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** A JSON answer serialised once, with its entity tag. */
export interface CachedBody {
  body: string;
  etag: string;
}

/**
 * Serialises an answer the way the route's response schema would (parsed by it, so the bytes are
 * the ones Fastify's serializer writes) and tags it with a hash of those bytes.
 */
export function cachedBody<S extends z.ZodType>(schema: S, payload: z.input<S>): CachedBody {
  const body = JSON.stringify(schema.parse(payload));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** True when If-None-Match names this tag (weak comparison, lists and `*`, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * Answers with a cached body: its ETag and Cache-Control, and 304 with no body when the client
 * already holds these bytes.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  cacheControl: string,
): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', cacheControl);
  if (matchesIfNoneMatch(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

/**
 * Answers kept in memory by key for `ttlMs`, at most `maxEntries` of them (the oldest go first).
 * The TTL bounds how long a change written by another process stays unseen here.
 */
export function createResponseCache(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: Promise<CachedBody> }>();
  return {
    /** The cached answer of `key`, computing it once when absent or expired (concurrent callers share it). */
    get(key: string, compute: () => Promise<CachedBody> | CachedBody): Promise<CachedBody> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const value = Promise.resolve().then(compute);
      // A failure is not remembered: the next call tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      entries.set(key, { at: now(), value });
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}
