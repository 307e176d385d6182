import {
  Code,
  CREDIT_COSTS,
  CREDIT_RULES,
  creditsFor,
  Msg,
  type AcquisitionRecord,
  type ConsumptionRecord,
  type CreditsAccount,
  type DeductData,
  type LotSource,
  type MembershipItem,
  type RecordSubject,
  type ToolKind,
  type VerifyData,
} from '@ai-covers/contracts';
import { AppError, badRequest } from '../../platform/http/app-error';
import type { ChargedCondition, CreditsRepo, LedgerOps, MembershipRow, Tx } from './credits.repo';
import { formatDate } from '../../platform/format/format-date';
import { countOf } from '../../platform/format/plural';
import { addMonths, monthStart } from './credits-time';

/**
 * What the feature that owns a tool's tasks says about one task: its account (`null` for a
 * visitor's task, which nobody can pay for until sign-in claims it) and whether it has a result to
 * pay for yet. `undefined` when there is no such task.
 */
export type TaskLookup = (taskId: string) => Promise<{ userId: number | null; ready: boolean } | undefined>;

/**
 * Task lookups by tool. Tools with one are charged only by the task's owner and only once the task
 * is ready; for tools without one (their tasks live elsewhere) a task id names a task of the
 * caller's own, so each account's charges for it are its own and never block another account.
 */
export type TaskLookups = Partial<Record<ToolKind, TaskLookup>>;

/**
 * How the feature that owns a tool's tasks names some of one account's tasks for its credit
 * records, in one batch (one query per records page, not one per row): a task it knows maps to its
 * title (song, pack name) and voice; a task missing from the answer is gone (deleted).
 */
export type TaskTitles = (
  userId: number,
  taskIds: string[],
) => Promise<Map<string, { title: string; voice: string | null }>>;

/** What the feature that owns a tool's tasks tells the wallet about them. */
export interface ToolTasks {
  lookup?: TaskLookup;
  titles?: TaskTitles;
}

export interface GrantInput {
  source: LotSource;
  sourceRef: string;
  amount: number;
  /** Explicit expiry (converted points keep theirs); else `validityMonths` from now. */
  expiresAt?: Date;
  validityMonths?: number;
  details: string;
  orderId?: number | null;
}

export interface DeductInput {
  kind: ToolKind;
  taskId: string;
  units: number;
  purpose: string;
}

const VALIDITY: Record<LotSource, number> = {
  gift: CREDIT_RULES.giftValidityMonths,
  purchase: CREDIT_RULES.purchaseValidityMonths,
  conversion: CREDIT_RULES.purchaseValidityMonths,
  bonus: CREDIT_RULES.bonusValidityMonths,
  present: CREDIT_RULES.presentValidityMonths,
};

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw badRequest('amount: must be a positive whole number');
}

/** Memberships active at `now`. */
export function activeMemberships(rows: MembershipRow[], now: Date): MembershipRow[] {
  return rows.filter((m) => m.startsAt <= now && m.endsAt > now);
}

export function toMembershipItem(m: MembershipRow, now: Date): MembershipItem {
  return {
    plan: m.plan as MembershipItem['plan'],
    starts_at: formatDate(m.startsAt),
    expire_time: formatDate(m.endsAt),
    active: m.startsAt <= now && m.endsAt > now,
    order_id: m.orderId,
  };
}

