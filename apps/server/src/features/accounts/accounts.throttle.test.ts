// Sign-in throttling per (account, address): growing waits for the address that guesses, nothing
// for the owner elsewhere, and a password reset by e-mail as the way in while throttled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { createAccountsRepo } from './accounts.repo';
import { createAccountsService, pairDelayMs, PAIR_FIRST_DELAY_MS } from './accounts.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const WINDOW_MS = 15 * 60_000;

describe('pairDelayMs', () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 30_000],
    [4, 60_000],
    [5, 120_000],
    [7, 480_000],
    [8, WINDOW_MS],
    [1000, WINDOW_MS],
  ])('after %i wrong passwords in a row waits %i ms (3 free)', (failures, wait) =>
    expect(pairDelayMs(failures, 3, WINDOW_MS)).toBe(wait),
  );
});

describe('authenticate', () => {
  let clock = Date.parse('2026-01-01T10:00:00Z');
  const mails: { to: string; text: string }[] = [];
  const service = () =>
    createAccountsService({
      repo: createAccountsRepo(ctx.database.db),
      mailer: {
        outboxDir: null,
        send: async (mail: { to: string; text: string }) => {
          mails.push(mail);
          return { messageId: 'x' };
        },
        close: () => {},
      },
      issuer: 'http://x/accounts',
      limits: { perAccount: 3, perIp: 50, windowMs: WINDOW_MS },
      now: () => new Date(clock),
    });

  it('slows the guessing address more after each wrong password; the owner elsewhere signs in', async () => {
    const accounts = service();
    const email = 'owner-throttle@example.test';
    const password = 'the owner knows this';
    expect(await accounts.register({ email, password, lang: 'en' })).toMatchObject({ ok: true });
    const attacker = (guess: string) => accounts.authenticate({ email, password: guess, ip: '203.0.113.7' });

    for (let i = 0; i < 3; i++) expect(await attacker(`guess ${i}`)).toEqual({ ok: false, error: 'invalid' });
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const refused = await attacker('right or wrong, too soon');
      expect(refused).toMatchObject({ ok: false, error: 'throttled' });
      waits.push((refused as { retryAfterSeconds: number }).retryAfterSeconds);
      // Even the right password waits here: the wait is the pair's, not the password's.
      expect(await attacker(password)).toMatchObject({ error: 'throttled' });
      // The owner, from another address, at any moment: signed in.
      expect(await accounts.authenticate({ email, password, ip: '198.51.100.1' })).toMatchObject({
        ok: true,
      });
      clock += waits[round]! * 1000;
      expect(await attacker(`guess after wait ${round}`)).toEqual({ ok: false, error: 'invalid' });
    }
    expect(waits).toEqual([1, 2, 4, 8].map((n) => (n * PAIR_FIRST_DELAY_MS) / 1000));
  });

  it('a password reset by e-mail ends the wait of every address', async () => {
    const accounts = service();
    const email = 'reset-throttle@example.test';
    await accounts.register({ email, password: 'first password here', lang: 'en' });
    for (let i = 0; i < 4; i++)
      await accounts.authenticate({ email, password: `nope ${i}`, ip: '192.0.2.9' });
    expect(
      await accounts.authenticate({ email, password: 'first password here', ip: '192.0.2.9' }),
    ).toMatchObject({ error: 'throttled' });
    mails.length = 0;
    const asked = await accounts.requestPasswordReset({ email, ip: '192.0.2.9', lang: 'en' });
    expect(asked.ok).toBe(true);
    if (asked.ok) await asked.delivery;
    const token = /token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)![1]!;
    expect(await accounts.resetPassword({ token, password: 'second password here' })).toMatchObject({
      ok: true,
    });
    expect(
      await accounts.authenticate({ email, password: 'second password here', ip: '192.0.2.9' }),
    ).toMatchObject({ ok: true });
  });

  it('forgets a run after four quiet windows; the sweep drops it then, not before', async () => {
    const accounts = service();
    const repo = createAccountsRepo(ctx.database.db);
    const email = 'quiet-throttle@example.test';
    for (let i = 0; i < 3; i++) await accounts.authenticate({ email, password: `x${i}`, ip: '192.0.2.50' });
    const key = `pair:${email} 192.0.2.50`;
    expect((await repo.readFailures(key))?.failures).toBe(3);
    clock += 2 * WINDOW_MS;
    await accounts.sweep();
    expect((await repo.readFailures(key))?.failures).toBe(3);
    clock += 3 * WINDOW_MS;
    await accounts.sweep();
    expect(await repo.readFailures(key)).toBeUndefined();
  });
});
