import type { TokenClaims } from '../../platform/auth/tokens';

/** How long a checked session is trusted without asking the database again. */
export const SESSION_RECHECK_MS = 1000;

/**
 * Tokens this process has verified, with the time their session was last found live. A client
 * polling its cover sends the same token many times a second; within `SESSION_RECHECK_MS` it costs
 * neither a signature check nor a database round trip. A revocation made here takes effect at once
 * (`forgetSession`); one made by another API process shows here within `SESSION_RECHECK_MS`.
 */
export function createSessionCache(options: { maxEntries?: number; now?: () => number } = {}) {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { claims: TokenClaims; checkedAt: number }>();
  // Sessions revoked here lately: a check that read one just before its revocation is not kept.
  const revoked = new Map<string, number>();
  return {
    /** The claims of a token whose session was found live under a second ago; else null. */
    get(token: string): TokenClaims | null {
      const hit = entries.get(token);
      if (!hit) return null;
      // Expiry is the database's check too, so a session ending now is refused within the bound.
      if (now() - hit.checkedAt >= SESSION_RECHECK_MS) {
        entries.delete(token);
        return null;
      }
      return hit.claims;
    },
    /** Remembers a token whose session the database just found live. */
    remember(token: string, claims: TokenClaims): void {
      if (revoked.has(claims.sessionId)) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(token, { claims, checkedAt: now() });
    },
    /** Drops every token of a session (it was revoked here). */
    forgetSession(sessionId: string): void {
      const at = now();
      for (const [id, when] of revoked) if (at - when > 60_000) revoked.delete(id);
      revoked.set(sessionId, at);
      for (const [token, entry] of entries) if (entry.claims.sessionId === sessionId) entries.delete(token);
    },
  };
}
