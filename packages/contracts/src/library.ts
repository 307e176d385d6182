import { z } from 'zod';
import { cacheBust } from './api';
import { fileType } from './storage';
import { RENAME_MAX_CHARS } from './constants';

// ---- cloud file library (§2 account area, §3 cloud file, §5 rename) ----

export const libraryTab = z.enum(['all', 'audio', 'image', 'video']);
export type LibraryTab = z.infer<typeof libraryTab>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/, "must be a date 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm'");

/** `GET /v1/library/files`: a tab, an optional date range (inclusive, client time zone), a page. */
export const libraryListQuery = z.object({
  type: libraryTab.default('all'),
  start: day.optional(),
  end: day.optional(),
  /** Minutes to add to local time for UTC (JavaScript's getTimezoneOffset()). */
  tz: z.coerce.number().int().min(-900).max(900).default(0),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  ...cacheBust,
});
export type LibraryListQuery = z.infer<typeof libraryListQuery>;

export const libraryFile = z.object({
  id: z.number().int(),
  name: z.string(),
  type: fileType,
  ext: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration: z.number().nullable(),
  /** 'YYYY-MM-DD HH:mm' in UTC (§5 date format). */
  created_at: z.string(),
  /** When an anonymous upload is deleted by retention; null for account files. */
  expire_at: z.string().nullable(),
  can_rename: z.boolean(),
  /** Signed URL to play or show the file (Range supported). */
  url: z.string(),
  /** How a tool takes this file again: a cover's `file_key` (a song already in the library). */
  storage_key: z.string(),
  /** Images: a signed, same-origin 96×96 WebP thumbnail; null for other types. */
  thumb_url: z.string().nullable(),
});
export type LibraryFile = z.infer<typeof libraryFile>;

export const libraryListData = z.object({
  rows: z.array(libraryFile),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type LibraryListData = z.infer<typeof libraryListData>;

const fileId = z.coerce.number().int('id must be a file id').positive('id must be a file id');

export const libraryRenameBody = z.object({
  id: fileId,
  name: z
    .string()
    .min(1, 'name is required')
    .max(RENAME_MAX_CHARS, `name must be at most ${RENAME_MAX_CHARS} characters`)
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    .refine((n) => !/[\\/\u0000-\u001f]/.test(n), 'name must not contain slashes or control characters'),
});
export const libraryDeleteBody = z.object({
  ids: z.array(fileId).min(1, 'ids must name at least one file').max(100, 'at most 100 files at once'),
});
export const libraryIdParams = z.object({ id: fileId });
export const libraryExportData = z.object({ url: z.string(), name: z.string() });
export type LibraryExportData = z.infer<typeof libraryExportData>;
export const libraryDeleteData = z.object({ deleted: z.number().int() });
export type LibraryDeleteData = z.infer<typeof libraryDeleteData>;