/** The wallet: grants, charges, balance, records. Every movement is one per-user transaction. */
export function createCreditsService(deps: { repo: CreditsRepo; now?: () => Date; tasks?: TaskLookups }) {
  const { repo } = deps;
  const tasks: TaskLookups = { ...deps.tasks };
  const describers = new Map<string, TaskTitles>();
  const now = deps.now ?? (() => new Date());

  /** Grants a lot inside an open transaction (used by fulfilment, conversion, presents). */
  async function grantIn(ops: LedgerOps, userId: number, input: GrantInput, at: Date) {
    assertAmount(input.amount);
    const expiresAt = input.expiresAt ?? addMonths(at, input.validityMonths ?? VALIDITY[input.source]);
    return ops.insertLot({
      userId,
      source: input.source,
      sourceRef: input.sourceRef,
      amount: input.amount,
      expiresAt,
      details: input.details,
      orderId: input.orderId ?? null,
    });
  }

  /** Subjects of a page of records keyed 'kind\ntask': one describer call per tool on the page. */
  async function describeTasks(userId: number, rows: { kind: string; taskId: string }[]) {
    const out = new Map<string, RecordSubject>();
    const byKind = new Map<string, Set<string>>();
    for (const r of rows) {
      if (!describers.has(r.kind)) continue;
      byKind.set(r.kind, (byKind.get(r.kind) ?? new Set()).add(r.taskId));
    }
    await Promise.all(
      [...byKind].map(async ([kind, ids]) => {
        const known = await describers.get(kind)!(userId, [...ids]);
        for (const id of ids) {
          const d = known.get(id);
          out.set(
            `${kind}\n${id}`,
            d
              ? { title: d.title, voice: d.voice, deleted: false }
              : { title: null, voice: null, deleted: true },
          );
        }
      }),
    );
    return out;
  }

  async function memberStateIn(ops: LedgerOps, userId: number, at: Date) {
    return activeMemberships(await ops.listMemberships(userId), at);
  }

  const service = {
    now,
    grantIn,

    /** Grants a lot once per (source, sourceRef); returns whether this call created it. */
    async grant(userId: number, input: GrantInput): Promise<{ granted: boolean; balance: number }> {
      return repo.inUserTx(userId, async (ops) => {
        const at = now();
        const lot = await grantIn(ops, userId, input, at);
        return { granted: lot !== null, balance: await ops.balance(userId, at) };
      });
    },

    /** The 1 gifted credit of a new account (§6), valid 1 month. Safe to call again. */
    async grantSignupGift(userId: number): Promise<boolean> {
      // Fast path without a transaction: called on every user-info read once wired as contributor.
      if ((await repo.lotsBySource(userId, 'gift')).some((l) => l.sourceRef === 'signup')) return false;
      const { granted } = await service.grant(userId, {
        source: 'gift',
        sourceRef: 'signup',
        amount: CREDIT_RULES.signupGift,
        details: 'signup',
      });
      return granted;
    },

    /**
     * Charges one use of a tool for a task, once per (task, purpose): a repeat answers the first
     * charge again and takes nothing. Members use their allowance (or unlimited use) instead.
     */
    async deduct(userId: number, input: DeductInput): Promise<DeductData> {
      const lookup = tasks[input.kind];
      if (lookup) {
        const task = await lookup(input.taskId);
        if (!task || task.userId !== userId)
          throw new AppError(Code.noTask, 'task_id: no such task for this account', 404);
        // Charging before there is a result would take a credit for something that may fail.
        if (!task.ready)
          throw new AppError(Code.error, 'task_id: the task has no result to pay for yet', 409);
      }
      return repo.inUserTx(userId, async (ops) => {
        const at = now();
        const existing = await ops.findConsumption(userId, input.kind, input.taskId, input.purpose);
        if (existing) {
          return {
            consumed: 0,
            repeated: true,
            allowance_used: 0,
            balance: await ops.balance(userId, at),
            record_id: existing.id,
          };
        }
        const cost = CREDIT_COSTS[input.kind];
        const credits = creditsFor(input.kind, input.units);
        const member = (await memberStateIn(ops, userId, at)).length > 0;
        if (member) {
          if (cost.memberAllowance === null) return consume(ops, userId, input, 0, input.units, at);
          // Allowance first; a use larger than what is left is paid in credits as a whole.
          const allowanceLeft =
            cost.memberAllowance - (await ops.allowanceUsed(userId, input.kind, monthStart(at)));
          if (allowanceLeft >= input.units) return consume(ops, userId, input, 0, input.units, at);
        }
        const lots = await ops.lockSpendableLots(userId, at);
        const available = lots.reduce((a, l) => a + l.remaining, 0);
        if (available < credits) {
          if (member) {
            throw new AppError(
              Code.verifyLimit,
              `This month's membership allowance is used up and the balance is ${countOf(available, 'credit')}; ${credits} needed`,
            );
          }
          // An account still on old-system points thinks in points, and its points only count
          // once upgraded: the shortfall says so, and the web offers the upgrade (decision 170).
          if (await hasPointsToUpgrade(ops, userId, at))
            throw new AppError(Code.notAvailable, Msg.insufficientPoints);
          throw new AppError(
            Code.notAvailable,
            input.purpose === 'download'
              ? Msg.notEnoughCreditsDownload
              : `Insufficient credit balance: this feature consumes ${countOf(credits, 'credit')}, purchase more`,
          );
        }
        return consume(ops, userId, input, credits, 0, at, lots);
      });
    },

    /** `GET /v1/verify`: what one use costs and whether the user can pay for it now. */
    async verify(userId: number, kind: ToolKind): Promise<VerifyData> {
      const at = now();
      const cost = CREDIT_COSTS[kind];
      const [balance, rows] = await Promise.all([repo.balance(userId, at), repo.listMemberships(userId)]);
      const member = activeMemberships(rows, at).length > 0;
      const unlimited = member && cost.memberAllowance === null;
      const allowanceLeft =
        member && cost.memberAllowance !== null
          ? Math.max(0, cost.memberAllowance - (await repo.allowanceUsed(userId, kind, monthStart(at))))
          : null;
      return {
        kind,
        cost: cost.credits,
        unit: cost.unit,
        unit_size: cost.unitSize,
        balance,
        member,
        unlimited,
        allowance_left: allowanceLeft,
        enough: unlimited || (allowanceLeft ?? 0) > 0 || balance >= cost.credits,
      };
    },

    /** The per-tool paid check (§4): a member, or an account that has bought credits. */
    async paidCheck(userId: number): Promise<boolean> {
      const at = now();
      if (activeMemberships(await repo.listMemberships(userId), at).length > 0) return true;
      const bought = await repo.lotsBySource(userId, 'purchase');
      return bought.some((l) => l.refundedAmount < l.amount);
    },

    /** Source refs of the presents the user has claimed (promotion). */
    async presentsClaimed(userId: number): Promise<string[]> {
      return (await repo.lotsBySource(userId, 'present')).map((l) => l.sourceRef);
    },

    async balance(userId: number): Promise<number> {
      return repo.balance(userId, now());
    },

    async memberships(userId: number): Promise<MembershipItem[]> {
      const at = now();
      return (await repo.listMemberships(userId)).map((m) => toMembershipItem(m, at));
    },

    /** The credits page summary (§3 credits account). */
    async account(userId: number): Promise<CreditsAccount> {
      const at = now();
      const totals = await repo.lotTotals(userId, at);
      const by = (s: LotSource) => totals.find((t) => t.source === s);
      const live = (s: LotSource) => Number(by(s)?.live ?? 0);
      const expiries = totals
        .map((t) => t.nextExpiry)
        .filter((d): d is Date | string => d !== null)
        .map((d) => new Date(d).getTime());
      return {
        balance: totals.reduce((a, t) => a + Number(t.live), 0),
        total: totals.reduce((a, t) => a + Number(t.amount ?? 0), 0),
        gifted: live('gift') + live('present'),
        purchased: live('purchase'),
        converted: live('conversion'),
        previous_version: live('conversion') + live('bonus'),
        expired: totals.reduce((a, t) => a + Number(t.expired), 0),
        next_expiry: expiries.length ? formatDate(new Date(Math.min(...expiries))) : null,
      };
    },

    /** Acquisition records (lots), newest first. */
    async acquisitions(userId: number, page: number, pageSize: number) {
      const at = now();
      const { total, rows } = await repo.listLots(userId, pageSize, (page - 1) * pageSize);
      return {
        total,
        rows: rows.map((l): AcquisitionRecord => ({
          id: l.id,
          date: formatDate(l.createdAt),
          type: l.source as LotSource,
          details: l.details,
          amount: l.amount,
          remaining: l.expiresAt > at ? l.remaining : 0,
          expiry: formatDate(l.expiresAt),
          expired: l.expiresAt <= at,
          refunded: l.refundedAmount,
        })),
      };
    },

    /** Consumption records, newest first. */
    async consumptions(userId: number, page: number, pageSize: number) {
      const offset = (page - 1) * pageSize;
      const { total, rows } = await repo.listConsumptions(userId, pageSize, offset);
      const subjects = await describeTasks(userId, rows);
      return {
        total,
        rows: rows.map((c): ConsumptionRecord => ({
          id: c.id,
          date: formatDate(c.createdAt),
          type: c.amount === 0 && c.allowanceUnits > 0 ? 'membership' : 'credits',
          details: c.details,
          kind: c.kind as ToolKind,
          task: c.taskId,
          amount: c.amount,
          subject: subjects.get(`${c.kind}\n${c.taskId}`) ?? null,
        })),
      };
    },

    /** The scheduled expiry sweep: unspent credits of expired lots are written off as expired. */
    async expireLots(): Promise<{ lots: number; credits: number }> {
      return repo.expireLots(now());
    },

    /** Which of these tasks of a tool the user has been charged for, for one purpose. */
    chargedTaskIds(userId: number, kind: string, purpose: string, taskIds: string[]): Promise<Set<string>> {
      return repo.chargedTaskIds(userId, kind, purpose, taskIds);
    },

    /** `chargedTaskIds` as a condition inside another feature's read (one statement, no round trip). */
    chargedCondition(kind: string, purpose: string): ChargedCondition {
      return repo.chargedCondition(kind, purpose);
    },

    /** Per order: when what it bought ends (a membership's end, its credit lots' latest expiry). */
    expiriesOfOrders(orderIds: number[]): Promise<Map<number, Date>> {
      return repo.expiriesOfOrders(orderIds);
    },

    /**
     * The feature that owns a tool's tasks says who owns one before it is charged (tools without a
     * lookup keep "the first account charged owns it") and names them in the records; the wallet
     * never reads another feature's tables. Registered, not passed at construction: the covers
     * feature is built after the wallet, whose paid downloads it asks for (app.ts).
     */
    registerTool(kind: ToolKind, tool: ToolTasks): void {
      if (tool.lookup) tasks[kind] = tool.lookup;
      if (tool.titles) describers.set(kind, tool.titles);
    },

    /** Runs `fn` in the user's ledger transaction (fulfilment and refunds of billing). */
    inUserTx<T>(userId: number, fn: (ops: LedgerOps, tx: Tx) => Promise<T>): Promise<T> {
      return repo.inUserTx(userId, fn);
    },
  };
  return service;
}
export type CreditsService = ReturnType<typeof createCreditsService>;
/** The ledger operations and transaction handed to billing inside the wallet's transaction, and the paid-task condition. */
export type { ChargedCondition, LedgerOps, Tx as LedgerTx } from './credits.repo';

