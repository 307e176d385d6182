import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HeadshotMsg, type HeadshotSubmitBody } from '@ai-covers/contracts';
import { apiGet, apiPost, request } from '../../shared/api/request';
import { retryUnanswered } from '../../shared/api/failures';
import { registerErrorMessages } from '../../shared/api/error-messages';
import { uploadFile } from '../../shared/upload/upload-client';

// The headshot messages join the one error map as soon as any headshot page loads.
registerErrorMessages('errors.headshots', HeadshotMsg);

/** Query keys of AI Headshots, one factory so invalidation cannot miss a key. */
export const headshotKeys = {
  all: ['headshots'] as const,
  plans: (signedIn: boolean) => ['headshots', 'plans', signedIn] as const,
  styles: (lang: string) => ['headshots', 'styles', lang] as const,
  photos: () => ['headshots', 'photos'] as const,
  packs: () => ['headshots', 'packs'] as const,
  pack: (packId: string) => ['headshots', 'packs', packId] as const,
  share: (shareId: string) => ['headshots', 'share', shareId] as const,
};

/** How often the upload page asks for photo checks still under way (they take about a second). */
export const PHOTO_POLL_MS = 1500;
/** How often a generating pack is read again. */
export const PACK_POLL_MS = 3000;

const enc = encodeURIComponent;

/** Plans (Basic 50, Pro 100) with the caller's unused packs, the limits and the §9 A/B switches. */
export function useHeadshotPlans(signedIn: boolean) {
  return useQuery({
    queryKey: headshotKeys.plans(signedIn),
    queryFn: ({ signal }) => apiGet('headshotPlansData', '/v1/headshots/plans', undefined, signal),
    staleTime: 30_000,
  });
}

/** Styles and the §3 backdrop resources, in the page language. */
export function useHeadshotStyles(lang: string) {
  return useQuery({
    queryKey: headshotKeys.styles(lang),
    queryFn: ({ signal }) => apiGet('headshotStylesData', '/v1/headshots/styles', { lang }, signal),
    staleTime: 30 * 60_000,
  });
}

/** The upload page's photos; read again while any check is still running. */
export function useHeadshotPhotos(enabled: boolean) {
  return useQuery({
    queryKey: headshotKeys.photos(),
    queryFn: ({ signal }) => apiGet('headshotPhotosData', '/v1/headshots/photos', undefined, signal),
    enabled,
    refetchInterval: (query) => ((query.state.data?.checking ?? 0) > 0 ? PHOTO_POLL_MS : false),
  });
}

/**
 * Uploads one photo through the storage upload (kind 'headshots') and hands it to the check;
 * `replaceId` swaps it for a declined photo in the same step.
 */
export async function addHeadshotPhoto(file: File, replaceId?: string, onProgress?: (f: number) => void) {
  const uploaded = await uploadFile(file, {
    kind: 'headshots',
    action: 'headshot',
    ...(onProgress ? { onProgress } : {}),
  });
  return apiPost('headshotPhotoData', '/v1/headshots/photos', {
    file_id: uploaded.id,
    ...(replaceId ? { replace_id: replaceId } : {}),
  });
}

/** Removes a photo from the upload page. */
export function deleteHeadshotPhoto(photoId: string) {
  return request('headshotPhotoDeleteData', 'DELETE', `/v1/headshots/photos/${enc(photoId)}`);
}

/** Deletes a photo and refreshes the lists. */
export function useDeleteHeadshotPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteHeadshotPhoto,
    onSettled: () => client.invalidateQueries({ queryKey: headshotKeys.photos() }),
  });
}

/**
 * One of the visitor's approved photos rendered in a style (the backdrop tile they chose), kept
 * for the session: choosing the tile again shows it at once.
 */
export function useBackdropPreview(photoId: string | null, style: string | null) {
  return useQuery({
    queryKey: [...headshotKeys.all, 'backdrop-preview', photoId, style] as const,
    queryFn: ({ signal }) =>
      apiPost(
        'headshotBackdropPreviewData',
        `/v1/headshots/photos/${enc(photoId ?? '')}/backdrop-preview`,
        { style },
        { signal },
      ),
    enabled: photoId !== null && style !== null,
    staleTime: Infinity,
    retry: false,
    // A render longer than one answer goes on on the server: ask again until it is ready.
    refetchInterval: (query) => (query.state.data?.ready === false ? 3000 : false),
  });
}

