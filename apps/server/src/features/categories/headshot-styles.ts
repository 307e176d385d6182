import { COPY_LANGUAGES } from '@ai-covers/contracts';
import { sectionOf } from '../../locales/copy';
import type { CategorySeed, Localized } from './categories.service';

/** The look of one style: what the headshot pipeline is asked to render. */
interface StyleLook {
  backdrop: string;
  light: string;
  grade: string;
}

/** Headshot styles, grouped as the style picker shows them; ids and looks here, names in the copy. */
const GROUPS: { id: string; items: { id: string; extra: StyleLook }[] }[] = [
  {
    id: 'professional',
    items: [
      { id: 'corporate-grey', extra: { backdrop: '#8a9099', light: 'soft-key', grade: 'neutral' } },
      { id: 'office-bokeh', extra: { backdrop: 'office-blur', light: 'window', grade: 'warm' } },
      { id: 'navy-studio', extra: { backdrop: '#1f2a44', light: 'rembrandt', grade: 'cool' } },
    ],
  },
  {
    id: 'casual',
    items: [
      { id: 'outdoor-park', extra: { backdrop: 'park-blur', light: 'golden-hour', grade: 'warm' } },
      { id: 'cafe-light', extra: { backdrop: 'cafe-blur', light: 'window', grade: 'soft' } },
    ],
  },
  {
    id: 'creative',
    items: [
      { id: 'mono-classic', extra: { backdrop: '#202020', light: 'split', grade: 'mono' } },
      { id: 'color-pop', extra: { backdrop: '#f2c14e', light: 'butterfly', grade: 'vivid' } },
    ],
  },
];

/** One name per language with copy, from the `headshotStyles` section of the catalogues. */
function names(part: 'categories' | 'styles', id: string): Localized {
  const out: Localized = {};
  for (const lang of COPY_LANGUAGES) {
    const text = (sectionOf('headshotStyles', lang)[part] as Record<string, string> | undefined)?.[id];
    if (text) out[lang] = text;
  }
  return out;
}

export const HEADSHOT_STYLE_CATEGORIES: CategorySeed[] = GROUPS.map((group) => ({
  id: group.id,
  names: names('categories', group.id),
  items: group.items.map((item) => ({
    id: item.id,
    names: names('styles', item.id),
    extra: { ...item.extra },
  })),
}));
