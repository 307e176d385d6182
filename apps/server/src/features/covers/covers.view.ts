import { randomBytes } from 'node:crypto';
import {
  COVER_DOWNLOAD,
  COVER_STAGES,
  TaskStatus,
  type CoverStage,
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
import { canRetryFailure } from './covers.faults';

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

/**
 * The cover's title as files are named after it: the title kept at create (tags, else the file
 * name), or for older tasks the file name without its extension; no path or shell punctuation.
 */
export function coverTitle(row: Pick<CoverTaskRow, 'title' | 'songName'>): string {
  return fileNamePart(row.title ?? songTitle(row.songName)) || 'Song';
}

/** Text made safe inside a file name: no path or reserved characters, runs of spaces made one. */
function fileNamePart(text: string): string {
  return text
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The name of a task's voice: kept at create, else looked up (`lookup`, by id; the id at worst). */
export function coverVoiceName(
  task: Pick<CoverTaskRow, 'voiceId' | 'voiceName'>,
  lookup: (voiceId: string) => string | undefined,
): string {
  return task.voiceName ?? lookup(task.voiceId) ?? task.voiceId;
}

/** '<title> (<Voice> cover).mp3', kept within the 100 characters a file name may have (§5). */
export function coverFileName(title: string, voiceName: string, suffix = ''): string {
  // A voice name is the account's own text when the voice is its own.
  const tail = ` (${fileNamePart(voiceName) || 'Voice'} cover)${suffix}.mp3`;
  return title.slice(0, Math.max(1, 100 - tail.length)).trimEnd() + tail;
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
    /** The clock the time estimate counts from (ms). */
    now?: number;
  },
): CoverTask {
  const running = row.status === TaskStatus.running;
  return {
    task_id: row.id,
    kind: 'ai-covers',
    status: row.status as CoverTask['status'],
    progress: row.progress,
    voice_id: row.voiceId,
    voice_name: row.voiceName,
    key: keyOf(row),
    key_applied: row.keyApplied,
    backing: row.backing as CoverBacking,
    song_name: row.songName,
    title: row.title ?? songTitle(row.songName),
    stage: running && isCoverStage(row.stage) ? row.stage : null,
    eta_seconds: running ? etaSeconds(row, extra.now ?? Date.now()) : null,
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
    retryable:
      (row.status === TaskStatus.failed || row.status === TaskStatus.timeout) && canRetryFailure(row.error),
  };
}

function isCoverStage(stage: string | null): stage is CoverStage {
  return stage !== null && (COVER_STAGES as readonly string[]).includes(stage);
}

/** Below this share done, or this soon after the start, a rate says too little to promise a time. */
const ETA_MIN_PROGRESS = 0.03;
const ETA_MIN_ELAPSED_MS = 2000;

/**
 * Seconds a running render should still take: the rate this run made progress at (progress at its
 * last report over the time from its start to that report) applied to what is left, less the time
 * since that report. Null until the rate is measured; at least 1 while running.
 */
export function etaSeconds(
  row: Pick<CoverTaskRow, 'progress' | 'startedAt' | 'updatedAt'>,
  now: number,
): number | null {
  if (!row.startedAt) return null;
  const elapsed = row.updatedAt.getTime() - row.startedAt.getTime();
  if (row.progress < ETA_MIN_PROGRESS || elapsed < ETA_MIN_ELAPSED_MS) return null;
  const rate = row.progress / elapsed;
  const left = (1 - row.progress) / rate - Math.max(0, now - row.updatedAt.getTime());
  return Math.max(1, Math.round(left / 1000));
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
