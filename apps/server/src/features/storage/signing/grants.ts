/**
 * What a read URL may be tied to: a grant such as a public share, named `<kind>:<id>` in the URL
 * (signed with it, so it cannot be removed or swapped) and asked at every read whether it is still
 * live. Revoking the grant therefore stops every URL it handed out at once, whatever their expiry.
 * Features register the kinds they hand out; an unknown kind is never live.
 */
/** The grant of URLs handed to a signed-in session: they stop when it ends (sign-out, reset). */
export const SESSION_GRANT = 'session';

export function createGrants() {
  const checks = new Map<string, (id: string) => Promise<boolean>>();
  return {
    /** Registers how to tell whether a grant of `kind` is still live (once per kind). */
    register(kind: string, isLive: (id: string) => Promise<boolean>): void {
      if (!/^[a-z][a-z0-9-]{0,31}$/.test(kind)) throw new Error(`Invalid grant kind: ${kind}`);
      if (checks.has(kind)) throw new Error(`Grant kind registered twice: ${kind}`);
      checks.set(kind, isLive);
    },

    /** The value a URL carries for this grant. */
    name(kind: string, id: string): string {
      return `${kind}:${id}`;
    },

    /** Whether the grant a URL names is still live; malformed and unknown grants are not. */
    async isLive(grant: string): Promise<boolean> {
      const match = /^([a-z][a-z0-9-]{0,31}):([A-Za-z0-9_-]{1,128})$/.exec(grant);
      const check = match ? checks.get(match[1]!) : undefined;
      return check ? check(match![2]!) : false;
    },
  };
}
export type Grants = ReturnType<typeof createGrants>;
