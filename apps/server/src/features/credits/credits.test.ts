import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signInTestUser, type TestContext } from '../../test/context';
import { createTestContext } from '../../test/context';
import { startCreditsJobs, EXPIRE_LOTS_JOB } from './credits.jobs';
import { creditLots } from './credits.schema';
import { seedCoverTask } from '../covers/covers.test-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('GET /v1/deduct', () => {
  it('asks for a sign-in first', async () => {
    const res = await get('/v1/deduct?kind=ai-covers&task_id=t1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 40001, data: null, msg: 'Not logged in, please log in first' });
  });

  it.each([
    ['kind=ai-covers&task_id=t1&val=-1', /^query\.val: must be at least 1/],
    ['kind=ai-covers&task_id=t1&val=1.5', /^query\.val: must be a whole number/],
    ['kind=ai-covers&task_id=t1&val=abc', /^query\.val: /],
    ['kind=nope&task_id=t1', /^query\.kind: /],
    ['kind=ai-covers', /^query\.task_id: /],
    ['kind=ai-covers&task_id=../../etc', /^query\.task_id: must be letters/],
  ])('rejects %s with the field named', async (q, msg) => {
    const { auth } = await signInTestUser(ctx);
    const res = await get(`/v1/deduct?${q}`, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1);
    expect(res.json().msg).toMatch(msg);
  });

  it('with no credits answers 490026 and charges nothing; after the gift it charges once', async () => {
    const { userId, auth } = await signInTestUser(ctx);
    await seedCoverTask(ctx, userId, 'song-a');
    const refused = await get('/v1/deduct?kind=ai-covers&task_id=song-a', auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 490026, msg: 'Not enough credits for download' });

    expect(await ctx.features.credits.service.grantSignupGift(userId)).toBe(true);
    expect(await ctx.features.credits.service.grantSignupGift(userId)).toBe(false);
    // As a user-info contributor it grants nothing more and reports the wallet fields.
    expect(await ctx.features.credits.userInfoContributor({ userId })).toMatchObject({ credit: 1 });
    const info = await ctx.features.credits.userInfoCredits(userId);
    expect(info).toMatchObject({
      credit: 1,
      free_left: 1,
      free_total: 1,
      vip: 0,
      subscribe: 0,
      crc_dl_left: 1,
    });

    const charged = await get('/v1/deduct?kind=ai-covers&task_id=song-a&_t=123', auth);
    expect(charged.json()).toMatchObject({ code: 0, data: { consumed: 1, repeated: false, balance: 0 } });
    const again = await get('/v1/deduct?kind=ai-covers&task_id=song-a', auth);
    expect(again.json().data).toMatchObject({ consumed: 0, repeated: true, balance: 0 });

    const records = (await get('/v1/credits/records?type=consumption', auth)).json().data;
    expect(records.total).toBe(1);
    expect(records.rows[0]).toMatchObject({ kind: 'ai-covers', task: 'song-a', amount: 1, type: 'credits' });
    const lots = (await get('/v1/credits/records?type=acquisition', auth)).json().data;
    expect(lots.rows[0]).toMatchObject({ type: 'gift', amount: 1, remaining: 0 });
  });

  it('50 concurrent HTTP deductions for one download charge exactly once', async () => {
    const { userId, auth } = await signInTestUser(ctx);
    await seedCoverTask(ctx, userId, 'race-1');
    await ctx.features.credits.service.grant(userId, {
      source: 'purchase',
      sourceRef: 'order:x',
      amount: 3,
      details: '',
    });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => get('/v1/deduct?kind=ai-covers&task_id=race-1', auth)),
    );
    expect(responses.every((r) => r.json().code === 0)).toBe(true);
    expect(responses.filter((r) => r.json().data.consumed === 1)).toHaveLength(1);
    expect((await get('/v1/credits/account', auth)).json().data).toMatchObject({
      balance: 2,
      purchased: 2,
      total: 3,
    });
  });
});

