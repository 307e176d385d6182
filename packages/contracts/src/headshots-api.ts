import { z } from 'zod';
import { cacheBust } from './api';
import { HEADSHOT_LIMITS } from './headshots-plans';
import { HEADSHOT_FORMATS, photoDeclineCode, photoFace } from './headshots-rules';

// ---- AI Headshots HTTP contract (§1.2, §2, §3, §4, §5, §8, §9) ---------------------------
//
// The spec names no headshot calls, so every route is ours under `/v1/headshots/...`, published in
// the OpenAPI document. Every response is the `{code, data, msg}` envelope around the `…Data`
// schema named next to each route. Ids are opaque strings. Times are ISO 8601 unless a field says
// 'YYYY-MM-DD HH:mm' (§5). URLs of images are signed and expire (`url_expire`).
//
// Flow: upload each photo through the storage calls (`GET /v1/storage/token?kind=headshots`, the
// signed PUT, its callback → `UploadedFile.id`), then `POST /v1/headshots/photos` with that id; the
// check runs in the background, so poll `GET /v1/headshots/photos` until no photo is 'checking'.
// Buy a plan through checkout (`GET /v1/cart?type=headshots`, then `POST /v1/billing/checkout` with
// the plan's `sku`); a paid pack shows as `available` in `GET /v1/headshots/plans`. Submit with
// `POST /v1/headshots/packs`; poll `GET /v1/headshots/packs/{pack_id}` while 'generating'.
//
// Routes (request schema → data schema):
//   GET    /v1/headshots/plans                          → headshotPlansData (signed out too)
//   GET    /v1/headshots/styles?lang                    headshotStylesQuery → headshotStylesData
//   GET    /v1/headshots/photos                         → headshotPhotosData
//   POST   /v1/headshots/photos                         headshotPhotoAddBody → headshotPhotoData
//   GET    /v1/headshots/photos/{photo_id}              headshotPhotoParams → headshotPhotoData
//   DELETE /v1/headshots/photos/{photo_id}              headshotPhotoParams → headshotPhotoDeleteData
//   POST   /v1/headshots/photos/remove-declined          → headshotDeclinedRemoveData
//   POST   /v1/headshots/photos/{photo_id}/backdrop-preview  headshotBackdropPreviewBody → headshotBackdropPreviewData
//   GET    /v1/headshots/packs                          → headshotPacksData
//   POST   /v1/headshots/packs                          headshotSubmitBody → headshotOnePackData
//   GET    /v1/headshots/packs/{pack_id}                headshotPackParams → headshotPackDetailData
//   POST   /v1/headshots/packs/{pack_id}/retry          → headshotRetryData
//   POST   /v1/headshots/packs/{pack_id}/delete         → headshotPackDeleteData
//   GET    /v1/headshots/packs/{pack_id}/zip?ids        headshotZipQuery → headshotZipData
//   GET    /v1/headshots/zip?token                      the streamed application/zip (no sign-in)
//   POST   /v1/headshots/packs/{pack_id}/shares         → headshotShareData
//   POST   /v1/headshots/shares/{share_id}/revoke       headshotShareParams → headshotShareData
//   GET    /v1/headshots/shares/{share_id}              → headshotShareView (no sign-in; 410 revoked)
//   POST   /v1/headshots/delete-all                     headshotDeleteAllBody → headshotDeleteAllData
//   POST   /v1/headshots/trial                          headshotTrialBody → headshotOnePackData (A/B)
//   POST   /v1/headshots/previews                       headshotPreviewBody → headshotOnePackData (A/B)
// Every call but those marked 'no sign-in' and plans/styles needs sign-in (40001 'Not logged in, please log in first').
// Pages the server links to (shares, mails), under BASE_PATH + HEADSHOTS_BASE_PATH:
//   share page `…/usercenter/share?id={share_id}`, pack detail `…/usercenter/detail?id={pack_id}`.

const opaqueId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, `${name} is not an id`);

export const headshotPhotoId = opaqueId('photo_id');
export const headshotPackId = opaqueId('pack_id');
export const headshotResultId = opaqueId('result_id');
export const headshotShareId = opaqueId('share_id');

