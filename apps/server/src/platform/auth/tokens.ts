import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export const TOKEN_ISSUER = 'ai-covers';
export const TOKEN_AUDIENCE = 'ai-covers-api';
/** Same lifetime as the auth cookie (§9: 2 days). */
export const TOKEN_TTL_SECONDS = 2 * 24 * 60 * 60;

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

/** Signs and verifies our own bearer tokens (HS256 only; `alg: none` and others are refused). */
export function createTokenSigner(secret: Uint8Array, now: () => number = Date.now) {
  // Imported once: handed raw bytes, jose imports the key into WebCrypto again on every call.
  let imported: Promise<webcrypto.CryptoKey> | null = null;
  const key = () =>
    (imported ??= webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));
  return {
    async sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }> {
      const iat = Math.floor(now() / 1000);
      const exp = iat + TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(await key());
      return { token, expiresAt: new Date(exp * 1000) };
    },
    /** The claims of a valid token, or null for anything forged, expired or malformed. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await key(), {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
