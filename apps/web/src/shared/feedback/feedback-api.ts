import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackBody, FeedbackKind } from '@ai-covers/contracts';
import { apiGet, apiPost } from '../api/request';

/** Query keys of feedback, one factory. */
export const feedbackKeys = {
  one: (kind: FeedbackKind, subjectId: string) => ['feedback', kind, subjectId] as const,
};

/** `GET /v1/feedback`: the caller's feedback on a result, or null. */
export function fetchFeedback(kind: FeedbackKind, subjectId: string, signal?: AbortSignal) {
  return apiGet('feedbackAnswer', '/v1/feedback', { kind, subject_id: subjectId }, signal);
}

/** `POST /v1/feedback`: sends (or replaces) the caller's feedback. */
export function sendFeedback(body: FeedbackBody) {
  return apiPost('feedbackData', '/v1/feedback', body);
}

/** The caller's feedback on one result. */
export function useFeedback(kind: FeedbackKind, subjectId: string, enabled = true) {
  return useQuery({
    queryKey: feedbackKeys.one(kind, subjectId),
    queryFn: ({ signal }) => fetchFeedback(kind, subjectId, signal),
    enabled,
  });
}

/** Sends feedback; the stored answer replaces the cached one. */
export function useSendFeedback(kind: FeedbackKind, subjectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: (feedback) => client.setQueryData(feedbackKeys.one(kind, subjectId), { feedback }),
  });
}
