import type { ReadStamp } from '../users/read-stamps';

/**
 * Longest an answer is kept: its URLs are signed for the session and expire, and an answer served
 * again hands out URLs as old as it is (see `keptUntil`). Freshness itself is the read version's.
 */
export const COVERS_MAX_AGE_MS = 30_000;

/**
 * Until when an answer whose URLs were signed at `madeAt` and expire at `expires` may be served
 * again: a tenth of their lifetime at most (6 minutes of an hour's URL, so the web's players,
 * which keep a first URL for 10 minutes, always get one with most of its hour left), and never
 * past COVERS_MAX_AGE_MS.
 */
export function keptUntil(madeAt: number, expires: number[]): number {
  const lifetimes = expires.map((at) => (at - madeAt) / 10);
  return madeAt + Math.max(0, Math.min(COVERS_MAX_AGE_MS, ...lifetimes));
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
 * The signed-in reads of covers (My covers' page, a task's view) kept per session, so that one
 * session never gets another's URLs (decision 104 ties them to it). An answer is served again only
 * while the account's covers read version is the one it was made at (triggers raise it in every
 * transaction that writes its tasks, their kept files and mix, or its charges: migration 0023) and
 * before its URLs' bound. The version is taken before the answer is made, so a write landing
 * meanwhile leaves the answer already outdated, never current. Requests that miss together at the
 * same version share one making (after a write, every connection polling the page misses at once).
 */
export function createCoversReadModel(deps: {
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
