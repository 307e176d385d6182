import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { categories, categoryItems } from './categories.schema';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryItemRow = typeof categoryItems.$inferSelect;

/** All SQL of categories. */
export function createCategoriesRepo(db: Db) {
  return {
    async listModule(module: string): Promise<{ cats: CategoryRow[]; items: CategoryItemRow[] }> {
      const cats = await db
        .select()
        .from(categories)
        .where(eq(categories.module, module))
        .orderBy(asc(categories.position));
      const items = await db
        .select()
        .from(categoryItems)
        .where(eq(categoryItems.module, module))
        .orderBy(asc(categoryItems.position));
      return { cats, items };
    },
    /** Replaces a module's seeded rows in one transaction, so readers never see half a seed. */
    async replaceModule(module: string, cats: CategoryRow[], items: CategoryItemRow[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(categoryItems).where(eq(categoryItems.module, module));
        await tx.delete(categories).where(eq(categories.module, module));
        if (cats.length) await tx.insert(categories).values(cats);
        if (items.length) await tx.insert(categoryItems).values(items);
      });
    },
  };
}
export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
