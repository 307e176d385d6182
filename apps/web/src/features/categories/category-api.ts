import { PRODUCT, type CategoryData } from '@ai-covers/contracts';
import { apiGet } from '../../shared/api/request';
import { readCategoryCache, writeCategoryCache } from './category-cache';

export type CategoryProduct = 'covers' | 'headshots';

/** Module name of the headshot product's categories; contracts only names the covers one. */
export const HEADSHOT_CATEGORY_MODULE = 'ai-headshots';
/** How many voices the covers library asks for in one call. */
export const COVERS_CATEGORY_COUNT = 200;

/** Query of `GET /v1/common/category` per product (§7): covers adds version v4, count, algorithm vsas. */
export function categoryQuery(product: CategoryProduct, lang: string): Record<string, string | number> {
  if (product === 'headshots') return { module: HEADSHOT_CATEGORY_MODULE, lang };
  return {
    module: PRODUCT.categoryModule,
    lang,
    version: 'v4',
    count: COVERS_CATEGORY_COUNT,
    algorithm: 'vsas',
  };
}

/** Loads the category list; the headshot product reads and fills the 30-minute session cache. */
export async function fetchCategories(
  product: CategoryProduct,
  lang: string,
  signal?: AbortSignal,
): Promise<CategoryData> {
  if (product === 'headshots') {
    const cached = readCategoryCache(lang);
    if (cached) return cached;
  }
  const data = await apiGet('categoryData', '/v1/common/category', categoryQuery(product, lang), signal);
  if (product === 'headshots') writeCategoryCache(data, lang);
  return data;
}
