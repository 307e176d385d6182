import type { Db } from '../../platform/db/client';
import { createCategoriesRepo } from './categories.repo';
import { createCategoriesService, type CategorySeed } from './categories.service';
import { HEADSHOT_STYLE_CATEGORIES } from './headshot-styles';

/** Seeds the option categories of every module at start (idempotent). */
export async function seedCategories(db: Db, extra: Record<string, CategorySeed[]> = {}): Promise<void> {
  const service = createCategoriesService({ repo: createCategoriesRepo(db) });
  const modules: Record<string, CategorySeed[]> = { 'ai-headshots': HEADSHOT_STYLE_CATEGORIES, ...extra };
  for (const [module, seed] of Object.entries(modules)) await service.seedModule(module, seed);
}
