import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import { createCategoriesRepo } from './categories.repo';
import { categoriesRoutes } from './categories.routes';
import { createCategoriesService } from './categories.service';

/** Option categories per module and language (§3, §7 GET /v1/common/category). */
export function createCategoriesFeature(deps: { db: Db }) {
  const service = createCategoriesService({ repo: createCategoriesRepo(deps.db) });
  return defineFeature({ service, routes: [categoriesRoutes(service)] });
}
