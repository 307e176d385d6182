import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { fileRef } from '../storage/files/files.schema';
import { at } from '../../platform/db/columns';

/**
 * "My voices": a voice profile an account trained from its own recording. The consent the person
 * gave is kept with its wording's version, its time and the account (the row's user).
 */
export const userVoices = pgTable(
  'user_voices',
  {
    /** `my-` and 12 hex digits: the voice_id covers use. */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    consentVersion: text('consent_version').notNull(),
    consentAt: at('consent_at').notNull(),
    /** §4 task status: 1 waiting, 2 training, 3 ready, 4 failed, 6 timed out. */
    status: smallint('status').notNull().default(1),
    progress: doublePrecision('progress').notNull().default(0),
    error: text('error'),
    retryable: boolean('retryable').notNull().default(false),
    /** The recording: the caller's upload (deleted with the voice). */
    sampleFileId: fileRef('sample_file_id'),
    sampleKey: text('sample_key').notNull(),
    sampleSeconds: doublePrecision('sample_seconds'),
    /** The trained profile (JSON), an internal file of the owner. */
    profileFileId: fileRef('profile_file_id'),
    profileKey: text('profile_key'),
    /** Sung range of the trained profile, e.g. 'A2–E4'. */
    range: text('range'),
    /** The queue job of the current run; a run's writes are guarded by it. */
    jobId: text('job_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Touched by every progress write: a training row not touched for long lost its worker. */
    updatedAt: at('updated_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('user_voices_user_idx').on(t.userId, t.createdAt),
    index('user_voices_active_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} in (1, 2)`),
    check('user_voices_status_ck', sql`${t.status} in (1, 2, 3, 4, 6)`),
    check('user_voices_progress_ck', sql`${t.progress} >= 0 and ${t.progress} <= 1`),
  ],
);
export type UserVoiceRow = typeof userVoices.$inferSelect;
