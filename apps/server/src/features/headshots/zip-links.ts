import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a zip link grants: these results of this pack (none = all), until `exp` (ms); a link a
 * share handed out names the share, one an owner was given names the session, and either works
 * only while what it names is live.
 */
export interface ZipGrant {
  pack: string;
  ids: string[];
  exp: number;
  share?: string;
  /** The signed-in session the link was made for: it stops when the session ends. */
  session?: string;
}

/**
 * Signed, short-lived zip links: a browser starts a download with a plain link (no Authorization
 * header), so the link itself carries the grant, signed with the server's secret.
 */
export function createZipLinks(secret: Uint8Array) {
  const mac = (body: string) =>
    createHmac('sha256', Buffer.from(secret)).update(`headshots-zip:${body}`).digest('base64url');
  return {
    sign(grant: ZipGrant): string {
      const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    /** The grant, or null when the token is forged, damaged or expired. */
    verify(token: string, now: number): ZipGrant | null {
      const [body, sig] = token.split('.');
      if (!body || !sig || token.length > 8000) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ZipGrant;
        if (typeof grant.pack !== 'string' || !Array.isArray(grant.ids) || typeof grant.exp !== 'number')
          return null;
        if (grant.share !== undefined && typeof grant.share !== 'string') return null;
        if (grant.session !== undefined && typeof grant.session !== 'string') return null;
        return grant.exp > now ? grant : null;
      } catch {
        return null;
      }
    },
  };
}
export type ZipLinks = ReturnType<typeof createZipLinks>;
