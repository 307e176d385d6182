import { COVER_DOWNLOAD_FORMATS, type CoverDownloadFormat } from '@ai-covers/contracts';
import { readSession, writeSession } from '../../shared/storage/storage';

/**
 * A download the visitor asked for and that is waiting on something else first: a sign-in (the
 * login dialog opened instead), or credits (the credits-limit dialog opened, then pricing). Kept
 * in session storage so it outlives the page when the sign-in leaves it (redirect login) or the
 * checkout brings the visitor back. Same tab only, and only for a while: an old wish is dropped.
 */
export interface PendingDownload {
  taskId: string;
  format: CoverDownloadFormat;
  waitingFor: 'login' | 'credits';
  /** The balance when the credits ran short: more than this means the purchase went through. */
  balance?: number;
  at: number;
}

const KEY = 'pending-download';
/** After this long the visitor has moved on: the download is not offered by itself any more. */
export const PENDING_DOWNLOAD_TTL_MS = 30 * 60_000;

/** Remembers the download that waits (one at a time: the newest wins). */
export function savePendingDownload(pending: Omit<PendingDownload, 'at'>, now = Date.now()): void {
  writeSession(KEY, JSON.stringify({ ...pending, at: now }));
}

/** The waiting download of this task, if one is fresh; anything malformed counts as none. */
export function readPendingDownload(taskId: string, now = Date.now()): PendingDownload | null {
  const text = readSession(KEY);
  if (!text) return null;
  try {
    const p = JSON.parse(text) as Partial<PendingDownload>;
    const fresh = typeof p.at === 'number' && now - p.at >= 0 && now - p.at < PENDING_DOWNLOAD_TTL_MS;
    const known = COVER_DOWNLOAD_FORMATS.includes(p.format as CoverDownloadFormat);
    const waiting = p.waitingFor === 'login' || p.waitingFor === 'credits';
    if (!fresh || !known || !waiting || p.taskId !== taskId) return null;
    return p as PendingDownload;
  } catch {
    return null;
  }
}

/** Forgets the waiting download (it went ahead, or the visitor declined). */
export function clearPendingDownload(): void {
  writeSession(KEY, null);
}

/** The query a checkout return carries to offer a download again (`?resume=download&format=wav`). */
export function resumeQuery(format: CoverDownloadFormat): string {
  return `resume=download&format=${format}`;
}

/** The format of a `resume=download` query, or null when the page was not asked to resume one. */
export function resumeFormat(params: URLSearchParams): CoverDownloadFormat | null {
  if (params.get('resume') !== 'download') return null;
  const format = params.get('format') as CoverDownloadFormat | null;
  return format && COVER_DOWNLOAD_FORMATS.includes(format) ? format : 'mp3';
}
