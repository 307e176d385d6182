import { z } from 'zod';
import { cacheBust } from './api';
import { TaskStatus } from './task';
import { COVER_BACKINGS, COVER_DOWNLOAD_FORMATS, COVER_LIMITS, COVER_MIX_LIMITS } from './cover-rules';

// Limits and messages of the tool (no zod in that module: see there).
export * from './cover-rules';

// ---- AI Covers tasks (§3 Task, §4 task status, §7 /v1/vsas/*) ----------------
//
// A task turns one uploaded song into a cover in one voice. Anyone may create one (visitors too);
// the watermarked 30-second preview is free, the full-length MP3 costs one credit (§9: 1 credit =
// 1 audio download), charged through GET /v1/deduct with purpose 'download'. §7 does not show the
// payloads of these calls; this file defines them and the OpenAPI document publishes them.

export const coverBacking = z.enum(COVER_BACKINGS, {
  error: "must be 'keep', 'mute' or 'convert'",
});
export type CoverBacking = z.infer<typeof coverBacking>;

const coverTaskId = z
  .string({ error: 'task_id is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'task_id is not a task id');

/** 'auto' (the song's vocal moved into the voice's range) or whole semitones −12..12. */
export const coverKey = z.union(
  [
    z.literal('auto'),
    z.coerce
      .number({ error: "key must be 'auto' or a whole number of semitones" })
      .int("key must be 'auto' or a whole number of semitones")
      .min(
        -COVER_LIMITS.maxKeyShift,
        `key must be between -${COVER_LIMITS.maxKeyShift} and ${COVER_LIMITS.maxKeyShift}`,
      )
      .max(
        COVER_LIMITS.maxKeyShift,
        `key must be between -${COVER_LIMITS.maxKeyShift} and ${COVER_LIMITS.maxKeyShift}`,
      ),
  ],
  { error: "key must be 'auto' or a whole number of semitones" },
);

const coverCreateFields = z.object({
  kind: z.literal('ai-covers', { error: "kind must be 'ai-covers'" }).default('ai-covers'),
  /** A built-in voice id (GET /v1/common/category?module=ai-covers lists them). */
  voice_id: z
    .string({ error: 'voice_id is required' })
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'voice_id is not a voice id'),
  /** Storage key of the caller's uploaded song (the upload callback's storage_key). */
  file_key: z
    .string({ error: 'file_key must be a string' })
    .trim()
    .min(1, 'file_key is required')
    .max(512)
    .optional(),
  /**
   * Or a direct http(s) link to an audio or video file: the server fetches it into the caller's
   * library first (GET /v1/vsas/uri/check says beforehand whether it can).
   */
  external_uri: z
    .string({ error: 'external_uri must be a string' })
    .trim()
    .min(1, 'external_uri is empty')
    .max(2048, 'external_uri is longer than 2048 characters')
    .optional(),
  /**
   * Or the song as two stems the caller uploaded: the lead vocal and the instrumental (storage
   * keys, both together). Separation is skipped; their lengths must be close.
   */
  vocal_key: z
    .string({ error: 'vocal_key must be a string' })
    .trim()
    .min(1, 'vocal_key is empty')
    .max(512)
    .optional(),
  instrumental_key: z
    .string({ error: 'instrumental_key must be a string' })
    .trim()
    .min(1, 'instrumental_key is empty')
    .max(512)
    .optional(),
  key: coverKey.default('auto'),
  backing: coverBacking.default('keep'),
});

/**
 * `POST /v1/vsas/create` (JSON): the song is `file_key`, `external_uri`, or the stems pair
 * `vocal_key` + `instrumental_key`: exactly one of them.
 */
export const coverCreateBody = coverCreateFields
  .refine((body) => (body.vocal_key === undefined) === (body.instrumental_key === undefined), {
    message: 'vocal_key and instrumental_key go together',
    path: ['vocal_key'],
  })
  .refine(
    (body) => [body.file_key, body.external_uri, body.vocal_key].filter((v) => v !== undefined).length === 1,
    {
      message: 'file_key, external_uri or vocal_key + instrumental_key is required (one of them)',
      path: ['file_key'],
    },
  );
export type CoverCreateBody = z.infer<typeof coverCreateBody>;

/** `POST /v1/vsas/resubmit` (JSON): the same song again with other settings; a new task. */
export const coverResubmitBody = z.object({
  task_id: coverTaskId,
  voice_id: coverCreateFields.shape.voice_id.optional(),
  key: coverKey.optional(),
  backing: coverBacking.optional(),
});

export const coverTaskParams = z.object({ task_id: coverTaskId });

/** `GET /v1/vsas/subscribe/{task_id}`: waits (≤ 20 s) until status or progress differ from these. */
export const coverSubscribeQuery = z.object({
  status: z.coerce.number().int().min(1).max(6).optional(),
  progress: z.coerce.number().min(0).max(1).optional(),
  ...cacheBust,
});

/** `GET /v1/vsas/list`: repeated task_ids, or a page (§7 defaults: ai-covers, 1, 10000). */
export const coverListQuery = z.object({
  kind: z.literal('ai-covers', { error: "kind must be 'ai-covers'" }).default('ai-covers'),
  task_ids: z
    .union([coverTaskId, z.array(coverTaskId).max(100, 'at most 100 task_ids')])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).default(10_000),
  ...cacheBust,
});

/** `POST /v1/task/delete` (form-encoded). */
export const coverDeleteBody = z.object({ task_id: coverTaskId });
/** What a delete did: the task and its files are gone, or (running) it was closed (5) and stops. */
export const coverDeleteData = z.object({ task_id: z.string(), outcome: z.enum(['deleted', 'closed']) });
export type CoverDeleteData = z.infer<typeof coverDeleteData>;