/** Messages of the headshot product beyond the verbatim §8 ones (those are in `Msg`). */
export const HeadshotMsg = {
  /** §8 verbatim: a submit that could not be taken. */
  submitFailed: 'Submission failed (retry or contact us)',
  /** §8 verbatim: a pack whose generation failed. */
  generateFailed: 'Failed to generate your headshots. Try again or contact us',
  /** §8 verbatim: outcome of `POST …/retry`. */
  retryFailed: 'Retry failed',
  retryOk: 'Retry succeeded',
  /** §8 verbatim (same text as `Msg.imageLimit`). */
  imageLimit: 'Image upload limit exceeded (max 20 images).',
  agreementRequired: 'Please agree to the terms, the privacy policy and the upload requirements first.',
  noPaidPack: 'Buy a headshot pack first: no unused pack of this plan is left on your account.',
  photosInPack: 'These photos are already in one of your packs.',
  notOnSale: 'Headshot packs are not on sale at the moment.',
  notEnoughPhotos: 'Add at least 5 approved photos before submitting.',
  photoNotApproved: 'Only approved photos can be used; replace the declined ones.',
  photoStillChecking: 'Some photos are still being checked. Wait a few seconds and try again.',
  notAnImage: 'Format not supported',
  shareRevoked: 'This link was turned off by its owner. The headshots are no longer shared.',
  packExpired: 'These headshots were deleted after 30 days.',
  notRetryable: 'Only a pack whose generation failed can be retried.',
  /** A paid run whose photos could not make the pack: the pack is back on the account, unspent. */
  packGivenBack:
    'These photos gave fewer distinct headshots than your pack has. Your pack was given back, unused, and your photos are on the upload page again: add more varied photos and submit again.',
  /** Retry of a pack that was given back: there is nothing to retry. */
  givenBackNoRetry: 'This pack was given back unused. Submit your photos again from the upload page.',
  trialUsed: 'Your free trial headshot has already been made.',
  previewBusy: 'Previews are busy right now. Try again in a few seconds.',
  /**
   * A photo that gives no framing (its check found none, or its matte showed the photo cuts off the
   * top of the head): no backdrop can show it, so asking again would change nothing.
   */
  photoNoFraming:
    'This photo gives no headshot framing: it cuts off the top of your head or leaves too little room around your face. Use another photo.',
} as const;

// ---- settings, plans, styles, backdrops -------------------------------------------------------

export const headshotPlanId = z.enum(['basic', 'pro'], { error: 'plan must be basic or pro' });
/** Gender asked on the upload page (§3). Recorded with the pack; the pipeline does not use it. */
export const headshotGender = z.enum(['female', 'male', 'unspecified'], {
  error: 'gender must be female, male or unspecified',
});
export type HeadshotGender = z.infer<typeof headshotGender>;

/** `GET /v1/headshots/plans`: the plans of §9, whether they sell, and the caller's unused packs. */
export const headshotPlansData = z.object({
  /** False until the pipeline is wired: the cart then lists no headshot pack and checkout refuses one. */
  on_sale: z.boolean(),
  plans: z.array(
    z.object({
      id: headshotPlanId,
      name: z.string(),
      /** Results in a pack (Basic 50, Pro 100). */
      results: z.number().int(),
      /** The checkout sku (`POST /v1/billing/checkout`). */
      sku: z.string(),
      /** Paid, unused packs of this plan on the caller's account (0 signed out). */
      available: z.number().int(),
    }),
  ),
  min_photos: z.number().int(),
  max_photos: z.number().int(),
  /** Most styles one pack may take (the n/m counter's m). */
  max_styles: z.number().int(),
  /** Days results and photos are kept. */
  retention_days: z.number().int(),
  /** The product's base path (HEADSHOTS_BASE_PATH), e.g. '/headshots'. */
  base_path: z.string(),
  /**
   * The §9 A/B tests as the server applies them to this account (plan 2 = on); signed out all off.
   * trial: `POST /v1/headshots/trial` is open; multiple_run: trials and previews give
   * HEADSHOT_MULTIPLE_RUN_PER_STYLE results per style; pre_generation: `POST /v1/headshots/previews`.
   */
  ab: z.object({ trial: z.boolean(), multiple_run: z.boolean(), pre_generation: z.boolean() }),
  /** True once this account has made its free trial. */
  trial_used: z.boolean(),
});
export type HeadshotPlansData = z.infer<typeof headshotPlansData>;

export const headshotStylesQuery = z.object({ lang: z.string().max(8).optional(), ...cacheBust });

/**
 * A background resource of §3 (name, url, id): one style. Backdrops are drawn while a pack renders
 * (no image files), so `url` is null until a preview exists.
 */
export const headshotBackdrop = z.object({ id: z.string(), name: z.string(), url: z.string().nullable() });
export type HeadshotBackdrop = z.infer<typeof headshotBackdrop>;

