import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import type { ArtDesign } from '@ai-covers/contracts';
import { coverTasks } from '../covers/covers.schema';
import { fileRef } from '../storage/files/files.schema';
import { users } from '../users/users.schema';
import { at } from '../../platform/db/columns';

// Everything here belongs to a cover: deleting the cover deletes its art, exports, videos and shares.
const taskRef = () =>
  text('task_id')
    .notNull()
    .references(() => coverTasks.id, { onDelete: 'cascade' });

/**
 * The art of a finished cover (§1.1): generated from the voice and the cover in a style, or
 * an uploaded image. Its layers are stored files (internal: handed out by this feature only).
 */
export const coverArt = pgTable(
  'cover_art',
  {
    taskId: text('task_id')
      .primaryKey()
      .references(() => coverTasks.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    style: text('style').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    backgroundFileId: fileRef('background_file_id'),
    backgroundKey: text('background_key').notNull(),
    avatarFileId: fileRef('avatar_file_id'),
    avatarKey: text('avatar_key'),
    /** The last exported design (crop, title, placement), to reopen the editor where it was. */
    design: jsonb('design').$type<ArtDesign>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('cover_art_source_ck', sql`${t.source} in ('generated','upload')`),
    check('cover_art_size_ck', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);
export type CoverArtRow = typeof coverArt.$inferSelect;

/** One export: the image (PNG or JPEG) and its layered PSD, the §3 file record's psdUrl. */
export const coverArtExports = pgTable(
  'cover_art_exports',
  {
    id: text('id').primaryKey(),
    taskId: taskRef(),
    format: text('format').notNull(),
    resolution: text('resolution').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    imageFileId: fileRef('image_file_id'),
    imageKey: text('image_key').notNull(),
    psdFileId: fileRef('psd_file_id'),
    psdKey: text('psd_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('cover_art_exports_task_idx').on(t.taskId, t.createdAt),
    check('cover_art_exports_format_ck', sql`${t.format} in ('png','jpeg')`),
    check('cover_art_exports_resolution_ck', sql`${t.resolution} in ('high','low')`),
  ],
);
export type ArtExportRow = typeof coverArtExports.$inferSelect;

/** A share video of an export, made by the worker; status and progress as §4 tasks. */
export const coverArtVideos = pgTable(
  'cover_art_videos',
  {
    id: text('id').primaryKey(),
    taskId: taskRef(),
    exportId: text('export_id')
      .notNull()
      .references(() => coverArtExports.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    status: smallint('status').notNull().default(1),
    progress: doublePrecision('progress').notNull().default(0),
    error: text('error'),
    duration: doublePrecision('duration'),
    fileId: fileRef('file_id'),
    fileKey: text('file_key'),
    /** The queue job that owns the current run; a run's writes are guarded by it. */
    jobId: text('job_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('cover_art_videos_task_idx').on(t.taskId, t.createdAt),
    check('cover_art_videos_status_ck', sql`${t.status} between 1 and 6`),
    check('cover_art_videos_format_ck', sql`${t.format} in ('square','story')`),
    check('cover_art_videos_progress_ck', sql`${t.progress} >= 0 and ${t.progress} <= 1`),
  ],
);
export type ArtVideoRow = typeof coverArtVideos.$inferSelect;

/**
 * A public share of an export (and optionally a video): the artwork as a share image and the free
 * preview, nothing else of the owner. Revoking keeps the row so the page can say it is gone.
 */
export const coverShares = pgTable(
  'cover_shares',
  {
    id: text('id').primaryKey(),
    taskId: taskRef(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exportId: text('export_id')
      .notNull()
      .references(() => coverArtExports.id, { onDelete: 'cascade' }),
    videoId: text('video_id').references(() => coverArtVideos.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    voiceName: text('voice_name').notNull(),
    imageFileId: fileRef('image_file_id'),
    imageKey: text('image_key').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('cover_shares_task_idx').on(t.taskId, t.createdAt)],
);
export type ShareRow = typeof coverShares.$inferSelect;