/**
 * What a paid download hands out: the full song as MP3 320k (`mp3`), WAV (`wav`) or MP3 128k
 * (`mp3_low`), or the stems in one zip (`stems`: converted vocal, instrumental, original vocal).
 */
export const coverDownloadFormat = z.enum(COVER_DOWNLOAD_FORMATS, {
  error: `format must be one of ${COVER_DOWNLOAD_FORMATS.join(', ')}`,
});
export type CoverDownloadFormat = z.infer<typeof coverDownloadFormat>;

const mixLevel = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, `${name} must be between 0 and ${COVER_MIX_LIMITS.maxLevel}`)
    .max(COVER_MIX_LIMITS.maxLevel, `${name} must be between 0 and ${COVER_MIX_LIMITS.maxLevel}`);

/** Mix settings: linear levels 0..2 of the vocal and the instrumental, reverb amount 0..1. */
export const coverMix = z.object({
  vocal: mixLevel('vocal'),
  instrumental: mixLevel('instrumental'),
  reverb: z.coerce
    .number({ error: 'reverb must be a number' })
    .min(0, 'reverb must be between 0 and 1')
    .max(1, 'reverb must be between 0 and 1'),
});
export type CoverMix = z.infer<typeof coverMix>;

/** `POST /v1/vsas/remix` (JSON): mix a finished task again from its stems (a new result, same task). */
export const coverRemixBody = z.object({ task_id: coverTaskId, ...coverMix.shape });
export type CoverRemixBody = z.infer<typeof coverRemixBody>;

/** `GET /v1/vsas/download/{task_id}?format=`: which file to hand out (default the MP3 320k). */
export const coverDownloadQuery = z.object({ format: coverDownloadFormat.default('mp3'), ...cacheBust });

const taskStatusValue = z.union(
  Object.values(TaskStatus).map((v) => z.literal(v)) as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
    z.ZodLiteral<6>,
  ],
);

/**
 * What a running render is doing, as the engine reports it: reading the song, separating the
 * vocal from the accompaniment, converting the voice, mixing and levelling, encoding the files.
 */
export const COVER_STAGES = ['decode', 'separate', 'convert', 'mix', 'encode'] as const;
export const coverStage = z.enum(COVER_STAGES);
export type CoverStage = z.infer<typeof coverStage>;

/** One task as every /v1/vsas call returns it (§3 Task: task_id, kind, plus what the tool shows). */
export const coverTask = z.object({
  task_id: z.string(),
  kind: z.literal('ai-covers'),
  status: taskStatusValue,
  /** 0..1 while waiting/running; 1 when done. */
  progress: z.number(),
  voice_id: z.string(),
  /**
   * The voice's name as it was when the cover was made (an own voice deleted since keeps it);
   * null on covers made before names were kept.
   */
  voice_name: z.string().nullable(),
  /** Requested key: 'auto' or semitones. */
  key: z.union([z.literal('auto'), z.number().int()]),
  /** Semitones actually applied (known once the engine has analysed the song). */
  key_applied: z.number().int().nullable(),
  backing: coverBacking,
  /** The song's file name as uploaded. */
  song_name: z.string(),
  /**
   * The cover's title: the song's own title tag ('Artist – Title' when it names an artist), else
   * the file name without its extension.
   */
  title: z.string(),
  /** What the render is doing now (status 2); null while waiting and once it ended. */
  stage: coverStage.nullable(),
  /**
   * Seconds the render should still take, from the rate this run has made progress so far; null
   * until enough progress was measured (and when not running).
   */
  eta_seconds: z.number().int().min(0).nullable(),
  /** Song length in seconds, once known. */
  duration: z.number().nullable(),
  /** 'YYYY-MM-DD HH:mm' UTC (§5). */
  created_at: z.string(),
  /** User-facing reason when status is failed (4) or timeout (6). */
  error: z.string().nullable(),
  /**
   * Signed URL of the free, watermarked preview (status 3; while the render runs, 2, once it has
   * made the preview, which it makes first).
   */
  preview_url: z.string().nullable(),
  /** Where the preview starts in the song (seconds), to compare it with the original. */
  preview_start: z.number().nullable(),
  /** Signed URL of the uploaded song (status 3, while the song is still stored): the "before". */
  source_url: z.string().nullable(),
  /** True once this account has paid for the full download (re-downloads are free). */
  paid: z.boolean(),
  /** Credits the full download costs. */
  download_cost: z.number().int(),
  /** The download formats this task has (one paid download unlocks all of them). */
  formats: z.array(coverDownloadFormat),
  /** The mix of the current result: the render's defaults until a remix changes them. */
  mix: coverMix,
  /** True when the task kept its stems, so a remix (seconds, no new render) is possible. */
  remixable: z.boolean(),
  /** True when a failed task may be retried (false when the song itself cannot make a cover). */
  retryable: z.boolean(),
});
export type CoverTask = z.infer<typeof coverTask>;

export const coverCreateData = z.object({ task_id: z.string(), task: coverTask });
export const coverListData = z.object({
  rows: z.array(coverTask),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CoverListData = z.infer<typeof coverListData>;

/** `GET /v1/vsas/download/{task_id}`: a signed URL of the full MP3, after the download was charged. */
export const coverDownloadData = z.object({ url: z.string(), name: z.string(), expire: z.string() });
export type CoverDownloadData = z.infer<typeof coverDownloadData>;

/** `GET /v1/vsas/uri/check`: songs come from uploads only; links are validated and refused politely. */
export const coverUriCheckQuery = z.object({
  external_uri: z.string({ error: 'external_uri is required' }).trim().min(1).max(2048),
  ...cacheBust,
});
export const coverUriCheckData = z.object({ ok: z.boolean(), reason: z.string().nullable() });
