import type { Database } from '../../platform/db/client';
import { createStampBatches } from './stamp-batches';
import type { ReadScope, UsersRepo } from './users.repo';

/** What a kept answer about an account is checked against before it is served again. */
export interface ReadStamp {
  /** Whether the session that asks is still live (false: answer as signed out). */
  live: boolean;
  /** The account's read version now; null: unknown here, so nothing may be kept or served. */
  version: number | null;
}

/** The channels the read-version triggers notify, with the account id (migrations 0022–0024). */
const CHANNELS: Record<ReadScope, string> = {
  account: 'user_read_versions',
  covers: 'cover_read_versions',
  voices: 'voice_read_versions',
  headshots: 'headshot_read_versions',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Accounts whose last raise is remembered one by one (the rest share one number, see below). */
const MAX_COUNTED = 100_000;

/**
 * The raises of one channel counted in this process: per account, the sequence number of its last
 * raise seen here. Accounts not in the map (never raised, or dropped to bound the map) answer
 * `floor`, the sequence when the map was last emptied: that differs from every number an answer
 * kept since could carry, unless it was that account's own last raise, which it then still is.
 */
function createRaiseCounter() {
  const lastRaise = new Map<number, number>();
  let sequence = 0;
  let floor = 0;
  return {
    raised(payload: string): void {
      sequence += 1;
      if (lastRaise.size >= MAX_COUNTED) {
        lastRaise.clear();
        floor = sequence;
      }
      lastRaise.set(Number(payload), sequence);
    },
    versionOf: (userId: number) => lastRaise.get(userId) ?? floor,
  };
}

/**
 * Read versions of accounts, one per scope (user_read_versions: `version` for user info, migration
 * 0022; `covers` for its covers, 0023; `voices` and `headshots` for its own voices and its
 * headshots, 0024): triggers raise an account's number in every transaction
 * that writes what its pages of that scope read, so an answer made at version v is current exactly
 * while the number is still v.
 *
 * On a shared Postgres, other processes write too: every check reads the number and the session
 * from the database, by a statement sent after the check arrived, so a write committed before a
 * request shows in its answer whichever process made it. The checks waiting together share one
 * statement (stamp-batches.ts, decision 245): a check joins the batch not sent yet, never the one in
 * flight. The embedded database belongs to this process alone, so every write goes
 * through it, and PGlite runs a listener before the writing statement's promise resolves (at
 * commit): the numbers are counted here, and a check costs no statement. Both count the same
 * triggers' raises; only where the number is read differs. Until the listener is in place no
 * version is known, so nothing is kept.
 */
export function createReadStamps(deps: {
  database: Pick<Database, 'driver' | 'pglite'>;
  repo: Pick<UsersRepo, 'readStamp' | 'readStamps'>;
  now: () => Date;
  maxBatch?: number;
}) {
  const pglite = deps.database.driver === 'pglite' ? deps.database.pglite : undefined;
  const scopes = Object.keys(CHANNELS) as ReadScope[];
  const counters = new Map(scopes.map((scope) => [scope, createRaiseCounter()]));
  let listening = false;
  const stops: (() => Promise<void>)[] = [];
  const started = pglite
    ? Promise.all(
        scopes.map(async (scope) => {
          const counter = counters.get(scope)!;
          stops.push(await pglite.listen(CHANNELS[scope], (payload) => counter.raised(payload)));
        }),
      ).then(() => {
        listening = true;
      })
    : undefined;
  const batches = pglite
    ? undefined
    : createStampBatches({
        run: (keys) => deps.repo.readStamps(keys, deps.now()),
        ...(deps.maxBatch ? { maxBatch: deps.maxBatch } : {}),
      });
  // A failed LISTEN leaves `listening` false: answers are then made afresh every time.
  started?.catch(() => undefined);

  return {
    /**
     * The stamp of an account for a session that the request's resolver found live. In this
     * process the resolver's own cache drops a revoked session at once, so on the embedded
     * database the session is taken as live.
     */
    async stamp(userId: number, sessionId: string, scope: ReadScope = 'account'): Promise<ReadStamp> {
      if (pglite) return { live: true, version: listening ? counters.get(scope)!.versionOf(userId) : null };
      // A session id that is not a UUID would fail the whole batch's statement: it is asked alone.
      if (!batches || !UUID.test(sessionId)) return deps.repo.readStamp(sessionId, userId, deps.now(), scope);
      const row = await batches.check(userId, sessionId);
      return { live: row.live, version: row[scope] };
    },
    async close(): Promise<void> {
      await started?.catch(() => undefined);
      listening = false;
      // A database closed first (a shutdown's order, a health check's test) has no listener left to
      // drop, and its UNLISTEN would only fail.
      if (pglite && !pglite.closed) for (const stop of stops) await stop().catch(() => undefined);
    },
  };
}
export type ReadStamps = ReturnType<typeof createReadStamps>;
