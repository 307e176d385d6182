import { and, eq, gt, lt, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import {
  accountCredentials,
  accountLoginFailures,
  accountProviderSecrets,
  oidcModels,
} from './accounts.schema';

export type CredentialRow = typeof accountCredentials.$inferSelect;

export interface StoredModel {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

/** All SQL of the embedded account provider: its models, local accounts, throttling and secrets. */
export function createAccountsRepo(db: Db) {
  const live = (now: Date) => sql`(${oidcModels.expiresAt} is null or ${oidcModels.expiresAt} > ${now})`;
  return {
    async upsertModel(
      kind: string,
      id: string,
      payload: Record<string, unknown>,
      expiresAt: Date | null,
    ): Promise<void> {
      const row = {
        kind,
        id,
        payload,
        expiresAt,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
      };
      await db
        .insert(oidcModels)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcModels.kind, oidcModels.id],
          set: { payload, expiresAt, grantId: row.grantId, userCode: row.userCode, uid: row.uid },
        });
    },
    async findModel(kind: string, id: string, now: Date): Promise<StoredModel | undefined> {
      const [row] = await db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.kind, kind), eq(oidcModels.id, id), live(now)));
      return row;
    },
    async findModelBy(
      kind: string,
      column: 'uid' | 'userCode',
      value: string,
      now: Date,
    ): Promise<StoredModel | undefined> {
      const col = column === 'uid' ? oidcModels.uid : oidcModels.userCode;
      const [row] = await db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.kind, kind), eq(col, value), live(now)));
      return row;
    },
    async destroyModel(kind: string, id: string): Promise<void> {
      await db.delete(oidcModels).where(and(eq(oidcModels.kind, kind), eq(oidcModels.id, id)));
    },
    /** Marks a code or token used; a second use of an authorization code is then detected. */
    async consumeModel(kind: string, id: string, now: Date): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumedAt: now })
        .where(and(eq(oidcModels.kind, kind), eq(oidcModels.id, id)));
    },
    async revokeGrant(grantId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    },
    async deleteExpiredModels(now: Date): Promise<void> {
      await db.delete(oidcModels).where(lt(oidcModels.expiresAt, now));
    },

    async findCredentialByEmail(email: string): Promise<CredentialRow | undefined> {
      const [row] = await db.select().from(accountCredentials).where(eq(accountCredentials.email, email));
      return row;
    },
    async findCredentialById(id: string): Promise<CredentialRow | undefined> {
      const [row] = await db.select().from(accountCredentials).where(eq(accountCredentials.id, id));
      return row;
    },
    /** Creates an account; undefined when the e-mail is taken (also under a race). */
    async insertCredential(input: {
      email: string;
      passwordHash: string;
      verifyTokenHash: string;
      verifyExpiresAt: Date;
      lang: string;
    }): Promise<CredentialRow | undefined> {
      const [row] = await db.insert(accountCredentials).values(input).onConflictDoNothing().returning();
      return row;
    },
    /** Removes an account that was never usable (its verification mail could not be written). */
    async deleteCredential(id: string): Promise<void> {
      await db.delete(accountCredentials).where(eq(accountCredentials.id, id));
    },
    async setVerifyToken(id: string, verifyTokenHash: string, verifyExpiresAt: Date): Promise<void> {
      await db
        .update(accountCredentials)
        .set({ verifyTokenHash, verifyExpiresAt })
        .where(eq(accountCredentials.id, id));
    },
    /** Verifies the account holding this unexpired token hash; the token works once. */
    async verifyByTokenHash(tokenHash: string, now: Date): Promise<CredentialRow | undefined> {
      const [row] = await db
        .update(accountCredentials)
        .set({ emailVerifiedAt: now, verifyTokenHash: null, verifyExpiresAt: null })
        .where(
          and(eq(accountCredentials.verifyTokenHash, tokenHash), gt(accountCredentials.verifyExpiresAt, now)),
        )
        .returning();
      return row;
    },

    /** Stores the one live reset token of an account (an older one stops working). */
    async setResetToken(id: string, resetTokenHash: string, resetExpiresAt: Date): Promise<void> {
      await db
        .update(accountCredentials)
        .set({ resetTokenHash, resetExpiresAt })
        .where(eq(accountCredentials.id, id));
    },
    /** The account whose unexpired reset token has this hash (the token is not used up). */
    async findByResetTokenHash(tokenHash: string, now: Date): Promise<CredentialRow | undefined> {
      const [row] = await db
        .select()
        .from(accountCredentials)
        .where(
          and(eq(accountCredentials.resetTokenHash, tokenHash), gt(accountCredentials.resetExpiresAt, now)),
        );
      return row;
    },
    /**
     * Sets the new password of the account holding this unexpired reset token and uses the token
     * up in the same statement, so two submits of one link cannot both succeed. The mail reached
     * its owner, so the address counts as verified too.
     */
    async resetPassword(
      tokenHash: string,
      passwordHash: string,
      now: Date,
    ): Promise<CredentialRow | undefined> {
      const [row] = await db
        .update(accountCredentials)
        .set({
          passwordHash,
          resetTokenHash: null,
          resetExpiresAt: null,
          emailVerifiedAt: sql`coalesce(${accountCredentials.emailVerifiedAt}, ${now})`,
        })
        .where(
          and(eq(accountCredentials.resetTokenHash, tokenHash), gt(accountCredentials.resetExpiresAt, now)),
        )
        .returning();
      return row;
    },
    /** Ends every provider session, grant, code and token of an account (after a password reset). */
    async deleteAccountModels(accountId: string): Promise<void> {
      await db.delete(oidcModels).where(sql`${oidcModels.payload}->>'accountId' = ${accountId}`);
    },

    async readFailures(key: string): Promise<{ failures: number; windowStartedAt: Date } | undefined> {
      const [row] = await db
        .select({
          failures: accountLoginFailures.failures,
          windowStartedAt: accountLoginFailures.windowStartedAt,
        })
        .from(accountLoginFailures)
        .where(eq(accountLoginFailures.key, key));
      return row;
    },
    /** Counts one failure atomically; a window older than `windowStart` starts over at 1. */
    async addFailure(key: string, now: Date, windowStart: Date): Promise<void> {
      await db
        .insert(accountLoginFailures)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: accountLoginFailures.key,
          set: {
            failures: sql`case when ${accountLoginFailures.windowStartedAt} < ${windowStart} then 1 else ${accountLoginFailures.failures} + 1 end`,
            windowStartedAt: sql`case when ${accountLoginFailures.windowStartedAt} < ${windowStart} then ${now} else ${accountLoginFailures.windowStartedAt} end`,
          },
        });
    },
    /**
     * Counts one more failure of a run (a pair's wrong passwords): the column holds the last
     * failure, and a run whose last failure is before `forgetBefore` starts again at 1.
     */
    async addRunFailure(key: string, now: Date, forgetBefore: Date): Promise<void> {
      await db
        .insert(accountLoginFailures)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: accountLoginFailures.key,
          set: {
            failures: sql`case when ${accountLoginFailures.windowStartedAt} < ${forgetBefore} then 1 else ${accountLoginFailures.failures} + 1 end`,
            windowStartedAt: now,
          },
        });
    },
    /** Deletes windows that ended, and runs ('pair:' keys) last added to before `runsBefore`. */
    async deleteFailuresBefore(windowStart: Date, runsBefore: Date): Promise<void> {
      const isRun = sql`left(${accountLoginFailures.key}, 5) = 'pair:'`;
      await db
        .delete(accountLoginFailures)
        .where(
          or(
            and(not(isRun), lt(accountLoginFailures.windowStartedAt, windowStart)),
            and(isRun, lt(accountLoginFailures.windowStartedAt, runsBefore)),
          ),
        );
    },
    async clearFailures(key: string): Promise<void> {
      await db.delete(accountLoginFailures).where(eq(accountLoginFailures.key, key));
    },
    /** Deletes every counter whose key starts with `prefix` (compared exactly, no pattern). */
    async clearFailuresStartingWith(prefix: string): Promise<void> {
      await db
        .delete(accountLoginFailures)
        .where(sql`left(${accountLoginFailures.key}, ${prefix.length}::int) = ${prefix}`);
    },

    /** Returns the stored secret, creating it from `make` first; concurrent starters agree on one. */
    async ensureSecret<T>(name: string, make: () => Promise<T> | T): Promise<T> {
      const [existing] = await db
        .select({ value: accountProviderSecrets.value })
        .from(accountProviderSecrets)
        .where(eq(accountProviderSecrets.name, name));
      if (existing) return existing.value as T;
      await db
        .insert(accountProviderSecrets)
        .values({ name, value: await make() })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: accountProviderSecrets.value })
        .from(accountProviderSecrets)
        .where(eq(accountProviderSecrets.name, name));
      return row!.value as T;
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
