import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { isHeadshotsPath } from '../../shared/routing/base-paths';
import { fetchCategories, type CategoryProduct } from './category-api';

/** Query keys of the categories feature. */
export const categoryKeys = {
  all: ['categories'] as const,
  list: (product: CategoryProduct, lang: string) => ['categories', product, lang] as const,
};

/** Query options for one product's categories in one language. */
export function categoryQueryOptions(product: CategoryProduct, lang: string) {
  return queryOptions({
    queryKey: categoryKeys.list(product, lang),
    queryFn: ({ signal }) => fetchCategories(product, lang, signal),
    retry: 1,
  });
}

/** The category list of a product, fetched per language. */
export function useCategories(product: CategoryProduct, lang: string) {
  return useQuery(categoryQueryOptions(product, lang));
}

/** Which product a route path belongs to (headshots live under HEADSHOTS_BASE_PATH). */
export function categoryProductForPath(path: string): CategoryProduct {
  return isHeadshotsPath(path) ? 'headshots' : 'covers';
}

/** Refreshes the category data in the background on every navigation (§2). */
export function usePrefetchCategoriesOnNavigate(path: string, lang: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Failures stay silent here: the page that shows categories renders its own error state.
    void queryClient.prefetchQuery({
      ...categoryQueryOptions(categoryProductForPath(path), lang),
      staleTime: 0,
    });
  }, [queryClient, path, lang]);
}
