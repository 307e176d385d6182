import { z } from 'zod';
import { cacheBust } from './api';

// ---- tools and their credit costs (§6, §9) -------------------------------

/** The tool family sharing the wallet (§1). `kind` is the value the calls of §7 carry. */
export const TOOL_KINDS = [
  'ai-covers',
  'image-enhancer',
  'bgremover',
  'video-enhancer',
  'noise-reducer',
  'vocal-remover',
  'ai-music',
  'voice-changer',
  'restyle',
  'video-bgremover',
] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];
export const toolKind = z.enum(TOOL_KINDS, { error: 'must be one of the tool kinds' });

/**
 * What one use of a tool costs (§9): `credits` per started block of `unitSize` units. Units are
 * 'count' (one download / removal / image) or 'seconds' of media. `memberAllowance` is the monthly
 * allowance a member gets (§6); null means unlimited for members.
 */
export interface ToolCost {
  unit: 'count' | 'seconds';
  unitSize: number;
  credits: number;
  memberAllowance: number | null;
  /** Old-system points of this tool can be converted (§9 points-upgrade list). */
  pointsUpgrade: boolean;
}

/** The one table of credit costs per tool (§9). ai-music is not priced in §9: 1 per song is ours. */
export const CREDIT_COSTS: Record<ToolKind, ToolCost> = {
  'ai-covers': { unit: 'count', unitSize: 1, credits: 1, memberAllowance: null, pointsUpgrade: false },
  'image-enhancer': { unit: 'count', unitSize: 1, credits: 1, memberAllowance: null, pointsUpgrade: true },
  bgremover: { unit: 'count', unitSize: 1, credits: 1, memberAllowance: 100, pointsUpgrade: true },
  'video-enhancer': { unit: 'seconds', unitSize: 10, credits: 1, memberAllowance: 300, pointsUpgrade: true },
  'noise-reducer': { unit: 'seconds', unitSize: 30, credits: 1, memberAllowance: null, pointsUpgrade: true },
  'vocal-remover': { unit: 'seconds', unitSize: 60, credits: 2, memberAllowance: null, pointsUpgrade: true },
  'ai-music': { unit: 'count', unitSize: 1, credits: 1, memberAllowance: null, pointsUpgrade: true },
  'voice-changer': { unit: 'seconds', unitSize: 30, credits: 1, memberAllowance: null, pointsUpgrade: true },
  restyle: { unit: 'seconds', unitSize: 10, credits: 1, memberAllowance: null, pointsUpgrade: true },
  'video-bgremover': { unit: 'seconds', unitSize: 20, credits: 1, memberAllowance: 300, pointsUpgrade: true },
};

/** Credits one use costs: whole blocks, rounded up (31 s of noise reduction = 2 credits). */
export function creditsFor(kind: ToolKind, units: number): number {
  const cost = CREDIT_COSTS[kind];
  return Math.ceil(units / cost.unitSize) * cost.credits;
}

/** Wallet constants of §6 and §9. */
export const CREDIT_RULES = {
  signupGift: 1,
  giftValidityMonths: 1,
  purchaseValidityMonths: 24,
  conversionBonus: 200,
  bonusValidityMonths: 24,
  presentValidityMonths: 1,
  moneyBackDays: 30,
} as const;

/** Where a lot of credits came from (acquisition record type). */
export const LOT_SOURCES = ['gift', 'purchase', 'conversion', 'bonus', 'present'] as const;
export type LotSource = (typeof LOT_SOURCES)[number];

// ---- calls (§7) ---------------------------------------------------------

