import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { fileRef } from '../storage/files/files.schema';
import { at } from '../../platform/db/columns';

/**
 * AI Covers tasks (§3 Task, §4 task status). Owned by a user, or by an anonymous visitor until
 * sign-in claims it, the same way uploaded files are.
 */
export const coverTasks = pgTable(
  'cover_tasks',
  {
    /** The task_id clients see: random, URL-safe. */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    sourceFileId: fileRef('source_file_id'),
    sourceKey: text('source_key').notNull(),
    songName: text('song_name').notNull(),
    /**
     * The cover's title, read at create from the song's tags (title, with the artist when named),
     * else its file name without the extension. Null on tasks made before titles were kept.
     */
    title: text('title'),
    voiceId: text('voice_id').notNull(),
    /**
     * The voice's name as it was at create: an own voice may be deleted later, and its finished
     * covers keep their names (files, records, shares). Null on tasks made before names were kept.
     */
    voiceName: text('voice_name'),
    /** Requested semitones; null = 'auto'. */
    keyShift: integer('key_shift'),
    /** Semitones the engine applied (known once it has analysed the song). */
    keyApplied: integer('key_applied'),
    backing: text('backing').notNull(),
    status: smallint('status').notNull().default(1),
    progress: doublePrecision('progress').notNull().default(0),
    /** The render step the engine last reported (decode, separate, convert, mix, encode) while running. */
    stage: text('stage'),
    duration: doublePrecision('duration'),
    error: text('error'),
    resultFileId: fileRef('result_file_id'),
    previewFileId: fileRef('preview_file_id'),
    /**
     * Storage keys of the result and preview, kept with the task so that its answers sign their
     * URLs without reading the files table (a file id set to null means the file is gone).
     */
    resultKey: text('result_key'),
    previewKey: text('preview_key'),
    /**
     * The queue job that owns the current run: set when enqueued and when a job claims the task.
     * Null while waiting means the job was never sent (the sweep sends it). Writes of a run are
     * guarded by it, so a stale job can never touch a task that moved on.
     */
    jobId: text('job_id'),
    /**
     * The render lease: the worker running the task (host/pid/random) and until when it holds it.
     * The worker renews it while it renders; a lapsed lease means the worker died, and the task
     * goes back to the queue (decision 044).
     */
    leaseOwner: text('lease_owner'),
    leaseUntil: at('lease_until'),
    /** How many runs of this task ended with their worker's death (a poison song stops at the limit). */
    lapses: smallint('lapses').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('cover_tasks_user_idx').on(t.userId, t.createdAt),
    index('cover_tasks_visitor_idx')
      .on(t.visitorId, t.createdAt)
      .where(sql`${t.userId} is null`),
    index('cover_tasks_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 2`),
    index('cover_tasks_active_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} in (1, 2)`),
    check('cover_tasks_status_ck', sql`${t.status} between 1 and 6`),
    check('cover_tasks_backing_ck', sql`${t.backing} in ('keep','mute','convert')`),
    check('cover_tasks_progress_ck', sql`${t.progress} >= 0 and ${t.progress} <= 1`),
    check('cover_tasks_owner_ck', sql`${t.userId} is not null or ${t.visitorId} is not null`),
  ],
);
export type CoverTaskRow = typeof coverTasks.$inferSelect;
export type NewCoverTaskRow = typeof coverTasks.$inferInsert;

/**
 * Files a task keeps besides its MP3 and preview: the other download formats, its stems (what a
 * remix mixes again), the stems zip (made on the first stems download) and, for a cover from the
 * user's own stems, their vocal (`own_vocals`; the instrumental is the task's source), and the
 * tagged copy of each audio format the last download handed out (`tagged_*`). One row per role.
 */
export const coverAssets = pgTable(
  'cover_assets',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => coverTasks.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    fileId: fileRef('file_id'),
    storageKey: text('storage_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.role] }),
    check(
      'cover_assets_role_ck',
      sql`${t.role} in ('wav','mp3_low','vocals','instrumental','original_vocals','stems_zip','own_vocals','tagged_mp3','tagged_mp3_low','tagged_wav')`,
    ),
  ],
);
export type CoverAssetRow = typeof coverAssets.$inferSelect;

/** The mix of a task's current result, once a remix changed it (no row: the render's defaults). */
export const coverMixes = pgTable(
  'cover_mixes',
  {
    taskId: text('task_id')
      .primaryKey()
      .references(() => coverTasks.id, { onDelete: 'cascade' }),
    vocal: doublePrecision('vocal').notNull(),
    instrumental: doublePrecision('instrumental').notNull(),
    reverb: doublePrecision('reverb').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('cover_mixes_levels_ck', sql`${t.vocal} between 0 and 4 and ${t.instrumental} between 0 and 4`),
    check('cover_mixes_reverb_ck', sql`${t.reverb} between 0 and 1`),
  ],
);
export type CoverMixRow = typeof coverMixes.$inferSelect;
