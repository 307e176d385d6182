import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { sameSignature } from './oss-signature';

// Upload credentials are stateless STS-style tokens: the server signs the claims, and the
// access-key secret is derived from the token, so the store can check a request without a lookup.
// Single use is enforced when the file is recorded (the credential id is unique in the files table).

export const credentialClaims = z.object({
  v: z.literal(1),
  /** Credential id (also the access key id after `STS.`). */
  jti: z.string().regex(/^[a-f0-9]{32}$/),
  kind: z.string(),
  bucket: z.string(),
  /** The one key prefix this credential may write under (ends with '/'). */
  prefix: z.string(),
  /** The object key the server chose for this upload. */
  key: z.string(),
  uid: z.number().int().nullable(),
  vid: z.string().nullable(),
  /** Expiry, unix seconds. */
  exp: z.number().int(),
  /** Largest body, bytes. */
  max: z.number().int(),
});
export type CredentialClaims = z.infer<typeof credentialClaims>;

/** Signs and checks credentials, read-URL keys and callback bodies with keys derived from one secret. */
export function createCredentialKeys(secret: Uint8Array) {
  const derive = (label: string) => createHmac('sha256', secret).update(`storage:${label}`).digest();
  const tokenKey = derive('token');
  const stsKey = derive('sts-secret');
  const callbackKey = derive('callback');
  const readSecret = derive('read-url').toString('base64url');
  const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

  return {
    /** The access key of server-signed read URLs. */
    readKey: { accessKeyId: 'ai-covers-read', secret: readSecret },

    /** Issues a security token for the claims (jti chosen here). */
    issue(claims: Omit<CredentialClaims, 'v' | 'jti'>): { token: string; claims: CredentialClaims } {
      const full: CredentialClaims = { v: 1, jti: randomBytes(16).toString('hex'), ...claims };
      const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
      return { token: `${payload}.${mac(tokenKey, payload)}`, claims: full };
    },

    /** The claims of an untampered token (expiry not checked here), or null. */
    read(token: string): CredentialClaims | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || token.length > 4096) return null;
      if (!sameSignature(signature, mac(tokenKey, payload))) return null;
      try {
        const parsed = credentialClaims.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },

    /** The access key id and secret that go with a token. */
    accessKeyFor(token: string, claims: CredentialClaims): { accessKeyId: string; secret: string } {
      return { accessKeyId: `STS.${claims.jti}`, secret: mac(stsKey, token).slice(0, 40) };
    },

    /** Signature of a callback body; only the store holds this key. */
    signCallback(canonicalBody: string): string {
      return mac(callbackKey, canonicalBody);
    },

    verifyCallback(canonicalBody: string, signature: string): boolean {
      return sameSignature(signature, mac(callbackKey, canonicalBody));
    },
  };
}
export type CredentialKeys = ReturnType<typeof createCredentialKeys>;
