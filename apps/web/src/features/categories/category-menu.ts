import type { CategoryData, CategoryItem } from '@ai-covers/contracts';

/** Id of the synthetic first menu entry that shows every item. */
export const ALL_CATEGORY_ID = '__all__';

export interface MenuEntry {
  id: string;
  /** null for the 'All' entry, whose label is translated by the UI. */
  name: string | null;
  items: CategoryItem[];
}

/** Builds the menu of §3: 'All' (every item once) followed by the categories in server order. */
export function buildCategoryMenu(data: CategoryData | undefined): MenuEntry[] {
  const categories = data?.list ?? [];
  const seen = new Set<string>();
  const all: CategoryItem[] = [];
  for (const category of categories) {
    for (const item of category.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      all.push(item);
    }
  }
  return [
    { id: ALL_CATEGORY_ID, name: null, items: all },
    ...categories.map((c) => ({ id: c.id, name: c.name, items: c.items })),
  ];
}

/**
 * The category list keyed by category name (§3: each name with its list of resources). The first
 * category of a name wins when two share one.
 */
export function categoriesByName(data: CategoryData | undefined): Record<string, CategoryItem[]> {
  const byName: Record<string, CategoryItem[]> = {};
  for (const category of data?.list ?? []) byName[category.name] ??= category.items;
  return byName;
}
