import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** An account. `id` is the numeric account id the spec calls wsid. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: uuid('uid').notNull().defaultRandom(),
    email: text('email'),
    name: text('name'),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    invitedCode: text('invited_code'),
    firstInvited: boolean('first_invited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_identity_uq').on(t.issuer, t.subject), uniqueIndex('users_uid_uq').on(t.uid)],
);

/** A signed-in session; tokens name one, so revoking the row revokes the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Per account, numbers raised by every write to what its pages read: triggers in the writing
 * transaction raise them, so an answer kept in memory is served only while the number it was made
 * at is still current. No foreign key: a deleted account's last raise must not fail.
 */
export const userReadVersions = pgTable('user_read_versions', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  /** User info's: the wallet, memberships, the account row, its sessions (migration 0022). */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /**
   * Its covers' (My covers, a task's view): its cover tasks, their kept files and mix, its charges
   * (migration 0023). A number of its own: a render's progress writes raise it every second, and
   * user info need not be made again for them.
   */
  covers: bigint('covers', { mode: 'number' }).notNull().default(0),
  /** Its own voices' (My voices, a voice's status): every write of its user_voices (migration 0024). */
  voices: bigint('voices', { mode: 'number' }).notNull().default(0),
  /**
   * Its headshots' (My headshots, a pack's page): its packs, their results and shares, its photos
   * and its paid packs (entitlements) (migration 0024).
   */
  headshots: bigint('headshots', { mode: 'number' }).notNull().default(0),
});