/** One style: what the style picker shows. */
export const headshotStyle = z.object({
  id: z.string(),
  name: z.string(),
  /** Category name (the §3 menu: 'All' first, then these). */
  category: z.string(),
  /** Distinct results one photo gives in this style (backdrops × framings × grades). */
  variants_per_photo: z.number().int(),
});
export type HeadshotStyle = z.infer<typeof headshotStyle>;

/**
 * `GET /v1/headshots/styles`: styles and the §3 background menu. `categories` is keyed by category
 * name, each with its resources; the client's menu puts 'All' first.
 */
export const headshotStylesData = z.object({
  styles: z.array(headshotStyle),
  categories: z.array(z.object({ name: z.string(), resources: z.array(headshotBackdrop) })),
});
export type HeadshotStylesData = z.infer<typeof headshotStylesData>;

// ---- photos ----------------------------------------------------------------------------------

export const HEADSHOT_PHOTO_STATUSES = ['checking', 'approved', 'declined'] as const;
export const headshotPhotoStatus = z.enum(HEADSHOT_PHOTO_STATUSES);

/** `POST /v1/headshots/photos`: adds an uploaded file (storage id) and starts its check. */
export const headshotPhotoAddBody = z.object({
  file_id: z.coerce.number({ error: 'file_id is required' }).int().positive('file_id is not a file id'),
  /** Replaces this photo (a declined one, usually) in the same step, so 20 stays the limit. */
  replace_id: headshotPhotoId.optional(),
});

/** One uploaded photo and its check. */
export const headshotPhoto = z.object({
  id: z.string(),
  name: z.string(),
  status: headshotPhotoStatus,
  /** Decline codes (empty unless declined). */
  reasons: z.array(photoDeclineCode),
  /** English reasons with placeholders filled (the web translates `reasons` with `data`). */
  messages: z.array(z.string()),
  /** Values for the reasons' placeholders (width, height, limits…). */
  data: z.record(z.string(), z.union([z.string(), z.number()])),
  face: photoFace.nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  format: z.enum(HEADSHOT_FORMATS).nullable(),
  /**
   * Distinct headshots this photo gives (framings × light set-ups; 0 when declined, null while
   * checking or for a photo checked before this was kept).
   */
  capacity: z.number().int().nullable(),
  /** Signed URL of the photo (null once deleted). */
  url: z.string().nullable(),
  /** The pack that used it, or null while it is on the upload page. */
  pack_id: z.string().nullable(),
  created_at: z.string(),
  /** When the photo and its bytes are deleted (30 days). */
  expires_at: z.string(),
});
export type HeadshotPhoto = z.infer<typeof headshotPhoto>;

export const headshotPhotoParams = z.object({ photo_id: headshotPhotoId });
export const headshotPhotoData = z.object({ photo: headshotPhoto });

/** `GET /v1/headshots/photos`: the upload page's photos (not yet in a pack), oldest first. */
export const headshotPhotosData = z.object({
  photos: z.array(headshotPhoto),
  approved: z.number().int(),
  declined: z.number().int(),
  checking: z.number().int(),
  max_photos: z.number().int(),
  /**
   * Distinct headshots the approved photos give together (a copy counted once): a submit whose
   * pack has more results is refused before the pack is spent.
   */
  capacity: z.number().int(),
  /** Results a pack of each plan makes on this server (the plan's count, or the server's cap). */
  pack_results: z.object({ basic: z.number().int(), pro: z.number().int() }),
  /**
   * For each plan, about how many more varied photos the pack needs (at these photos' average
   * distinct results per photo); 0 when the approved photos already give its results.
   */
  more_photos: z.object({ basic: z.number().int(), pro: z.number().int() }),
});
export type HeadshotPhotosData = z.infer<typeof headshotPhotosData>;

/** `DELETE /v1/headshots/photos/{photo_id}`: removes a photo from the upload page (bytes too). */
export const headshotPhotoDeleteData = z.object({ id: z.string(), deleted: z.literal(true) });

/**
 * `POST /v1/headshots/photos/{photo_id}/backdrop-preview`: one of the caller's approved photos
 * rendered in one style (its first result), before paying. A render that takes longer than the
 * answer may wait goes on: `ready` is false and the same call asks again. 503 with
 * `HeadshotMsg.previewBusy` while the previews are busy.
 */
export const headshotBackdropPreviewBody = z.object({
  style: z.string({ error: 'style must be a style id' }).trim().min(1).max(64),
});
export const headshotBackdropPreviewData = z.object({
  style: z.string(),
  /** False while the render goes on (ask again in a few seconds). */
  ready: z.boolean(),
  /** The rendered result as a WebP data URL; null until ready. */
  image: z.string().startsWith('data:image/webp;base64,').nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Rendered before for this photo and style, and kept. */
  cached: z.boolean(),
  /** Server time spent, in milliseconds. */
  ms: z.number().int(),
});

