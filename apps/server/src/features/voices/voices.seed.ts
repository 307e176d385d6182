import { listVoices, type VoiceInfo } from '@ai-covers/engine';
import type { CategorySeed } from '../categories/categories.service';
import { VOICE_CATEGORY_NAMES, VOICE_DESCRIPTIONS } from './voices.i18n';

/** Public addresses of a voice's avatar and sample clip (served by voices.routes.ts). */
export const voiceAvatarUrl = (id: string) => `/v1/voices/${id}/avatar.svg`;
export const voiceSampleUrl = (id: string) => `/v1/voices/${id}/sample.mp3`;

/** The built-in voice library as the `ai-covers` option categories (§3: menu 'All' then categories). */
export function voiceCategorySeed(voices: VoiceInfo[] = listVoices()): CategorySeed[] {
  const order: string[] = [];
  for (const v of voices) if (!order.includes(v.category)) order.push(v.category);
  return order.map((category) => ({
    id: category,
    names: VOICE_CATEGORY_NAMES[category] ?? { en: category },
    items: voices
      .filter((v) => v.category === category)
      .map((v) => ({
        id: v.id,
        names: { en: v.name },
        descriptions: { en: v.description, ...VOICE_DESCRIPTIONS[v.id] },
        icon: voiceAvatarUrl(v.id),
        url: voiceSampleUrl(v.id),
        extra: { range: v.range },
      })),
  }));
}
