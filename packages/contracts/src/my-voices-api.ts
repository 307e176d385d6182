import { z } from 'zod';
import { cacheBust } from './api';
import { TaskStatus } from './task';
import { MY_VOICE_LIMITS, MyVoiceMsg } from './my-voices-rules';

// ---- "My voices": a voice profile trained from the account's own recording -------------------
//
// The spec names no calls for this, so the routes are ours, published in the OpenAPI document.
// Every response is the `{code, data, msg}` envelope around the `…Data` schema named next to it.
// Every call needs sign-in (40001 'Not logged in, please log in first'); a voice id that is not
// the caller's answers 40004 'The voice does not exist.' whether or not it exists.
//
// Flow: upload the recording through the storage calls (`GET /v1/storage/token?kind=ai-covers`,
// the signed PUT, its callback → `storage_key`), then `POST /v1/my-voices` with that key, a name
// and the consent; poll `GET /v1/my-voices/{voice_id}` while status is 1 (waiting) or 2 (training).
// A ready voice (3) is used in covers like a built-in one: `voice_id` of `POST /v1/vsas/create`.
//
// Routes (request schema → data schema):
//   GET    /v1/my-voices                       → myVoicesData
//   POST   /v1/my-voices                       myVoiceCreateBody → myVoiceData
//   GET    /v1/my-voices/{voice_id}            myVoiceParams → myVoiceData
//   POST   /v1/my-voices/{voice_id}/retry      myVoiceParams → myVoiceData
//   POST   /v1/my-voices/{voice_id}/delete     myVoiceParams → myVoiceDeleteData

/** A voice id of "My voices": `my-` and 12 hex digits (also a valid cover `voice_id`). */
export const MY_VOICE_ID = /^my-[a-f0-9]{12}$/;
export const isMyVoiceId = (id: string) => MY_VOICE_ID.test(id);

export const myVoiceParams = z.object({
  voice_id: z.string().regex(MY_VOICE_ID, 'voice_id is not a voice id'),
});
export const myVoicesQuery = z.object({ ...cacheBust });

export const myVoiceCreateBody = z.object({
  name: z
    .string({ error: MyVoiceMsg.nameRequired })
    .trim()
    .min(1, MyVoiceMsg.nameRequired)
    .max(
      MY_VOICE_LIMITS.maxNameLength,
      `The name can be at most ${MY_VOICE_LIMITS.maxNameLength} characters.`,
    ),
  /** storage_key of the caller's uploaded recording. */
  sample_key: z.string({ error: 'sample_key is required' }).min(1, 'sample_key is required').max(300),
  /** Must be true: the person says the voice is theirs or that they have permission. */
  consent: z.literal(true, { error: MyVoiceMsg.consentRequired }),
});
export type MyVoiceCreateBody = z.infer<typeof myVoiceCreateBody>;

export const myVoiceStatus = z.union([
  z.literal(TaskStatus.waiting),
  z.literal(TaskStatus.running),
  z.literal(TaskStatus.done),
  z.literal(TaskStatus.failed),
  z.literal(TaskStatus.timeout),
]);

export const myVoice = z.object({
  voice_id: z.string(),
  name: z.string(),
  /** §4 task status: 1 waiting, 2 training, 3 ready, 4 failed, 6 timed out. */
  status: myVoiceStatus,
  /** 0..1 while training; 1 when ready. */
  progress: z.number(),
  /** Why training failed, for the person (null unless 4 or 6). */
  error: z.string().nullable(),
  /** True when a retry may help (a failed run that was not the recording's fault). */
  retryable: z.boolean(),
  consent_version: z.string(),
  /** When consent was given (ISO 8601). */
  consent_at: z.string(),
  created_at: z.string(),
  /** Length of the recording in seconds, when known. */
  sample_seconds: z.number().nullable(),
  /** Signed URL of the recording while it exists. */
  sample_url: z.string().nullable(),
  /** Sung range of a ready voice (e.g. 'A2–E4'), else null. */
  range: z.string().nullable(),
});
export type MyVoice = z.infer<typeof myVoice>;

export const myVoiceData = myVoice;
export const myVoicesData = z.object({ list: z.array(myVoice) });
export type MyVoicesData = z.infer<typeof myVoicesData>;
export const myVoiceDeleteData = z.object({ voice_id: z.string(), deleted: z.literal(true) });
