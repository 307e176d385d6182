import { TOKEN_TTL_SECONDS, type TokenSigner } from '../../platform/auth/tokens';
import type { SessionResolver } from '../../platform/auth/identity';
import type { UsersRepo } from './users.repo';
import { createSessionCache } from './session-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Issues, resolves and revokes our own bearer tokens; every token names a revocable session. */
export function createSessionsService(deps: { repo: UsersRepo; signer: TokenSigner; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const cache = createSessionCache({ now: () => now().getTime() });
  const resolve: SessionResolver = async (token) => {
    const known = cache.get(token);
    if (known) return known;
    const claims = await deps.signer.verify(token);
    if (!claims) return null;
    if (!(await deps.repo.isSessionActive(claims.sessionId, claims.userId, now()))) return null;
    cache.remember(token, claims);
    return claims;
  };
  return {
    resolve,
    /** Starts a session for a user and returns its signed token. */
    async issueToken(userId: number): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
      // The session lives exactly as long as the token that names it.
      const sessionId = await deps.repo.createSession(
        userId,
        new Date(now().getTime() + TOKEN_TTL_SECONDS * 1000),
      );
      const { token, expiresAt } = await deps.signer.sign({ userId, sessionId });
      return { token, expiresAt, sessionId };
    },
    /** Whether a session is live: asked at every read of a URL handed to it (a uuid, else not). */
    async isLive(sessionId: string): Promise<boolean> {
      if (!UUID.test(sessionId)) return false;
      return deps.repo.isSessionLive(sessionId, now());
    },
    async revoke(sessionId: string): Promise<void> {
      cache.forgetSession(sessionId);
      await deps.repo.revokeSession(sessionId, now());
    },
    /** Ends every session of an identity's account (its password was reset): all its tokens stop. */
    async revokeIdentity(issuer: string, subject: string): Promise<void> {
      const ids = await deps.repo.revokeIdentitySessions(issuer, subject, now());
      for (const id of ids) cache.forgetSession(id);
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