describe('GET /v1/deduct while old-system points wait for the upgrade', () => {
  it("answers 'Insufficient points' for a short balance, and the credit messages once upgraded", async () => {
    const { userId, auth } = await signInTestUser(ctx);
    await ctx.features.credits.integral.importPoints(userId, [
      { kind: 'bgremover', points: 5, expiresAt: new Date(Date.now() + 40 * 86_400_000) },
    ]);
    const short = await get('/v1/deduct?kind=bgremover&task_id=points-1', auth);
    expect(short.statusCode).toBe(403);
    expect(short.json()).toMatchObject({ code: 490026, msg: 'Insufficient points' });
    await ctx.app.inject({ method: 'POST', url: '/v1/integral/upgrade', headers: auth });
    const paid = await get('/v1/deduct?kind=bgremover&task_id=points-1', auth);
    expect(paid.json()).toMatchObject({ code: 0, data: { consumed: 1 } });
  });

  it('keeps the credit message for an account whose old points have all expired', async () => {
    const { userId, auth } = await signInTestUser(ctx);
    await ctx.features.credits.integral.importPoints(userId, [
      { kind: 'bgremover', points: 5, expiresAt: new Date(Date.now() - 86_400_000) },
    ]);
    const short = await get('/v1/deduct?kind=bgremover&task_id=points-2', auth);
    expect(short.json().msg).toBe('Not enough credits for download');
  });
});

describe('GET /v1/deduct for a tool without a task registry', () => {
  it("another account's charge under the owner's task id does not block the owner", async () => {
    const owner = await signInTestUser(ctx);
    const other = await signInTestUser(ctx);
    for (const u of [owner, other]) await ctx.features.credits.service.grantSignupGift(u.userId);
    // The other account learnt the id (shared link, a guess) and charges it first.
    const foreign = await get('/v1/deduct?kind=bgremover&task_id=bg-task-1', other.auth);
    expect(foreign.json()).toMatchObject({ code: 0, data: { consumed: 1, repeated: false } });

    const own = await get('/v1/deduct?kind=bgremover&task_id=bg-task-1', owner.auth);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ code: 0, data: { consumed: 1, repeated: false, balance: 0 } });
    // Each account's repeat is its own and free.
    const repeat = await get('/v1/deduct?kind=bgremover&task_id=bg-task-1', owner.auth);
    expect(repeat.json().data).toMatchObject({
      consumed: 0,
      repeated: true,
      record_id: own.json().data.record_id,
    });
    const otherRecords = (await get('/v1/credits/records?type=consumption', other.auth)).json().data;
    expect(otherRecords.total).toBe(1);
  });
});

