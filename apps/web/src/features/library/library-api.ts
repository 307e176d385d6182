import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LibraryTab } from '@ai-covers/contracts';
import { apiGet, apiPost } from '../../shared/api/request';

export interface LibraryFilter {
  type: LibraryTab;
  /** 'YYYY-MM-DD' or '' */
  start: string;
  end: string;
  page: number;
  pageSize: number;
}

/** Query keys of the library, one factory so invalidation cannot miss a key. */
export const libraryKeys = {
  all: ['library'] as const,
  list: (filter: LibraryFilter) => ['library', 'list', filter] as const,
};

/** The caller's files for a tab, date range and page. */
export function useLibraryFiles(filter: LibraryFilter) {
  return useQuery({
    queryKey: libraryKeys.list(filter),
    queryFn: ({ signal }) =>
      apiGet(
        'libraryListData',
        '/v1/library/files',
        {
          type: filter.type,
          page: filter.page,
          page_size: filter.pageSize,
          tz: new Date().getTimezoneOffset(),
          ...(filter.start ? { start: filter.start } : {}),
          ...(filter.end ? { end: filter.end } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Songs a tool may take again: the newest audio files of the account (one page of 50). */
export function useLibrarySongs(enabled: boolean) {
  return useQuery({
    queryKey: [...libraryKeys.all, 'songs'] as const,
    enabled,
    queryFn: ({ signal }) =>
      apiGet(
        'libraryListData',
        '/v1/library/files',
        { type: 'audio', page: 1, page_size: 50, tz: new Date().getTimezoneOffset() },
        signal,
      ),
    staleTime: 10_000,
  });
}

/** Renames a file; the list is refreshed afterwards. */
export function useRenameFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) => apiPost('libraryFile', '/v1/library/rename', input),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

/** Deletes files (and their bytes); the list is refreshed afterwards. */
export function useDeleteFiles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiPost('libraryDeleteData', '/v1/library/delete', { ids }),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

/** A signed download URL of the original file. */
export function exportFile(id: number) {
  return apiGet('libraryExportData', `/v1/library/export/${id}`);
}

/** Refreshes every library list (after an upload). */
export function useInvalidateLibrary() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: libraryKeys.all });
}
