import type { TFunction } from 'i18next';
import { TaskStatus, type CategoryData, type CategoryItem, type CoverTask } from '@ai-covers/contracts';
import { buildCategoryMenu } from '../categories';

/** The §4 status names, used as i18n keys ('coversTool.status.<name>'). */
export const STATUS_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(TaskStatus).map(([name, value]) => [value, name]),
);

/** A semitone shift as text: '+3 semitones', '−1 semitone', or the original key for 0. */
export function semitoneLabel(t: TFunction, shift: number): string {
  if (shift === 0) return t('coversTool.options.keyOriginal');
  const sign = shift > 0 ? '+' : '−';
  return t('coversTool.options.semitones', { count: Math.abs(shift), shift: `${sign}${Math.abs(shift)}` });
}

/** The key a task asked for, and the shift 'auto' chose once it is known. */
export function taskKeyLabel(t: TFunction, task: Pick<CoverTask, 'key' | 'key_applied'>): string {
  if (task.key !== 'auto') return semitoneLabel(t, task.key);
  const auto = t('coversTool.options.keyAuto');
  if (task.key_applied === null) return auto;
  // 'Auto (original key)', not 'Auto (0 (original key))'.
  if (task.key_applied === 0) return t('coversTool.options.keyAutoOriginal');
  return `${auto} (${semitoneLabel(t, task.key_applied)})`;
}

/** Every voice once, in library order. */
export function allVoices(data: CategoryData | undefined): CategoryItem[] {
  return buildCategoryMenu(data)[0]?.items ?? [];
}

/** A voice's comfortable range as 'C3–G5', when the library tells it. */
export function voiceRange(voice: CategoryItem): string | null {
  const range = voice.extra?.range as { low?: { note?: unknown }; high?: { note?: unknown } } | undefined;
  const low = range?.low?.note;
  const high = range?.high?.note;
  return typeof low === 'string' && typeof high === 'string' ? `${low}–${high}` : null;
}