const taskId = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(128, 'must be at most 128 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'must be letters, digits, _ . : -');

/** `GET /v1/deduct`: charge one use of a tool for a task, once. */
export const deductQuery = z.object({
  kind: toolKind,
  task_id: taskId,
  /** Units of the tool's measure (count, or seconds of media); default 1. */
  val: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400')
    .default(1),
  /** What the charge is for; one charge per (task, purpose). */
  purpose: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be lowercase letters, digits or -')
    .default('download'),
  ...cacheBust,
});
export type DeductQuery = z.infer<typeof deductQuery>;

export const deductData = z.object({
  /** Credits taken by this call (0 for a repeat, or when a membership covered it). */
  consumed: z.number().int(),
  /** True when this (task, purpose) had already been charged: nothing was taken again. */
  repeated: z.boolean(),
  /** Membership allowance units used by the charge. */
  allowance_used: z.number().int(),
  balance: z.number().int(),
  record_id: z.number().int(),
});
export type DeductData = z.infer<typeof deductData>;

export const kindQuery = z.object({ kind: toolKind, ...cacheBust });
export const kindOptionalQuery = z.object({ kind: toolKind.optional(), ...cacheBust });

/** `GET /v1/verify`: can the user use a tool now, and what would it cost. */
export const verifyData = z.object({
  kind: toolKind,
  cost: z.number().int(),
  unit: z.enum(['count', 'seconds']),
  unit_size: z.number().int(),
  balance: z.number().int(),
  member: z.boolean(),
  unlimited: z.boolean(),
  /** Units of the monthly member allowance left; null when unlimited or not a member. */
  allowance_left: z.number().int().nullable(),
  enough: z.boolean(),
});
export type VerifyData = z.infer<typeof verifyData>;

/** `GET /v1/verify/pay`: the per-tool paid check (§4). */
export const verifyPayData = z.object({ kind: toolKind.nullable(), pay: z.boolean() });

/** Integral-upgrade info (§3, §4): status 1 = conversion confirmed. */
export const integralInfo = z.object({
  need_upgrade: z.union([z.literal(0), z.literal(1)]),
  status: z.union([z.literal(0), z.literal(1)]),
  integral: z.number().int(),
  integral_all: z.number().int(),
  integral_expired_time: z.string().nullable(),
  integral_is_expired: z.union([z.literal(0), z.literal(1)]),
  bonus: z.number().int(),
});
export type IntegralInfo = z.infer<typeof integralInfo>;
export const integralProductData = integralInfo.extend({ kind: toolKind, points: z.number().int() });
export const integralUpgradeData = integralInfo.extend({
  converted: z.number().int(),
  balance: z.number().int(),
});
export type IntegralUpgradeData = z.infer<typeof integralUpgradeData>;

// ---- records (account center, §2) ----------------------------------------

export const recordsQuery = z.object({
  type: z.enum(['acquisition', 'consumption']),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  ...cacheBust,
});
export const acquisitionRecord = z.object({
  id: z.number().int(),
  date: z.string(),
  type: z.enum(LOT_SOURCES),
  /** A key the client translates: the sku (purchase), the tool kind (conversion), the activity id (present), 'signup', 'integral'. */
  details: z.string(),
  amount: z.number().int(),
  remaining: z.number().int(),
  expiry: z.string(),
  expired: z.boolean(),
  refunded: z.number().int(),
});
/**
 * What a charge paid for, as the feature that owns the task describes it: a cover's song title and
 * voice, a headshot pack's name. `deleted` when the task is gone (the record stays).
 */
export const recordSubject = z.object({
  /** The song title of a cover, the name of a headshot pack; null when deleted. */
  title: z.string().nullable(),
  /** The voice that sang the cover; null for other tools or when deleted. */
  voice: z.string().nullable(),
  deleted: z.boolean(),
});
export type RecordSubject = z.infer<typeof recordSubject>;
export const consumptionRecord = z.object({
  id: z.number().int(),
  date: z.string(),
  type: z.enum(['credits', 'membership']),
  details: z.string(),
  kind: toolKind,
  task: z.string(),
  amount: z.number().int(),
  /** What the charge was for; null for tools whose tasks are not described (see `task`). */
  subject: recordSubject.nullable(),
});
export type AcquisitionRecord = z.infer<typeof acquisitionRecord>;
export type ConsumptionRecord = z.infer<typeof consumptionRecord>;

/** One page of records: the rows of the page and how many there are in all. */
const recordsPage = <T extends z.ZodType>(row: T) =>
  z.object({ total: z.number().int(), rows: z.array(row) });
/** `GET /v1/credits/records?type=acquisition`. */
export const acquisitionRecordsData = recordsPage(acquisitionRecord);
/** `GET /v1/credits/records?type=consumption`. */
export const consumptionRecordsData = recordsPage(consumptionRecord);
/** `GET /v1/credits/records`: one page of the type asked for. */
export const recordsData = recordsPage(z.union([acquisitionRecord, consumptionRecord]));
export type AcquisitionRecordsData = z.infer<typeof acquisitionRecordsData>;
export type ConsumptionRecordsData = z.infer<typeof consumptionRecordsData>;

/** `GET /v1/credits/account`: the credits page summary (§3 credits account). */
export const creditsAccount = z.object({
  balance: z.number().int(),
  total: z.number().int(),
  gifted: z.number().int(),
  purchased: z.number().int(),
  converted: z.number().int(),
  previous_version: z.number().int(),
  expired: z.number().int(),
  next_expiry: z.string().nullable(),
});
export type CreditsAccount = z.infer<typeof creditsAccount>;

/** A membership period (subscribeList entry). */
export const membershipItem = z.object({
  plan: z.enum(['weekly', 'monthly', 'yearly']),
  starts_at: z.string(),
  expire_time: z.string(),
  active: z.boolean(),
  order_id: z.number().int().nullable(),
});
export type MembershipItem = z.infer<typeof membershipItem>;

/** `GET /v1/credits/account`: the summary with the account's membership periods. */
export const creditsAccountData = creditsAccount.extend({ memberships: z.array(membershipItem) });
export type CreditsAccountData = z.infer<typeof creditsAccountData>;

/**
 * The user-info fields the wallet owns (§3); merged into `GET /v1/user/info`. Times are unix
 * seconds (0 = none), like the rest of user info; "left" fields use -1 for unlimited.
 */
export const userInfoCreditFields = z.object({
  credit: z.number().int(),
  vip: z.number().int(),
  pro: z.number().int(),
  subscribe: z.number().int(),
  subscribeList: z.array(membershipItem),
  expire_time: z.number().int(),
  integral: z.number().int(),
  integral_free: z.number().int(),
  integral_all: z.number().int(),
  integral_expired_time: z.number().int(),
  integral_is_expired: z.number().int(),
  duration: z.number().int(),
  duration_free: z.number().int(),
  tt_free: z.number().int(),
  itr_free: z.number().int(),
  free_left: z.number().int(),
  free_total: z.number().int(),
  verify: z.number().int(),
  verify_used: z.number().int(),
  verify_level: z.number().int(),
  verify_expired_time: z.number().int(),
  vst_free_left: z.number().int(),
  tcm_free_left: z.number().int(),
  crc_dl_left: z.number().int(),
  restyle_free_left: z.number().int(),
});
export type UserInfoCreditFields = z.infer<typeof userInfoCreditFields>;
