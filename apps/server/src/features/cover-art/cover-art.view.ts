import { randomBytes } from 'node:crypto';
import { TaskStatus, type ArtShare, type ArtVideo } from '@ai-covers/contracts';
import { formatDate } from '../../platform/format/format-date';
import type { ArtVideoRow, ShareRow } from './cover-art.schema';

/** A new id for an export, a video or a share: 16 URL-safe characters (96 random bits). */
export function newArtId(): string {
  return randomBytes(12).toString('base64url');
}

/** A title made safe for a file name (no path or control characters), never empty. */
export function fileSafe(title: string): string {
  const cleaned = title
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...(cleaned || 'Cover')].slice(0, 80).join('');
}

/** The file name a share video downloads as: the cover's title, never a random id. */
export function shareVideoName(title: string): string {
  return `${fileSafe(title)} (share video).mp4`;
}

/** A video as the API shows it; a run past the timeout reads as timed out even before the sweep. */
export function toArtVideo(row: ArtVideoRow, url: string | null, now: number, timeoutMs: number): ArtVideo {
  const active = row.status === TaskStatus.waiting || row.status === TaskStatus.running;
  const stale = active && now - row.updatedAt.getTime() > timeoutMs;
  return {
    id: row.id,
    task_id: row.taskId,
    export_id: row.exportId,
    format: row.format as ArtVideo['format'],
    width: row.width,
    height: row.height,
    status: stale ? TaskStatus.timeout : row.status,
    progress: row.progress,
    error: stale ? null : row.error,
    duration: row.duration,
    url,
    created_at: formatDate(row.createdAt),
  };
}

/** A share as its owner sees it. */
export function toArtShare(row: ShareRow): ArtShare {
  return {
    id: row.id,
    path: `/s/${row.id}`,
    export_id: row.exportId,
    video_id: row.videoId,
    revoked: row.revokedAt !== null,
    created_at: formatDate(row.createdAt),
  };
}
