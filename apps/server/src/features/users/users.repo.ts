import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { sessions, userReadVersions, users } from './users.schema';

export type UserRow = typeof users.$inferSelect;

/** What a kept answer is about: user info (the account) or its covers (My covers, a task's view). */
export type ReadScope = 'account' | 'covers' | 'voices' | 'headshots';

/** All SQL of accounts and sessions. */
export function createUsersRepo(db: Db) {
  const findByIdQuery = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_find_by_id');
  const isSessionActiveQuery = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('users_session_active');
  // One statement per kind of kept answer: the number it is checked against, and the session.
  const readStampQuery = (column: 'version' | 'covers' | 'voices' | 'headshots') =>
    db
      .select({
        version: sql<string | number | null>`(select ${userReadVersions[column]} from ${userReadVersions}
          where ${userReadVersions.userId} = ${sql.placeholder('userId')})`,
        live: sql<
          boolean | string
        >`exists (select 1 from ${sessions} where ${sessions.id} = ${sql.placeholder('sessionId')}
          and ${sessions.userId} = ${sql.placeholder('userId')} and ${sessions.revokedAt} is null
          and ${sessions.expiresAt} > ${sql.placeholder('now')})`,
      })
      .from(sql`(select 1) as one`)
      .prepare(`users_read_stamp_${column}`);
  const readStampQueries = {
    account: readStampQuery('version'),
    covers: readStampQuery('covers'),
    voices: readStampQuery('voices'),
    headshots: readStampQuery('headshots'),
  };
  // Many (account, session) pairs at once: every read version and the session's liveness per pair,
  // in the order asked (a kept read's check, coalesced with the others waiting, read-stamps.ts).
  const readStampsQuery = db
    .select({
      live: sql<boolean | string>`stamps.live`,
      account: sql<string | number>`stamps.account`,
      covers: sql<string | number>`stamps.covers`,
      voices: sql<string | number>`stamps.voices`,
      headshots: sql<string | number>`stamps.headshots`,
    })
    .from(
      sql`(select asked.ord,
          coalesce(${userReadVersions.version}, 0) as account,
          coalesce(${userReadVersions.covers}, 0) as covers,
          coalesce(${userReadVersions.voices}, 0) as voices,
          coalesce(${userReadVersions.headshots}, 0) as headshots,
          exists (select 1 from ${sessions} where ${sessions.id} = asked.session_id
            and ${sessions.userId} = asked.user_id and ${sessions.revokedAt} is null
            and ${sessions.expiresAt} > ${sql.placeholder('now')}) as live
        from unnest(${sql.placeholder('userIds')}::bigint[], ${sql.placeholder('sessionIds')}::uuid[])
          with ordinality as asked(user_id, session_id, ord)
        left join ${userReadVersions} on ${userReadVersions.userId} = asked.user_id) as stamps`,
    )
    .orderBy(sql`stamps.ord`)
    .prepare('users_read_stamps');
  const isSessionLiveQuery = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('users_session_live');
  return {
    /** Finds the account of an (issuer, subject) pair or creates it; safe when two logins race. */
    async upsertByIdentity(input: {
      issuer: string;
      subject: string;
      email?: string | null;
      name?: string | null;
    }): Promise<{ user: UserRow; created: boolean }> {
      const inserted = await db
        .insert(users)
        .values({
          issuer: input.issuer,
          subject: input.subject,
          email: input.email ?? null,
          name: input.name ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return { user: inserted[0], created: true };
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.issuer, input.issuer), eq(users.subject, input.subject)));
      if (!user) throw new Error('user vanished during upsert');
      if (input.email && input.email !== user.email) {
        await db.update(users).set({ email: input.email }).where(eq(users.id, user.id));
        user.email = input.email;
      }
      return { user, created: false };
    },
    /** Records the invite code a new account arrived with and sets its first-invited flag (§4). */
    async markInvited(id: number, invitedCode: string): Promise<UserRow> {
      const [user] = await db
        .update(users)
        .set({ invitedCode, firstInvited: true })
        .where(eq(users.id, id))
        .returning();
      return user!;
    },
    /** Read on every user-info call: prepared once. */
    async findById(id: number): Promise<UserRow | undefined> {
      const [user] = await findByIdQuery.execute({ id });
      return user;
    },
    async createSession(userId: number, expiresAt: Date): Promise<string> {
      const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
      return row!.id;
    },
    /** The session if it exists, belongs to the user, is unexpired and not revoked. */
    async isSessionActive(sessionId: string, userId: number, now: Date): Promise<boolean> {
      const [row] = await isSessionActiveQuery.execute({ sessionId, userId, now: now.toISOString() });
      return Boolean(row);
    },
    /**
     * The account's read version of `scope` (0 before its first raise) and whether the session is
     * live, in one indexed statement: what a kept answer is checked against on a shared database.
     */
    async readStamp(
      sessionId: string,
      userId: number,
      now: Date,
      scope: ReadScope = 'account',
    ): Promise<{ version: number; live: boolean }> {
      const query = readStampQueries[scope];
      const [row] = await query.execute({ sessionId, userId, now: now.toISOString() });
      return { version: Number(row?.version ?? 0), live: row?.live === true || row?.live === 't' };
    },
    /**
     * `readStamp` for many (account, session) pairs in one statement: per pair, in the order given,
     * the account's read versions of every scope (0 before a first raise) and whether the session
     * is live. Session ids must be UUIDs (any other fails the whole statement).
     */
    async readStamps(
      keys: readonly { userId: number; sessionId: string }[],
      now: Date,
    ): Promise<{ live: boolean; account: number; covers: number; voices: number; headshots: number }[]> {
      const rows = await readStampsQuery.execute({
        userIds: keys.map((k) => k.userId),
        sessionIds: keys.map((k) => k.sessionId),
        now: now.toISOString(),
      });
      return rows.map((row) => ({
        live: row.live === true || row.live === 't',
        account: Number(row.account),
        covers: Number(row.covers),
        voices: Number(row.voices),
        headshots: Number(row.headshots),
      }));
    },
    /** Whether the session exists, is unexpired and not revoked (whoever it belongs to). */
    async isSessionLive(sessionId: string, now: Date): Promise<boolean> {
      const [row] = await isSessionLiveQuery.execute({ sessionId, now: now.toISOString() });
      return Boolean(row);
    },
    async revokeSession(sessionId: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
    /** Revokes every live session of the account of an identity; returns their ids. */
    async revokeIdentitySessions(issuer: string, subject: string, now: Date): Promise<string[]> {
      const owner = db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.issuer, issuer), eq(users.subject, subject)));
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(inArray(sessions.userId, owner), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
