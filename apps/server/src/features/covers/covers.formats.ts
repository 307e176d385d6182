import type { CoverDownloadFormat } from '@ai-covers/contracts';
import type { AssetRole } from './covers.assets.repo';
import type { CoverTaskRow } from './covers.schema';

/** Which of these tasks the user has paid the full download of (the wallet knows). */
export type PaidTasks = (userId: number, taskIds: string[]) => Promise<Set<string>>;

/** The stems in the zip, with the name each gets inside it. */
export const STEMS: Array<{ role: AssetRole; label: string }> = [
  { role: 'vocals', label: 'converted vocal' },
  { role: 'instrumental', label: 'instrumental' },
  { role: 'original_vocals', label: 'original vocal' },
];

/**
 * Which formats a task can hand out, from the files it kept. The MP3 128k is encoded from the WAV
 * on its first download (decision 255); tasks rendered before that kept one of their own.
 */
export function formatsOf(
  task: Pick<CoverTaskRow, 'resultFileId'>,
  roles: Set<string>,
): CoverDownloadFormat[] {
  const formats: CoverDownloadFormat[] = [];
  if (roles.has('wav')) formats.push('wav');
  if (task.resultFileId !== null) formats.push('mp3');
  if (roles.has('mp3_low') || roles.has('wav')) formats.push('mp3_low');
  if (roles.has('stems_zip') || STEMS.every((s) => roles.has(s.role))) formats.push('stems');
  return formats;
}
