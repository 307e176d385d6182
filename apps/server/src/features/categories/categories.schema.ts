import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Localised strings: language code → text; `en` is always present. */
export type Localized = Record<string, string>;

/** Option categories per module (§3): voices for ai-covers, styles for headshots. */
export const categories = pgTable(
  'categories',
  {
    module: text('module').notNull(),
    id: text('id').notNull(),
    names: jsonb('names').$type<Localized>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.module, t.id] })],
);

export const categoryItems = pgTable(
  'category_items',
  {
    module: text('module').notNull(),
    categoryId: text('category_id').notNull(),
    id: text('id').notNull(),
    names: jsonb('names').$type<Localized>().notNull(),
    descriptions: jsonb('descriptions').$type<Localized>(),
    url: text('url'),
    icon: text('icon'),
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.module, t.categoryId, t.id] }),
    index('category_items_module_idx').on(t.module, t.categoryId, t.position),
  ],
);
