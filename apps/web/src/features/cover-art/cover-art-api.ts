import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TaskStatus,
  type ArtDesign,
  type ArtStyle,
  type CoverArt,
  type VideoFormat,
} from '@ai-covers/contracts';
import { apiGet, apiPost } from '../../shared/api/request';
import { retryUnanswered } from '../../shared/api/failures';

/** Query keys of cover art, one factory so invalidation cannot miss a key. */
export const coverArtKeys = {
  all: ['cover-art'] as const,
  art: (taskId: string) => ['cover-art', 'art', taskId] as const,
  video: (videoId: string) => ['cover-art', 'video', videoId] as const,
};

const path = (taskId: string) => `/v1/cover-art/${encodeURIComponent(taskId)}`;

/** `GET /v1/cover-art/{task_id}`: the art (generated on first use), exports, videos and shares. */
export function fetchCoverArt(taskId: string, signal?: AbortSignal) {
  return apiGet('coverArt', path(taskId), {}, signal);
}

export function useCoverArt(taskId: string) {
  return useQuery({
    queryKey: coverArtKeys.art(taskId),
    queryFn: ({ signal }) => fetchCoverArt(taskId, signal),
    retry: retryUnanswered,
    staleTime: 30_000,
  });
}

/** Art changes answer with the whole art: it replaces the cached one. */
function useArtMutation<V>(taskId: string, call: (v: V) => Promise<CoverArt>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (art) => client.setQueryData(coverArtKeys.art(taskId), art),
  });
}

export function useArtStyle(taskId: string) {
  return useArtMutation(taskId, (style: ArtStyle) => apiPost('coverArt', `${path(taskId)}/style`, { style }));
}

export function useArtUpload(taskId: string) {
  return useArtMutation(taskId, (fileKey: string) =>
    apiPost('coverArt', `${path(taskId)}/upload`, { file_key: fileKey }),
  );
}

/** Exports the design (the browser draws the title layer) and refreshes the art's list. */
export function useArtExport(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      format: 'png' | 'jpeg';
      resolution: 'high' | 'low';
      design: ArtDesign;
      title_layer: string;
    }) => apiPost('artExport', `${path(taskId)}/export`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: coverArtKeys.art(taskId) }),
  });
}

export function useMakeVideo(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { export_id: string; format: VideoFormat }) =>
      apiPost('artVideo', `${path(taskId)}/videos`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: coverArtKeys.art(taskId) }),
  });
}

/** A share video, read every second while the worker makes it. */
export function useVideo(videoId: string | null, onSettled?: () => void) {
  return useQuery({
    queryKey: coverArtKeys.video(videoId ?? ''),
    enabled: videoId !== null,
    queryFn: async ({ signal }) => {
      const video = await apiGet(
        'artVideo',
        `/v1/cover-art/videos/${encodeURIComponent(videoId!)}`,
        {},
        signal,
      );
      if (video.status !== TaskStatus.waiting && video.status !== TaskStatus.running) onSettled?.();
      return video;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || status === TaskStatus.waiting || status === TaskStatus.running
        ? 1000
        : false;
    },
  });
}

export function useCreateShare(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { export_id: string; video_id?: string }) =>
      apiPost('artShare', `${path(taskId)}/shares`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: coverArtKeys.art(taskId) }),
  });
}

export function useRevokeShare(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      apiPost('artRevokeData', '/v1/cover-art/shares/revoke', { share_id: shareId }),
    onSuccess: () => void client.invalidateQueries({ queryKey: coverArtKeys.art(taskId) }),
  });
}
