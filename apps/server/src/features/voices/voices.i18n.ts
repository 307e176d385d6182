import { COPY_LANGUAGES } from '@ai-covers/contracts';
import { sectionOf } from '../../locales/copy';
import type { Localized } from '../categories/categories.service';

/** The voice library's section of the copy catalogues (`voices` in `src/locales/<lang>.json`). */
interface VoicesCopy {
  categories: Record<string, string>;
  /** Beyond English only: the engine's voice library holds the English text. */
  descriptions?: Record<string, string>;
}

/** Each id of one part of the section, with its text in every language that has one. */
function localizedById(part: keyof VoicesCopy): Record<string, Localized> {
  const out: Record<string, Localized> = {};
  for (const lang of COPY_LANGUAGES) {
    const texts = (sectionOf('voices', lang) as VoicesCopy)[part] ?? {};
    for (const [id, text] of Object.entries(texts)) (out[id] ??= {})[lang] = text;
  }
  return out;
}

/** Category names of the voice library, in every language with copy. */
export const VOICE_CATEGORY_NAMES: Record<string, Localized> = localizedById('categories');

/**
 * Voice descriptions beyond English (the engine's library holds the English text). A voice without
 * an entry falls back to English, which the voice test refuses.
 */
export const VOICE_DESCRIPTIONS: Record<string, Omit<Localized, 'en'>> = localizedById('descriptions');
