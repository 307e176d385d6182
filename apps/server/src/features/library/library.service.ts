import {
  Code,
  Msg,
  planRename,
  type LibraryFile,
  type LibraryListData,
  type LibraryListQuery,
} from '@ai-covers/contracts';
import { AppError, badRequest, conflict } from '../../platform/http/app-error';
import type { Owner } from '../../platform/auth/identity';
import { formatDate } from '../../platform/format/format-date';
import type { FilesService, StoredFile } from '../storage/files/files.service';

const THUMB_PROCESS = 'image/resize,w_96,h_96,m_fill/format,webp';
const missing = () => new AppError(Code.resourceError, Msg.fileMissing, 404);

/**
 * A client-local 'YYYY-MM-DD[ HH:mm]' as a UTC instant; `tz` is getTimezoneOffset() (minutes to
 * add to local time for UTC). A bare end date means the whole day.
 */
export function parseLocalDate(text: string, tz: number, endOfDay: boolean): Date {
  const [day, time] = text.split(' ');
  const [y, m, d] = day!.split('-').map(Number);
  const [hh, mm] = (time ?? '00:00').split(':').map(Number);
  const utc = Date.UTC(y!, m! - 1, d!, hh!, mm!) + tz * 60_000;
  if (Number.isNaN(utc) || new Date(Date.UTC(y!, m! - 1, d!)).getUTCDate() !== d)
    throw badRequest(`query: ${text} is not a real date`);
  // End bound is exclusive: the next day (bare date) or the next minute (with a time).
  return new Date(endOfDay ? utc + (time ? 60_000 : 86_400_000) : utc);
}

/**
 * Files of an owner that a feature refused after they were stored and keeps for its own page (a
 * declined headshot photo stays beside its reason until replaced): not something the user made.
 */
export type RefusedFiles = (owner: Owner) => Promise<number[]>;

/**
 * The cloud file library (§2 account area): list, rename, delete, export of the caller's files.
 * It lists what the user uploaded (or fetched from a link) and nothing else: product outputs
 * (results, previews, renders) are internal files, refused uploads never get a row or are named by
 * the feature that refused them, and an upload that never completed has no row.
 */
export function createLibraryService(deps: { files: FilesService; refused?: RefusedFiles[] }) {
  const { files } = deps;
  const refusedSources = deps.refused ?? [];

  async function toLibraryFile(row: StoredFile): Promise<LibraryFile> {
    const { url } = await files.readUrl(row);
    const thumb = row.fileType === 'image' ? await files.readUrl(row, { process: THUMB_PROCESS }) : null;
    return {
      id: row.id,
      name: row.name,
      type: row.fileType as LibraryFile['type'],
      ext: row.ext,
      size: row.fileSize,
      mime_type: row.mimeType,
      width: row.width,
      height: row.height,
      duration: row.duration,
      created_at: formatDate(row.createdAt),
      expire_at: row.expiresAt ? formatDate(row.expiresAt) : null,
      can_rename: row.renamable,
      url,
      storage_key: row.storageKey,
      thumb_url: thumb?.url ?? null,
    };
  }

  return {
    async list(owner: Owner, query: LibraryListQuery): Promise<LibraryListData> {
      const from = query.start ? parseLocalDate(query.start, query.tz, false) : null;
      const to = query.end ? parseLocalDate(query.end, query.tz, true) : null;
      if (from && to && from >= to) throw badRequest('query.end: must not be before start');
      const refused = (await Promise.all(refusedSources.map((source) => source(owner)))).flat();
      const { rows, total } = await files.listOwnedFiles(owner, {
        types: query.type === 'all' ? null : [query.type],
        from,
        to,
        exclude: refused,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return {
        rows: await Promise.all(rows.map(toLibraryFile)),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    /** Renames one of the caller's files: ≤100 characters, unique among them (§5). */
    async rename(owner: Owner, id: number, name: string): Promise<LibraryFile> {
      const file = await files.findOwnedFile(owner, id);
      if (!file) throw missing();
      if (!file.renamable) throw new AppError(Code.error, Msg.modificationNotSupported, 403);
      const plan = planRename(name, { name: file.name, type: file.fileType as LibraryFile['type'] });
      if (!plan.ok) throw badRequest(plan.message);
      name = plan.name;
      if (file.name !== name && !(await files.renameOwnedFile(owner, id, name))) {
        if (!(await files.findOwnedFile(owner, id))) throw missing();
        throw conflict(Msg.duplicateName);
      }
      return toLibraryFile({ ...file, name });
    },

    /** Deletes the caller's files and their bytes; all named files must be theirs, else nothing changes. */
    async remove(owner: Owner, ids: number[]): Promise<number> {
      const unique = [...new Set(ids)];
      if ((await files.countOwnedFiles(owner, unique)) !== unique.length) throw missing();
      const rows = await files.deleteOwnedFiles(owner, unique);
      if (rows === 0) throw missing();
      return rows;
    },

    /** A download URL of the original bytes with its name (export). */
    async exportFile(owner: Owner, id: number): Promise<{ url: string; name: string }> {
      const file = await files.findOwnedFile(owner, id);
      if (!file) throw missing();
      const { url } = await files.readUrl(file, { download: true });
      return { url, name: file.name };
    },
  };
}
export type LibraryService = ReturnType<typeof createLibraryService>;
