// ---- AI Headshots: upload limits and plans (§5, §9) ----
//
// Plain values without a schema, in a module of their own: a page that only prints them (the
// headshot start page) takes no zod with them (decision 211).

/** Upload and plan limits of spec §5 and §9. */
export const HEADSHOT_LIMITS = {
  /** Photos needed before a pack can be submitted. */
  minPhotos: 5,
  /** Photos one pack may hold; more gives HEADSHOT_UPLOAD_LIMIT_MESSAGE. */
  maxPhotos: 20,
  /** §5 single-photo mode: the free trial picture is made from exactly one photo (decision 173). */
  singlePhotoModePhotos: 1,
  /** Largest accepted image, in pixels. */
  maxWidth: 5000,
  maxHeight: 5000,
  /** Smallest accepted image by default (a setting of the pipeline). */
  minWidth: 512,
  minHeight: 512,
  /** Most styles one pack may take (the style picker's n/m counter). */
  maxStyles: 3,
  /** Days results and uploaded photos are kept. */
  retentionDays: 30,
} as const;

/** Plans of §9: a one-time pack of this many distinct results. */
export const HEADSHOT_PLANS = {
  basic: { id: 'basic', name: 'Basic', results: 50 },
  pro: { id: 'pro', name: 'Pro', results: 100 },
} as const;
export type HeadshotPlanId = keyof typeof HEADSHOT_PLANS;
