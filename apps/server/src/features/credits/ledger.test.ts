import { describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import fc from 'fast-check';
import { createCreditsRepo } from './credits.repo';
import { createCreditsService } from './credits.service';
import { addMonths } from './credits-time';
import { newWalletUser, useWalletDatabase } from './credits.test-kit';

// The ledger needs only a database: no app, no queue (keeps this file fast).
const wallet = useWalletDatabase();
let clock = new Date('2026-01-15T00:00:00Z');
const repo = () => createCreditsRepo(wallet.database.db);
const service = () => createCreditsService({ repo: repo(), now: () => clock });
const signInTestUser = async () => ({ userId: await newWalletUser(wallet.database) });

describe('ledger', () => {
  it('spends from the lots that expire first and reports expired credits', async () => {
    clock = new Date('2026-01-15T00:00:00Z');
    const { userId } = await signInTestUser();
    const s = service();
    await s.grant(userId, { source: 'purchase', sourceRef: 'order:a', amount: 5, details: 'pack' });
    await s.grant(userId, { source: 'gift', sourceRef: 'signup', amount: 1, details: 'gift' });
    const first = await s.deduct(userId, { kind: 'ai-covers', taskId: 't1', units: 1, purpose: 'download' });
    expect(first).toMatchObject({ consumed: 1, repeated: false, balance: 5 });
    const lots = (await s.acquisitions(userId, 1, 10)).rows;
    expect(lots.find((l) => l.type === 'gift')).toMatchObject({ remaining: 0 });
    expect(lots.find((l) => l.type === 'purchase')).toMatchObject({ remaining: 5 });

    // A month later the gift would have expired: a second gift lot expires unspent.
    await s.grant(userId, { source: 'present', sourceRef: 'activity:x', amount: 2, details: 'present' });
    clock = addMonths(clock, 2);
    expect(await s.balance(userId)).toBe(5);
    expect((await s.account(userId)).expired).toBe(2);
    expect(await s.expireLots()).toEqual({ lots: 1, credits: 2 });
    expect((await s.account(userId)).expired).toBe(2);
    expect(await repo().unreconciledLots(userId)).toBe(0);
  });

  it('charges a (kind, task, purpose) once; a tool with a task registry charges only its owner', async () => {
    const a = await signInTestUser();
    const b = await signInTestUser();
    const s = createCreditsService({
      repo: repo(),
      now: () => clock,
      tasks: { 'ai-covers': async (id) => (id === 'shared' ? { userId: a.userId, ready: true } : undefined) },
    });
    await s.grant(a.userId, { source: 'purchase', sourceRef: 'order:b', amount: 3, details: 'pack' });
    await s.grant(b.userId, { source: 'purchase', sourceRef: 'order:c', amount: 3, details: 'pack' });
    await s.deduct(a.userId, { kind: 'ai-covers', taskId: 'shared', units: 1, purpose: 'download' });
    const again = await s.deduct(a.userId, {
      kind: 'ai-covers',
      taskId: 'shared',
      units: 1,
      purpose: 'download',
    });
    expect(again).toMatchObject({ consumed: 0, repeated: true, balance: 2 });
    await expect(
      s.deduct(b.userId, { kind: 'ai-covers', taskId: 'shared', units: 1, purpose: 'download' }),
    ).rejects.toMatchObject({ code: 490618 });
    expect(await s.balance(b.userId)).toBe(3);
  });

  it('keys charges of a tool without a task registry by account: one id, two accounts, two charges', async () => {
    const a = await signInTestUser();
    const b = await signInTestUser();
    const s = service();
    await s.grant(a.userId, { source: 'purchase', sourceRef: 'order:d', amount: 3, details: 'pack' });
    await s.grant(b.userId, { source: 'purchase', sourceRef: 'order:e', amount: 3, details: 'pack' });
    const use = { kind: 'bgremover', taskId: 'photo-1', units: 1, purpose: 'export' } as const;
    expect(await s.deduct(b.userId, use)).toMatchObject({ consumed: 1, repeated: false, balance: 2 });
    expect(await s.deduct(a.userId, use)).toMatchObject({ consumed: 1, repeated: false, balance: 2 });
    expect(await s.deduct(a.userId, use)).toMatchObject({ consumed: 0, repeated: true, balance: 2 });
    expect(await s.deduct(b.userId, use)).toMatchObject({ consumed: 0, repeated: true, balance: 2 });
  });

  it('refuses when the balance is short and takes nothing', async () => {
    const { userId } = await signInTestUser();
    const s = service();
    await s.grant(userId, { source: 'gift', sourceRef: 'signup', amount: 1, details: 'gift' });
    await expect(
      s.deduct(userId, { kind: 'vocal-remover', taskId: 'v1', units: 61, purpose: 'export' }),
    ).rejects.toMatchObject({ code: 490026, message: expect.stringMatching(/consumes 4 credits/) });
    expect(await s.balance(userId)).toBe(1);
    expect((await s.consumptions(userId, 1, 10)).total).toBe(0);
  });

  it('the database itself forbids a negative lot and a duplicate grant', async () => {
    const { userId } = await signInTestUser();
    const s = service();
    expect(
      (await s.grant(userId, { source: 'gift', sourceRef: 'signup', amount: 1, details: '' })).granted,
    ).toBe(true);
    expect(
      (await s.grant(userId, { source: 'gift', sourceRef: 'signup', amount: 1, details: '' })).granted,
    ).toBe(false);
    const [lot] = (await s.acquisitions(userId, 1, 1)).rows;
    await expect(repo().takeFromLot(lot!.id, 2)).rejects.toThrow();
    await expect(
      s.grant(userId, { source: 'gift', sourceRef: 'x', amount: -3, details: '' }),
    ).rejects.toThrow(/positive whole number/);
    await expect(
      s.grant(userId, { source: 'gift', sourceRef: 'y', amount: 1.5, details: '' }),
    ).rejects.toThrow(/positive whole number/);
    expect(await s.balance(userId)).toBe(1);
  });
});

/**
 * The wallet's rules written again from the spec (§9), independently of the service and its SQL:
 * lots expire after calendar months (gift and present 1, purchase 24), a charge takes
 * ceil(seconds / 30) credits for the noise reducer from the lots that expire first (the earlier
 * grant first on a tie), a task is charged once per purpose, a refund removes an order's unspent
 * credits, and only unexpired credits count.
 */
class ModelWallet {
  private lots: {
    label: string;
    amount: number;
    remaining: number;
    expires: number;
    order: number | null;
  }[] = [];
  private charged = new Set<string>();

  static monthsLater(at: Date, months: number): number {
    const y = at.getUTCFullYear();
    const m = at.getUTCMonth() + months;
    const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const day = Math.min(at.getUTCDate(), lastDay);
    return Date.UTC(
      y,
      m,
      day,
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
      at.getUTCMilliseconds(),
    );
  }

  grant(
    label: string,
    source: 'gift' | 'purchase' | 'present',
    amount: number,
    order: number | null,
    at: Date,
  ) {
    const months = source === 'purchase' ? 24 : 1;
    this.lots.push({ label, amount, remaining: amount, expires: ModelWallet.monthsLater(at, months), order });
  }

  balance(at: Date): number {
    return this.live(at).reduce((sum, l) => sum + l.remaining, 0);
  }

  /** What a charge answers: credits taken, a repeat of an earlier charge, or too few credits. */
  spend(task: string, seconds: number, at: Date): { consumed: number } | 'repeated' | 'short' {
    if (this.charged.has(task)) return 'repeated';
    let cost = Math.ceil(seconds / 30);
    if (this.balance(at) < cost) return 'short';
    this.charged.add(task);
    const consumed = cost;
    const order = this.live(at).sort((x, y) => x.expires - y.expires);
    for (const lot of order) {
      const take = Math.min(lot.remaining, cost);
      lot.remaining -= take;
      cost -= take;
    }
    return { consumed };
  }

  refund(order: number): void {
    for (const lot of this.lots) if (lot.order === order) lot.remaining = 0;
  }

  /** Unspent credits per lot label, as the acquisition records show them (0 once expired). */
  remainingByLabel(at: Date): Record<string, number> {
    return Object.fromEntries(this.lots.map((l) => [l.label, l.expires > at.getTime() ? l.remaining : 0]));
  }

  private live(at: Date) {
    // Stable sort keeps grant order among lots that expire at the same instant.
    return this.lots.filter((l) => l.expires > at.getTime() && l.remaining > 0);
  }
}

describe('ledger properties', () => {
  type Step =
    | { op: 'grant'; source: 'gift' | 'purchase' | 'present'; amount: number }
    | { op: 'spend'; units: number; task: number }
    | { op: 'advance'; days: number }
    | { op: 'expire' }
    | { op: 'refund'; lot: number };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      op: fc.constant('grant' as const),
      source: fc.constantFrom('gift' as const, 'purchase' as const, 'present' as const),
      amount: fc.integer({ min: 1, max: 20 }),
    }),
    fc.record({
      op: fc.constant('spend' as const),
      units: fc.integer({ min: 1, max: 90 }),
      task: fc.integer({ min: 0, max: 8 }),
    }),
    fc.record({ op: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 400 }) }),
    fc.record({ op: fc.constant('expire' as const) }),
    fc.record({ op: fc.constant('refund' as const), lot: fc.integer({ min: 0, max: 10 }) }),
  );

  it(
    'random grants, spends, expiries and refunds match an independent model of the wallet',
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
          clock = new Date('2026-03-01T00:00:00Z');
          const { userId } = await signInTestUser();
          const s = service();
          const r = repo();
          const model = new ModelWallet();
          const orders: number[] = [];
          run += 1;
          for (const [i, st] of steps.entries()) {
            if (st.op === 'grant') {
              const orderId = st.source === 'purchase' ? run * 1000 + i : null;
              if (orderId) orders.push(orderId);
              await s.grant(userId, {
                source: st.source,
                sourceRef: `p:${i}`,
                amount: st.amount,
                details: `lot ${i}`,
                orderId,
              });
              model.grant(`lot ${i}`, st.source, st.amount, orderId, clock);
            } else if (st.op === 'spend') {
              const task = `r${run}t${st.task}`;
              const expected = model.spend(task, st.units, clock);
              const res = await s
                .deduct(userId, { kind: 'noise-reducer', taskId: task, units: st.units, purpose: 'export' })
                .catch((e: { code: number }) => e);
              if (expected === 'short') expect(res).toMatchObject({ code: 490026 });
              else if (expected === 'repeated') expect(res).toMatchObject({ consumed: 0, repeated: true });
              else expect(res).toMatchObject({ consumed: expected.consumed, repeated: false });
            } else if (st.op === 'advance') {
              clock = new Date(clock.getTime() + st.days * 86_400_000);
            } else if (st.op === 'expire') {
              await s.expireLots();
            } else if (orders.length) {
              const orderId = orders[st.lot % orders.length]!;
              await s.inUserTx(userId, (ops) => ops.refundLotsOfOrder(orderId));
              model.refund(orderId);
            }
            expect(await s.balance(userId)).toBe(model.balance(clock));
            const records = (await s.acquisitions(userId, 1, 100)).rows;
            expect(Object.fromEntries(records.map((l) => [l.details, l.remaining]))).toEqual(
              model.remainingByLabel(clock),
            );
            expect(await r.unreconciledLots(userId)).toBe(0);
          }
        }),
        { numRuns: 20 },
      );
    },
    within(60_000),
  );
});
