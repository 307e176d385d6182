import { useQuery } from '@tanstack/react-query';
import { TaskStatus, type MyVoice, type MyVoiceCreateBody } from '@ai-covers/contracts';
import { apiGet, apiPost } from '../../shared/api/request';
import { checkedBody } from '../../shared/api/checked-body';
import { selectSignedIn, useAuthStore } from '../auth';

/** Query keys of "My voices". */
export const myVoiceKeys = {
  list: ['my-voices', 'list'] as const,
};

/** While a voice trains, the list is read again this often. */
export const TRAINING_POLL_MS = 2000;

export const isTraining = (voice: Pick<MyVoice, 'status'>) =>
  voice.status === TaskStatus.waiting || voice.status === TaskStatus.running;

/** `GET /v1/my-voices`: the signed-in account's own voices. */
export function listMyVoices(signal?: AbortSignal) {
  return apiGet('myVoicesData', '/v1/my-voices', {}, signal);
}

/** `POST /v1/my-voices`: a new voice from an uploaded recording; the body passes the contract first. */
export async function createMyVoice(input: MyVoiceCreateBody) {
  return apiPost('myVoiceData', '/v1/my-voices', await checkedBody('myVoiceCreateBody', input));
}

/** `POST /v1/my-voices/{voice_id}/retry`. */
export function retryMyVoice(voiceId: string) {
  return apiPost('myVoiceData', `/v1/my-voices/${encodeURIComponent(voiceId)}/retry`);
}

/** `POST /v1/my-voices/{voice_id}/delete`. */
export function deleteMyVoice(voiceId: string) {
  return apiPost('myVoiceDeleteData', `/v1/my-voices/${encodeURIComponent(voiceId)}/delete`);
}

/** The account's voices (none asked for while signed out), polled while one trains. */
export function useMyVoices() {
  const signedIn = useAuthStore(selectSignedIn);
  return useQuery({
    queryKey: myVoiceKeys.list,
    queryFn: ({ signal }) => listMyVoices(signal).then((data) => data.list),
    enabled: signedIn,
    refetchInterval: (query) => (query.state.data?.some(isTraining) ? TRAINING_POLL_MS : false),
  });
}
