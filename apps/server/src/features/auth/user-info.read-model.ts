import type { UserInfo } from '@ai-covers/contracts';
import type { ReadStamp } from '../users/read-stamps';

/**
 * Longest an answer is kept even when nothing says it changed: a bound for time-dependent parts a
 * contributor might not have declared, not the freshness guarantee (the read version is).
 */
export const USER_INFO_MAX_AGE_MS = 60_000;

/** A made answer: the user info (with an empty token) and the instant it stops being true. */
export interface MadeUserInfo {
  info: UserInfo;
  validUntil: number;
}

interface Kept extends MadeUserInfo {
  version: number;
}

/**
 * `GET /v1/user/info` kept ready per account (and `kind`), every page load's read. An answer is
 * served again only while the account's read version is the one it was made at (every write to
 * the wallet, memberships, the account row or its sessions raises it, in the writing transaction:
 * see users/read-stamps.ts) and its validity has not ended (a lot's expiry, a membership's bounds,
 * the next month, the promotion's window). The version is taken before the answer is made, so a
 * write that lands while it is being made leaves it already outdated, never current.
 */
export function createUserInfoReadModel(deps: {
  stamp: (userId: number, sessionId: string) => Promise<ReadStamp>;
  /** Makes the answer afresh; null when the account is gone. */
  make: (userId: number, kind: string | undefined) => Promise<MadeUserInfo | null>;
  now?: () => number;
  maxEntries?: number;
}) {
  const now = deps.now ?? Date.now;
  const maxEntries = deps.maxEntries ?? 10_000;
  const kept = new Map<string, Kept>();
  return {
    /** The account's user info for this session; 'signed-out' or 'gone' (the account). */
    async read(
      userId: number,
      sessionId: string,
      kind: string | undefined,
    ): Promise<UserInfo | 'signed-out' | 'gone'> {
      const { live, version } = await deps.stamp(userId, sessionId);
      if (!live) return 'signed-out';
      const key = `${userId}\u0000${kind ?? ''}`;
      const hit = kept.get(key);
      if (hit && hit.version === version && now() < hit.validUntil) return hit.info;
      if (hit) kept.delete(key);
      const made = await deps.make(userId, kind);
      if (!made) return 'gone';
      if (version !== null) {
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
        kept.set(key, { ...made, version });
      }
      return made.info;
    },
  };
}
