/** Business constants of spec §9, in one place for web and server. */
export const PRODUCT = {
  appVersion: '1.1.78',
  uploadSdkVersion: '1.1.0',
  kind: 'ai-covers',
  storagePrefix: 'ai-covers.',
  categoryModule: 'ai-covers',
  mainProductId: 15162,
  labId: 15041,
  secondProductId: 14892,
  ppcProductIds: [20034, 20128] as readonly number[],
} as const;

export const TIMING = {
  httpTimeoutMs: 30_000,
  authCookieDays: 2,
  uuidCookieDays: 14,
  categoryCacheMs: 30 * 60_000,
  resizeThrottleMs: 200,
  secondWayLoginWindowMs: 60 * 60_000,
  loginDialogDelayMs: 1200,
  scrollTopDelayMs: 100,
  progressTickMs: 200,
  progressDoneWaitMs: 600,
} as const;

export const LAYOUT = {
  phoneBreakpointPx: 766,
  loginPopup: { width: 500, height: 650 },
  loginFrame: { maxWidth: 400, height: 604 },
} as const;

/** Upload limits the family's pricing copy names for two sibling tools (§5); not limits of this site. */
export const FAMILY_UPLOAD_LIMITS = { videoBackgroundRemoverProMb: 500, videoEffectsProGb: 2 } as const;

export const LIST_DEFAULTS = { page: 1, pageSize: 10_000 } as const;
export const AB_DEFAULT_QUANTITY = 2;
export const CROP_LOCK_RATIO_DEFAULT = 1.5;
export const RENAME_MAX_CHARS = 100;
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm';
export const DEFAULT_PRICING_PROMPT = 'Upgrade to process more files and get faster.';

/** A/B tests of §9 with their quantity of plans. Plan 2 means "on". */
export const AB_TESTS = {
  login_test: { quantity: 2 },
  banner_test: { quantity: 2 },
  portrait_trial_picture: { quantity: 2 },
  portrait_multiple_run: { quantity: 4 },
  portrait_pre_generation: { quantity: 10 },
  dlp_app: { quantity: 2 },
  ad_banner: { quantity: 2 },
  purchase_test: { quantity: 2, englishOnly: true },
} as const;
export type AbTestCode = keyof typeof AB_TESTS;
export const AB_PLAN_ON = 2;
