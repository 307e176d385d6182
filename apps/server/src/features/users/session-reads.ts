import { currentSessionId, reloginRequired } from '../../platform/auth/identity';
import type { ReadStamp } from './read-stamps';

/**
 * Until when an answer whose URLs were signed at `madeAt` and expire at `expires` may be served
 * again: a tenth of their lifetime at most (6 minutes of an hour's URL, so the web's players, which
 * keep a first URL for 10 minutes, always get one with most of its hour left), and never past
 * `maxAgeMs`. Freshness itself is the read version's; this bounds only the URLs' age.
 */
export function keptUntil(madeAt: number, expires: number[], maxAgeMs: number): number {
  const lifetimes = expires.map((at) => (at - madeAt) / 10);
  return madeAt + Math.max(0, Math.min(maxAgeMs, ...lifetimes));
}

/** A made answer and the instant it stops being servable (its URLs' bound). */
export interface MadeAnswer<T> {
  answer: T;
  validUntil: number;
}

interface Kept {
  version: number;
  validUntil: number;
  answer: unknown;
}

/**
 * Signed-in reads of one scope kept per session, so that one session never gets another's URLs
 * (decision 104 ties them to it). An answer is served again only while the account's read version
 * of the scope is the one it was made at (triggers raise it in every transaction that writes what
 * the scope's pages read) and before its URLs' bound. The version is taken before the answer is
 * made, so a write landing meanwhile leaves the answer already outdated, never current. Requests
 * that miss together at the same version share one making (after a write, every connection polling
 * the page misses at once).
 */
export function createKeptReads(deps: {
  stamp: (userId: number, sessionId: string) => Promise<ReadStamp>;
  now?: () => number;
  maxEntries?: number;
}) {
  const now = deps.now ?? Date.now;
  const maxEntries = deps.maxEntries ?? 5_000;
  const kept = new Map<string, Kept>();
  const making = new Map<string, { version: number; made: Promise<MadeAnswer<unknown> | null> }>();

  function keep(key: string, version: number, made: MadeAnswer<unknown>): void {
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
    kept.set(key, { version, ...made });
  }

  return {
    /**
     * The answer of `what` for this session: kept, or made by `make` (null: nothing to show, not
     * kept). 'signed-out' when the session is no longer live.
     */
    async read<T>(
      userId: number,
      sessionId: string,
      what: string,
      make: () => Promise<MadeAnswer<T> | null>,
    ): Promise<T | null | 'signed-out'> {
      const { live, version } = await deps.stamp(userId, sessionId);
      if (!live) return 'signed-out';
      if (version === null) return (await make())?.answer ?? null;
      const key = `${userId}\u0000${sessionId}\u0000${what}`;
      const hit = kept.get(key);
      if (hit && hit.version === version && now() < hit.validUntil) return hit.answer as T;
      if (hit) kept.delete(key);
      const pending = making.get(key);
      if (pending?.version === version) return ((await pending.made) as MadeAnswer<T> | null)?.answer ?? null;
      const made = make();
      making.set(key, { version, made });
      try {
        const answer = await made;
        if (answer && now() < answer.validUntil) keep(key, version, answer);
        return answer?.answer ?? null;
      } finally {
        if (making.get(key)?.made === made) making.delete(key);
      }
    },
  };
}

/**
 * The kept reads of one scope for the request's own session: `read(userId, what, make)` serves the
 * kept answer or makes it; a request with no session (a visitor's), or no stamp at all, is made
 * every time. A session signed out in another process since this one last checked it answers as a
 * dead token (490010).
 */
export function createSessionReads(
  stamp: ((userId: number, sessionId: string) => Promise<ReadStamp>) | undefined,
) {
  const model = stamp ? createKeptReads({ stamp }) : null;
  return async function read<T>(
    userId: number,
    what: string,
    make: () => Promise<MadeAnswer<T> | null>,
  ): Promise<T | null> {
    const sessionId = currentSessionId();
    if (!model || !sessionId) return (await make())?.answer ?? null;
    const answer = await model.read(userId, sessionId, what, make);
    if (answer === 'signed-out') throw reloginRequired();
    return answer;
  };
}