describe('verify, paid check, OpenAPI', () => {
  it('verify tells cost and balance; verify/pay answers 490010 when signed out', async () => {
    const { userId, auth } = await signInTestUser(ctx);
    const v = (await get('/v1/verify?kind=vocal-remover', auth)).json().data;
    expect(v).toMatchObject({
      kind: 'vocal-remover',
      cost: 2,
      unit: 'seconds',
      unit_size: 60,
      balance: 0,
      enough: false,
    });
    expect((await get('/v1/verify/pay')).json()).toMatchObject({ code: 490010 });
    expect((await get('/v1/verify/pay?kind=bgremover', auth)).json().data).toEqual({
      kind: 'bgremover',
      pay: false,
    });
    await ctx.features.credits.service.grant(userId, {
      source: 'purchase',
      sourceRef: 'order:y',
      amount: 100,
      details: '',
    });
    expect((await get('/v1/verify/pay?kind=bgremover', auth)).json().data.pay).toBe(true);
  });

  it('documents the calls the spec leaves unshown', async () => {
    const doc = (await get('/v1/openapi.json')).json();
    for (const path of [
      '/v1/deduct',
      '/v1/verify/pay',
      '/v1/integral/upgrade',
      '/v1/cart',
      '/vapi/v1/buy/sku-info',
      '/api/v3/market/present/exchange',
      '/v1/billing/checkout',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe('integral upgrade', () => {
  it('converts unexpired points keeping their validity, adds the bonus once, sets status 1', async () => {
    const { userId, auth } = await signInTestUser(ctx);
    const fresh = (await get('/v1/integral/wsid', auth)).json().data;
    expect(fresh).toMatchObject({ status: 1, need_upgrade: 0 });
    const keep = new Date(Date.now() + 40 * 86_400_000);
    await ctx.features.credits.integral.importPoints(userId, [
      { kind: 'bgremover', points: 30, expiresAt: keep },
      { kind: 'noise-reducer', points: 12, expiresAt: new Date(Date.now() + 400 * 86_400_000) },
      { kind: 'restyle', points: 50, expiresAt: new Date(Date.now() - 86_400_000) },
    ]);
    expect((await get('/v1/integral/wsid', auth)).json().data).toMatchObject({
      status: 0,
      need_upgrade: 1,
      integral: 42,
      integral_all: 92,
    });
    expect((await get('/v1/integral/product?kind=bgremover', auth)).json().data).toMatchObject({
      kind: 'bgremover',
      points: 30,
    });

    const up = await ctx.app.inject({ method: 'POST', url: '/v1/integral/upgrade', headers: auth });
    expect(up.json().data).toMatchObject({ status: 1, need_upgrade: 0, converted: 42, balance: 242 });
    const again = await ctx.app.inject({ method: 'POST', url: '/v1/integral/upgrade', headers: auth });
    expect(again.json().data).toMatchObject({ status: 1, converted: 42, balance: 242 });
    const lots = (await get('/v1/credits/records?type=acquisition&page_size=10', auth)).json().data.rows;
    expect(lots.map((l: { type: string }) => l.type).sort()).toEqual(['bonus', 'conversion', 'conversion']);
    const kept = lots.find((l: { amount: number }) => l.amount === 30);
    expect(kept.expiry).toBe(keep.toISOString().slice(0, 16).replace('T', ' '));
  });

  it('an account without old points cannot take the bonus', async () => {
    const { auth } = await signInTestUser(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/integral/upgrade', headers: auth });
    expect(res.statusCode).toBe(409);
    expect((await get('/v1/credits/account', auth)).json().data.balance).toBe(0);
  });
});

describe('expiry job', () => {
  it('the scheduled job writes expired lots off and the balance never counts them', async () => {
    const { userId, auth } = await signInTestUser(ctx);
    await ctx.features.credits.service.grant(userId, {
      source: 'present',
      sourceRef: 'activity:old',
      amount: 4,
      details: '',
    });
    await ctx.database.db
      .update(creditLots)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(creditLots.userId, userId));
    expect((await get('/v1/credits/account', auth)).json().data).toMatchObject({ balance: 0, expired: 4 });
    const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never;
    await startCreditsJobs({ queue: ctx.queue, credits: ctx.features.credits.service, log });
    const schedules = await ctx.queue.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(EXPIRE_LOTS_JOB);
    await ctx.queue.send(EXPIRE_LOTS_JOB, {});
    for (let i = 0; i < 40; i++) {
      const [lot] = await ctx.database.db.select().from(creditLots).where(eq(creditLots.userId, userId));
      if (lot!.expiredAmount === 4) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const [lot] = await ctx.database.db.select().from(creditLots).where(eq(creditLots.userId, userId));
    expect(lot).toMatchObject({ remaining: 0, expiredAmount: 4 });
    const rows = (await get('/v1/credits/records?type=acquisition', auth)).json().data.rows;
    expect(rows[0]).toMatchObject({ expired: true, remaining: 0 });
  });

  it("charges a covers download only for the caller's own finished task", async () => {
    const { userId, auth } = await signInTestUser(ctx);
    const other = await signInTestUser(ctx);
    await ctx.features.credits.service.grant(userId, {
      source: 'purchase',
      sourceRef: 'order:y',
      amount: 5,
      details: '',
    });
    await seedCoverTask(ctx, other.userId, 'theirs-1');
    await seedCoverTask(ctx, userId, 'mine-running', { status: 2 });
    for (const task of ['theirs-1', 'nobody-1']) {
      const res = await get(`/v1/deduct?kind=ai-covers&task_id=${task}`, auth);
      expect(res.json()).toMatchObject({ code: 490618 });
    }
    const early = await get('/v1/deduct?kind=ai-covers&task_id=mine-running', auth);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toMatch(/no result to pay for yet/);
    expect((await get('/v1/credits/account', auth)).json().data).toMatchObject({ balance: 5 });
  });
});
