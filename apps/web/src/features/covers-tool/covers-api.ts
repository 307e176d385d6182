import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Code,
  Msg,
  type CoverCreateBody,
  type CoverDownloadFormat,
  type CoverMix,
  type CoverTask,
} from '@ai-covers/contracts';
import { apiGet, apiPost, request } from '../../shared/api/request';
import { checkedBody } from '../../shared/api/checked-body';
import { retryUnanswered } from '../../shared/api/failures';

/** Query keys of the covers tool, one factory so invalidation cannot miss a key. */
export const coverKeys = {
  all: ['covers'] as const,
  task: (taskId: string) => ['covers', 'task', taskId] as const,
  list: () => ['covers', 'list'] as const,
};

/** §9: the list is read as one page of up to 10000 rows. */
export const COVER_LIST_PAGE_SIZE = 10_000;

/** `POST /v1/vsas/create` (JSON): a new task for an uploaded song; the body passes the contract first. */
export async function createCoverTask(input: CoverCreateBody) {
  return apiPost('coverCreateData', '/v1/vsas/create', await checkedBody('coverCreateBody', input));
}

/** `GET /v1/vsas/result/{task_id}`: the task as it is now. */
export function fetchCoverTask(taskId: string, signal?: AbortSignal) {
  return apiGet('coverTask', `/v1/vsas/result/${encodeURIComponent(taskId)}`, {}, signal);
}

/**
 * `GET /v1/vsas/subscribe/{task_id}`: answers as soon as status or progress differ from what the
 * caller last saw, or after at most 20 s with the unchanged task (long poll).
 */
export function subscribeCoverTask(
  taskId: string,
  seen: { status: number; progress: number },
  signal?: AbortSignal,
) {
  return apiGet(
    'coverTask',
    `/v1/vsas/subscribe/${encodeURIComponent(taskId)}`,
    { status: seen.status, progress: seen.progress },
    signal,
  );
}

/** `GET /v1/vsas/list`: the caller's covers (kind, page, page_size as §7 shows). */
export function listCovers(signal?: AbortSignal) {
  return apiGet(
    'coverListData',
    '/v1/vsas/list',
    { kind: 'ai-covers', page: 1, page_size: COVER_LIST_PAGE_SIZE },
    signal,
  );
}

/** §8: a retry refused with code 49 or 490618 reads 'Request failed. Please refresh and try again.' */
const RETRY_MESSAGES = { 49: Msg.retryTaskFailed, [Code.noTask]: Msg.retryTaskFailed };

/** `GET /v1/vsas/retry/{task_id}`: a failed or timed-out task goes back to waiting. */
export function retryCover(taskId: string) {
  return request('coverTask', 'GET', `/v1/vsas/retry/${encodeURIComponent(taskId)}`, {
    messages: RETRY_MESSAGES,
  });
}

/** `POST /v1/task/delete` (form-encoded task_id, §7). */
export function deleteCover(taskId: string) {
  return request('coverDeleteData', 'POST', '/v1/task/delete', { body: { task_id: taskId }, form: true });
}

/** `GET /v1/vsas/download/{task_id}?format=`: a signed URL of one format, once the download is paid. */
export function fetchCoverDownload(taskId: string, format: CoverDownloadFormat = 'mp3') {
  return apiGet('coverDownloadData', `/v1/vsas/download/${encodeURIComponent(taskId)}`, { format });
}

/** `GET /v1/vsas/uri/check`: whether the server can make a cover from a song link, and why not. */
export function checkSongLink(link: string) {
  return apiGet('coverUriCheckData', '/v1/vsas/uri/check', { external_uri: link.trim() });
}

/** `POST /v1/vsas/remix`: the task mixed again from its stems; answers with the task and its new mix. */
export function remixCover(taskId: string, mix: CoverMix) {
  return apiPost('coverTask', '/v1/vsas/remix', { task_id: taskId, ...mix });
}

/** Remixes a finished cover; the answer (new preview, new mix) replaces the cached task. */
export function useRemixCover(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mix: CoverMix) => remixCover(taskId, mix),
    onSuccess: (task) => {
      client.setQueryData(coverKeys.task(task.task_id), task);
      void client.invalidateQueries({ queryKey: coverKeys.list() });
    },
  });
}

/** Newest first by creation time ('YYYY-MM-DD HH:mm' sorts as text). */
export function sortNewestFirst(rows: CoverTask[]): CoverTask[] {
  return [...rows].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/** The caller's covers, newest first. */
export function useCoverList() {
  return useQuery({
    queryKey: coverKeys.list(),
    queryFn: ({ signal }) => listCovers(signal),
    select: (data) => sortNewestFirst(data.rows),
    staleTime: 5_000,
  });
}

/** One task as the result call returns it; the follow loop keeps this cache entry current. */
export function useCoverTaskQuery(taskId: string) {
  return useQuery({
    queryKey: coverKeys.task(taskId),
    queryFn: ({ signal }) => fetchCoverTask(taskId, signal),
    retry: retryUnanswered,
  });
}

/** Creates a task and seeds its cache entry, so the task page opens without another call. */
export function useCreateCoverTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCoverTask,
    onSuccess: ({ task }) => {
      client.setQueryData(coverKeys.task(task.task_id), task);
      void client.invalidateQueries({ queryKey: coverKeys.list() });
    },
  });
}

/** Retries a failed task; the returned (waiting) task replaces the cached one. */
export function useRetryCover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryCover,
    onSuccess: (task) => {
      client.setQueryData(coverKeys.task(task.task_id), task);
      void client.invalidateQueries({ queryKey: coverKeys.list() });
    },
  });
}

/** Deletes a task and forgets it. */
export function useDeleteCover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCover,
    onSuccess: (_data, taskId) => {
      client.removeQueries({ queryKey: coverKeys.task(taskId) });
      void client.invalidateQueries({ queryKey: coverKeys.list() });
    },
  });
}