/** `POST /v1/headshots/photos/remove-declined`: every declined photo off the upload page at once. */
export const headshotDeclinedRemoveData = z.object({ deleted: z.number().int().min(0) });

// ---- packs -----------------------------------------------------------------------------------

/** §4 pack states. 'none yet' is an empty list. */
export const HEADSHOT_PACK_STATUSES = ['generating', 'success', 'failure'] as const;
export const headshotPackStatus = z.enum(HEADSHOT_PACK_STATUSES);
export type HeadshotPackStatus = z.infer<typeof headshotPackStatus>;

/** `POST /v1/headshots/packs`: spends one paid pack of `plan` on these photos and styles. */
export const headshotSubmitBody = z.object({
  photo_ids: z
    .array(headshotPhotoId, { error: 'photo_ids must be a list of photo ids' })
    .min(5, 'Add at least 5 approved photos before submitting.')
    .max(20, 'Image upload limit exceeded (max 20 images).'),
  styles: z
    .array(z.string().trim().min(1).max(64), { error: 'styles must be a list of style ids' })
    .min(1, 'Choose a style.')
    .max(3, 'Choose at most 3 styles.'),
  gender: headshotGender,
  plan: headshotPlanId,
  /** The terms, the privacy policy and the upload requirements were accepted (§5). */
  agree: z.boolean({ error: 'agree is required' }),
});
export type HeadshotSubmitBody = z.infer<typeof headshotSubmitBody>;

/** One delivered headshot. */
export const headshotResult = z.object({
  id: z.string(),
  /** 1-based place in the pack. */
  index: z.number().int(),
  /** Signed URL of the full JPEG (at least 1024×1280). */
  url: z.string(),
  /** Signed URL of the 256×320 thumbnail. */
  thumb_url: z.string(),
  /** Signed URL that downloads the JPEG with its file name. */
  download_url: z.string(),
  name: z.string(),
  style: z.string(),
  backdrop: z.string(),
  framing: z.string(),
  grade: z.string(),
  /** Face similarity 0..1 to the person's other approved photos (0.5 and up: the same person). */
  likeness: z.number(),
});
export type HeadshotResult = z.infer<typeof headshotResult>;

/** A pack as lists show it. */
export const headshotPack = z.object({
  id: z.string(),
  status: headshotPackStatus,
  /** The shared task status of §4: 1 waiting, 2 running, 3 done, 4 failed. */
  task_status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  plan: headshotPlanId,
  styles: z.array(z.string()),
  gender: headshotGender,
  /** Results the plan promises. */
  count: z.number().int(),
  /** Results delivered so far. */
  delivered: z.number().int(),
  /** 0..1, never decreasing while generating; 1 on success. */
  progress: z.number(),
  /** Pipeline stage while generating: 'queued', 'checking', 'matting', 'rendering'. */
  stage: z.string().nullable(),
  /** Seconds left by our measured rate (queue included) while generating; null otherwise. */
  estimate_seconds: z.number().int().nullable(),
  /** User-facing reason while status is 'failure' (§8). */
  error: z.string().nullable(),
  /** Retries asked so far. */
  retries: z.number().int(),
  /** Signed thumbnail of the first result, or null. */
  cover_url: z.string().nullable(),
  photos: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When results and photos are deleted (30 days after the pack finished; §4). */
  expires_at: z.string().nullable(),
  /**
   * 'paid' spends a bought pack; 'trial' is the free watermarked result of the portrait trial
   * picture test; 'preview' the free watermarked previews of the pre-generation test (§9).
   */
  kind: z.enum(['paid', 'trial', 'preview']),
});
export type HeadshotPack = z.infer<typeof headshotPack>;

/** One of the owner's public links. `url` is absolute, under HEADSHOTS_BASE_PATH. */
export const headshotShare = z.object({
  id: z.string(),
  url: z.string(),
  revoked: z.boolean(),
  created_at: z.string(),
});
export type HeadshotShare = z.infer<typeof headshotShare>;

export const headshotPackParams = z.object({ pack_id: headshotPackId });
export const headshotPackQuery = z.object({ ...cacheBust });
export const headshotOnePackData = z.object({ pack: headshotPack });

/** `GET /v1/headshots/packs/{pack_id}`: the pack with its results and shares. */
export const headshotPackDetailData = z.object({
  pack: headshotPack,
  results: z.array(headshotResult),
  shares: z.array(headshotShare),
  url_expire: z.string(),
});
export type HeadshotPackDetailData = z.infer<typeof headshotPackDetailData>;