/** Removes every declined photo in one call; the list reads again. */
export function useRemoveDeclinedPhotos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('headshotDeclinedRemoveData', '/v1/headshots/photos/remove-declined'),
    onSettled: () => client.invalidateQueries({ queryKey: headshotKeys.photos() }),
  });
}

/** §8: a submit the server could not take reads 'Submission failed (retry or contact us)' unless it says why. */
export function submitHeadshotPack(body: HeadshotSubmitBody) {
  return apiPost('headshotOnePackData', '/v1/headshots/packs', body);
}

/** Submits a pack: the photos leave the upload page and the pack joins the list. */
export function useSubmitHeadshotPack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitHeadshotPack,
    onSuccess: ({ pack }) => {
      client.setQueryData(headshotKeys.pack(pack.id), undefined);
      void client.invalidateQueries({ queryKey: headshotKeys.all });
    },
  });
}

/** The caller's packs, newest first. */
export function useHeadshotPacks(enabled: boolean) {
  return useQuery({
    queryKey: headshotKeys.packs(),
    queryFn: ({ signal }) => apiGet('headshotPacksData', '/v1/headshots/packs', undefined, signal),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.rows.some((p) => p.status === 'generating') ? PACK_POLL_MS : false,
  });
}

/** One pack with its results and shares; read again while it is generating. */
export function useHeadshotPack(packId: string, enabled = true) {
  return useQuery({
    queryKey: headshotKeys.pack(packId),
    queryFn: ({ signal }) =>
      apiGet('headshotPackDetailData', `/v1/headshots/packs/${enc(packId)}`, undefined, signal),
    enabled: enabled && packId !== '',
    retry: retryUnanswered,
    refetchInterval: (query) => (query.state.data?.pack.status === 'generating' ? PACK_POLL_MS : false),
  });
}

/** §8: any refusal of a retry reads 'Retry failed' unless the server says why. */
export function retryHeadshotPack(packId: string) {
  return apiPost('headshotOnePackData', `/v1/headshots/packs/${enc(packId)}/retry`);
}

/** Retries a failed pack; its cached detail and the list are refreshed. */
export function useRetryHeadshotPack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryHeadshotPack,
    onSuccess: (_data, packId) => {
      void client.invalidateQueries({ queryKey: headshotKeys.pack(packId) });
      void client.invalidateQueries({ queryKey: headshotKeys.packs() });
    },
  });
}

/** A short-lived signed URL streaming the zip of all results, or of `ids` only. */
export function fetchHeadshotZip(packId: string, ids: readonly string[] = []) {
  return apiGet(
    'headshotZipData',
    `/v1/headshots/packs/${enc(packId)}/zip`,
    ids.length ? { ids: ids.join(',') } : {},
  );
}

/** Turns on a public link for a pack. */
export function useCreateHeadshotShare(packId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('headshotShareData', `/v1/headshots/packs/${enc(packId)}/shares`),
    onSuccess: () => client.invalidateQueries({ queryKey: headshotKeys.pack(packId) }),
  });
}

/** Turns a public link off for good (its page and its pack read again). */
export function useRevokeHeadshotShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      apiPost('headshotShareData', `/v1/headshots/shares/${enc(shareId)}/revoke`),
    onSuccess: () => client.invalidateQueries({ queryKey: headshotKeys.all }),
  });
}

/** A shared pack as anyone with the link sees it (no sign-in). */
export function useHeadshotShareView(shareId: string) {
  return useQuery({
    queryKey: headshotKeys.share(shareId),
    queryFn: ({ signal }) =>
      apiGet('headshotShareView', `/v1/headshots/shares/${enc(shareId)}`, undefined, signal),
    enabled: shareId !== '',
    retry: retryUnanswered,
  });
}

/** Deletes every pack, result and photo of the account, for good (§4). */
export function useDeleteAllHeadshots() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('headshotDeleteAllData', '/v1/headshots/delete-all', { confirm: true }),
    onSettled: () => client.invalidateQueries({ queryKey: headshotKeys.all }),
  });
}

export { HeadshotMsg };

/** The free watermarked try-outs of the §9 tests: one trial result, or the previews while choosing a plan. */
export type FreeRun = 'trial' | 'previews';

/** Starts a free try-out (portrait trial picture or pre-generation, plan 2); it is polled like any pack. */
export function useStartFreeRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { run: FreeRun; photo_ids: string[]; styles: string[] }) =>
      apiPost('headshotOnePackData', `/v1/headshots/${input.run}`, {
        photo_ids: input.photo_ids,
        styles: input.styles,
        agree: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: headshotKeys.all }),
  });
}
