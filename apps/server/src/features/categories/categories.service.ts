import type { CategoryData } from '@ai-covers/contracts';
import { DEFAULT_LANGUAGE } from '@ai-covers/contracts';
import type { CategoriesRepo } from './categories.repo';
import type { Localized } from './categories.schema';

/** A text per language code (names and descriptions of categories and their items). */
export type { Localized };

export interface CategorySeedItem {
  id: string;
  names: Localized;
  descriptions?: Localized;
  url?: string;
  icon?: string;
  extra?: Record<string, unknown>;
}
export interface CategorySeed {
  id: string;
  names: Localized;
  items: CategorySeedItem[];
}

/** Text in the asked language, else English. */
export function pickLocalized(text: Localized | null | undefined, lang: string): string | undefined {
  if (!text) return undefined;
  return text[lang] ?? text[DEFAULT_LANGUAGE];
}

/**
 * Bumped by every seed in this process, through any service instance (main.ts seeds through its
 * own), so answers cached from older data are not served again.
 */
let generation = 0;

export function createCategoriesService(deps: { repo: CategoriesRepo }) {
  return {
    /** Changes whenever this process writes categories (part of the cache key of the lists). */
    generation: () => generation,

    /** Writes a module's categories from seed data (idempotent). */
    async seedModule(module: string, seed: CategorySeed[]): Promise<void> {
      const cats = seed.map((c, position) => ({ module, id: c.id, names: c.names, position }));
      const items = seed.flatMap((c) =>
        c.items.map((item, position) => ({
          module,
          categoryId: c.id,
          id: item.id,
          names: item.names,
          descriptions: item.descriptions ?? null,
          url: item.url ?? null,
          icon: item.icon ?? null,
          extra: item.extra ?? null,
          position,
        })),
      );
      await deps.repo.replaceModule(module, cats, items);
      generation++;
    },

    /** The category list of a module in one language; `count` caps items per category. */
    async list(module: string, lang: string, count?: number): Promise<CategoryData> {
      const { cats, items } = await deps.repo.listModule(module);
      const list = cats.map((c) => ({
        id: c.id,
        name: pickLocalized(c.names, lang) ?? c.id,
        items: items
          .filter((i) => i.categoryId === c.id)
          .slice(0, count ?? Number.MAX_SAFE_INTEGER)
          .map((i) => ({
            id: i.id,
            name: pickLocalized(i.names, lang) ?? i.id,
            ...(i.descriptions ? { description: pickLocalized(i.descriptions, lang) } : {}),
            ...(i.url ? { url: i.url } : {}),
            ...(i.icon ? { icon: i.icon } : {}),
            ...(i.extra ? { extra: i.extra } : {}),
          })),
      }));
      return { module, lang, list };
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