/** `GET /v1/headshots/packs`: the caller's packs, newest first (empty = 'none yet'). */
export const headshotPacksData = z.object({ rows: z.array(headshotPack) });
export type HeadshotPacksData = z.infer<typeof headshotPacksData>;

/**
 * `POST /v1/headshots/packs/{pack_id}/retry`: a failed pack generates again, at no new charge.
 * `msg` is 'Retry succeeded'; a refusal carries 'Retry failed' or the reason.
 */
export const headshotRetryData = headshotOnePackData;

/** `POST /v1/headshots/packs/{pack_id}/delete`: one pack, its results and photos, bytes too. */
export const headshotPackDeleteData = z.object({ id: z.string(), deleted: z.literal(true) });

// ---- downloads -------------------------------------------------------------------------------

/** `GET /v1/headshots/packs/{pack_id}/zip`: `ids` picks results (comma-separated); none = all. */
export const headshotZipQuery = z.object({
  ids: z
    .string()
    .max(100 * 65)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(headshotResultId).max(100, 'at most 100 results')),
  ...cacheBust,
});

/**
 * Answer of the zip call: a short-lived signed URL (no Authorization header needed, so a plain
 * link or `window.location` can start it) that streams `application/zip`.
 */
export const headshotZipData = z.object({ url: z.string(), name: z.string(), expire: z.string() });
export type HeadshotZipData = z.infer<typeof headshotZipData>;

// ---- shares ----------------------------------------------------------------------------------

/** `POST /v1/headshots/packs/{pack_id}/shares` → `headshotShareData`. */
export const headshotShareData = z.object({ share: headshotShare });
export const headshotShareParams = z.object({ share_id: headshotShareId });
/** `POST /v1/headshots/shares/{share_id}/revoke` → `headshotShareData` (revoked: true). */

/**
 * `GET /v1/headshots/shares/{share_id}` (no sign-in): what a visitor of the share page sees.
 * A revoked link answers 410 with `HeadshotMsg.shareRevoked`; an unknown one 404.
 */
export const headshotShareView = z.object({
  id: z.string(),
  created_at: z.string(),
  count: z.number().int(),
  results: z.array(headshotResult.omit({ likeness: true })),
  /** Signed URL streaming every result as a zip. */
  zip_url: z.string(),
  url_expire: z.string(),
  /** True when the signed-in caller owns the pack: the page offers to turn the link off. */
  mine: z.boolean(),
});
export type HeadshotShareView = z.infer<typeof headshotShareView>;

// ---- delete all ------------------------------------------------------------------------------

/** `POST /v1/headshots/delete-all`: permanent; `confirm` must be true (§4). */
export const headshotDeleteAllBody = z.object({
  confirm: z.literal(true, { error: 'confirm must be true: deleting all headshots is permanent' }),
});
export const headshotDeleteAllData = z.object({
  packs: z.number().int(),
  results: z.number().int(),
  photos: z.number().int(),
});
export type HeadshotDeleteAllData = z.infer<typeof headshotDeleteAllData>;

// ---- A/B tests of §9 (plan 2 = on) -----------------------------------------------------------

/**
 * `POST /v1/headshots/trial` (portrait trial picture, plan 2): one free watermarked result (four
 * per style with multiple run on) before paying, once per account. Answers `headshotOnePackData`
 * with kind 'trial'; poll it like any pack. Without the test on: 403.
 */
export const headshotTrialBody = z.object({
  // §5 single-photo mode: one photo, the trial's likeness is judged against that one.
  photo_ids: z
    .array(headshotPhotoId)
    .length(HEADSHOT_LIMITS.singlePhotoModePhotos, 'the free trial takes one photo (single-photo mode)'),
  styles: z.array(z.string().trim().min(1).max(64)).min(1).max(3),
  agree: z.boolean({ error: 'agree is required' }),
});

/**
 * `POST /v1/headshots/previews` (portrait pre-generation, plan 2): HEADSHOT_PREVIEW_COUNT free
 * watermarked previews while the user picks a plan. Answers `headshotOnePackData` with kind 'preview'.
 */
export const headshotPreviewBody = headshotTrialBody.extend({
  photo_ids: z.array(headshotPhotoId).min(1).max(HEADSHOT_LIMITS.maxPhotos),
});

/** Results per style when portrait multiple run is on (§9 quantity 4). */
export const HEADSHOT_MULTIPLE_RUN_PER_STYLE = 4;
/** Previews shown while the user picks a plan when portrait pre-generation is on (§9 quantity 10). */
export const HEADSHOT_PREVIEW_COUNT = 10;
