import { describe, expect, it } from 'vitest';
import { createCreditsRepo } from './credits.repo';
import { createCreditsService } from './credits.service';
import { newWalletUser, useWalletDatabase } from './credits.test-kit';

// On Postgres (TEST_DATABASE_URL) 50 calls really run at once on 10 pooled connections.
const wallet = useWalletDatabase();
const newUser = () => newWalletUser(wallet.database);

describe(`concurrent deductions (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('50 concurrent deductions for one download charge exactly once', async () => {
    const credits = createCreditsService({ repo: createCreditsRepo(wallet.database.db) });
    const userId = await newUser();
    await credits.grant(userId, { source: 'purchase', sourceRef: 'order:1', amount: 5, details: 'pack' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        credits.deduct(userId, { kind: 'ai-covers', taskId: 'song-1', units: 1, purpose: 'download' }),
      ),
    );
    const fulfilled = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(fulfilled).toHaveLength(50);
    expect(fulfilled.filter((r) => !r.repeated)).toHaveLength(1);
    expect(fulfilled.reduce((a, r) => a + r.consumed, 0)).toBe(1);
    expect(new Set(fulfilled.map((r) => r.record_id)).size).toBe(1);
    expect(await credits.balance(userId)).toBe(4);
  });

  it('ten accounts charging one task id at once: each pays for its own, once', async () => {
    const credits = createCreditsService({ repo: createCreditsRepo(wallet.database.db) });
    const users = await Promise.all(Array.from({ length: 10 }, () => newUser()));
    for (const u of users)
      await credits.grant(u, { source: 'gift', sourceRef: 'signup', amount: 1, details: '' });
    // Twice per account, all at once: a tool without a task registry keys charges by account.
    const results = await Promise.allSettled(
      [...users, ...users].map((u) =>
        credits.deduct(u, { kind: 'bgremover', taskId: 'same-name', units: 1, purpose: 'export' }),
      ),
    );
    const fulfilled = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(fulfilled).toHaveLength(20);
    expect(fulfilled.filter((r) => !r.repeated)).toHaveLength(10);
    const balances = await Promise.all(users.map((u) => credits.balance(u)));
    expect(balances).toEqual(Array(10).fill(0));
  });

  it('50 concurrent deductions for different tasks never overspend a balance of 20', async () => {
    const credits = createCreditsService({ repo: createCreditsRepo(wallet.database.db) });
    const userId = await newUser();
    await credits.grant(userId, { source: 'gift', sourceRef: 'signup', amount: 8, details: 'gift' });
    await credits.grant(userId, { source: 'purchase', sourceRef: 'order:2', amount: 12, details: 'pack' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        credits.deduct(userId, { kind: 'ai-covers', taskId: `batch-${i}`, units: 1, purpose: 'download' }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code: number }] : []));
    expect(ok).toHaveLength(20);
    expect(refused.map((e) => e.code)).toEqual(Array(30).fill(490026));
    expect(await credits.balance(userId)).toBe(0);
    expect(await createCreditsRepo(wallet.database.db).unreconciledLots(userId)).toBe(0);
  });
});
