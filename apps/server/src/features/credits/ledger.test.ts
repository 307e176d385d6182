import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/client';
import { createUsersRepo } from '../users/users.repo';
import { openTestDatabase as openWalletDatabase } from '../../test/context';
import { createCreditsRepo } from './credits.repo';
import { createCreditsService } from './credits.service';
import { addMonths } from './credits-time';

// The ledger needs only a database: no app, no queue (keeps this file fast).
let database: Database;
let drop: () => Promise<void>;
let clock = new Date('2026-01-15T00:00:00Z');
const repo = () => createCreditsRepo(database.db);
const service = () => createCreditsService({ repo: repo(), now: () => clock });

beforeAll(async () => {
  ({ database, drop } = await openWalletDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

async function signInTestUser() {
  const { user } = await createUsersRepo(database.db).upsertByIdentity({
    issuer: 'test',
    subject: randomBytes(6).toString('hex'),
  });
  return { userId: user.id };
}

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

  it('charges a (kind, task, purpose) once and refuses a task another account was charged for', async () => {
    const a = await signInTestUser();
    const b = await signInTestUser();
    const s = service();
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

  it('random grants, spends, expiries and refunds never go negative and always reconcile', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        clock = new Date('2026-03-01T00:00:00Z');
        const { userId } = await signInTestUser();
        const s = service();
        const r = repo();
        const orders: number[] = [];
        let model = 0; // credits the model expects to be spendable, recomputed from lots below
        run += 1;
        for (const [i, st] of steps.entries()) {
          if (st.op === 'grant') {
            const orderId = st.source === 'purchase' ? run * 1000 + i : null;
            if (orderId) orders.push(orderId);
            await s.grant(userId, {
              source: st.source,
              sourceRef: `p:${i}`,
              amount: st.amount,
              details: '',
              orderId,
            });
          } else if (st.op === 'spend') {
            const before = await s.balance(userId);
            const res = await s
              .deduct(userId, {
                kind: 'noise-reducer',
                taskId: `r${run}t${st.task}`,
                units: st.units,
                purpose: 'export',
              })
              .catch((e: { code: number }) => e);
            const after = await s.balance(userId);
            if ('consumed' in res) expect(after).toBe(before - res.consumed);
            else {
              expect(res.code).toBe(490026);
              expect(after).toBe(before);
            }
          } else if (st.op === 'advance') {
            clock = new Date(clock.getTime() + st.days * 86_400_000);
          } else if (st.op === 'expire') {
            await s.expireLots();
          } else if (orders.length) {
            const orderId = orders[st.lot % orders.length]!;
            await s.inUserTx(userId, (ops) => ops.refundLotsOfOrder(orderId));
          }
          const balance = await s.balance(userId);
          expect(balance).toBeGreaterThanOrEqual(0);
          const live = (await s.acquisitions(userId, 1, 100)).rows.reduce((a, l) => a + l.remaining, 0);
          expect(balance).toBe(live);
          model = balance;
          expect(await r.unreconciledLots(userId)).toBe(0);
        }
        return model >= 0;
      }),
      { numRuns: 20 },
    );
  }, 60_000);
});
