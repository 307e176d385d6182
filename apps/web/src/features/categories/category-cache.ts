import { TIMING, type CategoryData } from '@ai-covers/contracts';
import { readSession, writeSession } from '../../shared/storage/storage';

interface CacheEntry {
  lang: string;
  data: CategoryData;
  savedAt: number;
}

const KEY = 'category';

/** Returns the session-cached categories for `lang` when younger than 30 minutes (§3, §7). */
export function readCategoryCache(lang: string, now = Date.now()): CategoryData | null {
  const raw = readSession(KEY);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as CacheEntry;
    if (entry.lang !== lang || now - entry.savedAt >= TIMING.categoryCacheMs) return null;
    return entry.data;
  } catch {
    return null;
  }
}

/** Stores categories with their language in the session cache entry 'category'. */
export function writeCategoryCache(data: CategoryData, lang: string, now = Date.now()): void {
  const entry: CacheEntry = { lang, data, savedAt: now };
  writeSession(KEY, JSON.stringify(entry));
}
