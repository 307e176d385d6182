import { randomBytes } from 'node:crypto';
import {
  COVER_DOWNLOAD,
  COVER_LIMITS,
  COVER_MIX_LIMITS,
  type CoverBacking,
  type CoverDownloadFormat,
  type CoverMix,
  type CoverTask,
} from '@ai-covers/contracts';
import { previewWindow } from '@ai-covers/engine';
import { formatDate } from '../../platform/format/format-date';
import type { CoverTaskRow } from './covers.schema';

/** A new task id: 22 URL-safe characters (128 random bits). */
export function newTaskId(): string {
  return randomBytes(16).toString('base64url');
}

/** The requested key as the API shows it: null in the table means 'auto'. */
export function keyOf(row: Pick<CoverTaskRow, 'keyShift'>): CoverTask['key'] {
  return row.keyShift === null ? 'auto' : row.keyShift;
}

/** The requested key as the table stores it. */
export function keyShiftOf(key: 'auto' | number): number | null {
  return key === 'auto' ? null : key;
}

/** The song's display name without its extension ('My song.wav' → 'My song'). */
export function songTitle(songName: string): string {
  const dot = songName.lastIndexOf('.');
  const title = (dot > 0 ? songName.slice(0, dot) : songName).trim();
  return title || 'Song';
}

/** '<song> (<Voice> cover).mp3', kept within the 100 characters a file name may have (§5). */
export function coverFileName(songName: string, voiceName: string, suffix = ''): string {
  const tail = ` (${voiceName} cover)${suffix}.mp3`;
  return (
    songTitle(songName)
      .slice(0, Math.max(1, 100 - tail.length))
      .trimEnd() + tail
  );
}

/** One task as every /v1/vsas call answers it. */
export function toCoverTask(
  row: CoverTaskRow,
  extra: {
    previewUrl: string | null;
    sourceUrl?: string | null;
    paid: boolean;
    formats?: CoverDownloadFormat[];
    /** The mix a remix set; null: the render's own. */
    mix?: CoverMix | null;
    remixable?: boolean;
  },
): CoverTask {
  return {
    task_id: row.id,
    kind: 'ai-covers',
    status: row.status as CoverTask['status'],
    progress: row.progress,
    voice_id: row.voiceId,
    key: keyOf(row),
    key_applied: row.keyApplied,
    backing: row.backing as CoverBacking,
    song_name: row.songName,
    duration: row.duration,
    created_at: formatDate(row.createdAt),
    error: row.error,
    preview_url: extra.previewUrl,
    preview_start: previewStart(row.duration),
    source_url: extra.sourceUrl ?? null,
    paid: extra.paid,
    download_cost: COVER_DOWNLOAD.credits,
    formats: extra.formats ?? [],
    mix: extra.mix ?? { ...COVER_MIX_LIMITS.defaults },
    remixable: extra.remixable ?? false,
  };
}

/** Where the engine's preview starts in the song (seconds, to the millisecond); unknown until the length is. */
export function previewStart(duration: number | null): number | null {
  if (duration === null) return null;
  const [startMs] = previewWindow(Math.round(duration * 1000), 1000, COVER_LIMITS.previewSeconds);
  return startMs / 1000;
}

/** Whether a long-poll should answer now: something differs from what the client last saw. */
export function hasChanged(
  state: { status: number; progress: number },
  seen: { status?: number | undefined; progress?: number | undefined },
): boolean {
  if (seen.status === undefined && seen.progress === undefined) return true;
  if (seen.status !== undefined && state.status !== seen.status) return true;
  return seen.progress !== undefined && Math.abs(state.progress - seen.progress) > 1e-6;
}
