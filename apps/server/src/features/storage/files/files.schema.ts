import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/users.schema';

/**
 * Uploaded files (§3 uploaded-file callback fields, §3 cloud file). Owned by a user, or by an
 * anonymous visitor until sign-in claims it. One row per stored object.
 */
export const files = pgTable(
  'files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    kind: text('kind').notNull(),
    bucket: text('bucket').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The upload credential that wrote it: each credential records one file only. */
    credentialId: text('credential_id'),
    name: text('name').notNull(),
    ext: text('ext').notNull().default(''),
    fileType: text('file_type').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    etag: text('etag').notNull(),
    format: text('format'),
    width: integer('width'),
    height: integer('height'),
    duration: doublePrecision('duration'),
    region: text('region').notNull().default(''),
    description: text('description').notNull().default(''),
    action: text('action').notNull().default(''),
    /** Product outputs (results, previews) keep their names. */
    renamable: boolean('renamable').notNull().default(true),
    /**
     * Made by the product for one of its features (a cover's full result, its preview). Such a file
     * is never listed, exported, renamed, used as an input or signed by the storage and library
     * calls: only the feature that made it hands it out (the full cover after its paid download).
     */
    internal: boolean('internal').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_key_uq').on(t.bucket, t.storageKey),
    uniqueIndex('files_credential_uq').on(t.credentialId),
    index('files_user_idx').on(t.userId, t.createdAt),
    index('files_visitor_idx')
      .on(t.visitorId, t.createdAt)
      .where(sql`${t.userId} is null`),
    index('files_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);
export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

/**
 * A column pointing at a stored file. A file deleted elsewhere (library, retention) leaves the row
 * without that file, not broken.
 */
export const fileRef = (name: string) =>
  bigint(name, { mode: 'number' }).references(() => files.id, { onDelete: 'set null' });