/** Writes the consumption record and takes its credits from the lots that expire first. */
async function consume(
  ops: LedgerOps,
  userId: number,
  input: DeductInput,
  credits: number,
  allowanceUnits: number,
  at: Date,
  lots: Awaited<ReturnType<LedgerOps['lockSpendableLots']>> = [],
): Promise<DeductData> {
  const record = await ops.insertConsumption({
    userId,
    kind: input.kind,
    taskId: input.taskId,
    purpose: input.purpose,
    units: input.units,
    amount: credits,
    allowanceUnits,
    details: describeUse(input, credits, allowanceUnits),
  });
  // Our own repeat was answered before, under this user's lock: the unique charge key meeting a
  // row here would mean that lock did not hold, and charging twice is worse than refusing.
  if (!record) throw new AppError(Code.error, 'This charge is already being recorded, try again', 409);
  let left = credits;
  const parts: { lotId: number; amount: number }[] = [];
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    await ops.takeFromLot(lot.id, take);
    parts.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  await ops.insertParts(record.id, parts);
  return {
    consumed: credits,
    repeated: false,
    allowance_used: allowanceUnits,
    balance: await ops.balance(userId, at),
    record_id: record.id,
  };
}

function describeUse(input: DeductInput, credits: number, allowanceUnits: number): string {
  const cost = CREDIT_COSTS[input.kind];
  const measure = cost.unit === 'seconds' ? `${input.units} s` : `${input.units}×`;
  const paid = credits > 0 ? countOf(credits, 'credit') : allowanceUnits > 0 ? 'membership' : 'free';
  return `${input.kind} ${input.purpose} (${measure}): ${paid}`;
}

/** True when the account has unexpired old-system points that are not yet upgraded to credits. */
async function hasPointsToUpgrade(ops: LedgerOps, userId: number, at: Date): Promise<boolean> {
  if (await ops.findUpgrade(userId)) return false;
  return (await ops.listLegacyPoints(userId)).some((r) => r.expiresAt > at);
}
