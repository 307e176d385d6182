import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * Feedback on a result (§2 feedback dialog, §3 Feedback): one per subject (a covers task, a
 * headshots pack) and owner, replaced when sent again. Owned like tasks: a user, or a visitor.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    /** The owner as one text key (`u:<id>` or `v:<visitor>`), so one unique index covers both. */
    ownerKey: text('owner_key').notNull(),
    rating: smallint('rating').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    suggestion: text('suggestion').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feedback_subject_owner_uq').on(t.kind, t.subjectId, t.ownerKey),
    check('feedback_rating_ck', sql`${t.rating} between 1 and 5`),
    check('feedback_owner_ck', sql`${t.userId} is not null or ${t.visitorId} is not null`),
    check('feedback_suggestion_ck', sql`char_length(${t.suggestion}) <= 1000`),
  ],
);
export type FeedbackRow = typeof feedback.$inferSelect;
