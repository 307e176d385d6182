import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client';
import type { Queue } from '../../platform/queue/queue';
import { createHealthProbe, type HealthProbe } from './health.probe';

/** A database whose `select 1` counts calls, fails on demand, or never answers. */
function fakeDatabase() {
  const state = { pings: 0, mode: 'up' as 'up' | 'down' | 'hung' };
  const database = {
    driver: 'pglite',
    db: {
      execute: async () => {
        state.pings++;
        if (state.mode === 'down') throw new Error('closed');
        if (state.mode === 'hung') await new Promise(() => {});
        return { rows: [] };
      },
    },
  } as unknown as Database;
  return { database, state };
}
const queue = { healthy: async () => ({ ok: true }) } as unknown as Queue;

let probe: HealthProbe | null = null;
afterEach(async () => probe?.close());

describe('health probe', () => {
  it('answers a flood of calls from one probe while the state is under a second old', async () => {
    let clock = 0;
    const { database, state } = fakeDatabase();
    probe = createHealthProbe({ database, queue }, { now: () => clock, refreshMs: 60_000 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => probe!.current()));
    expect(state.pings).toBe(1);
    expect(answers.every((a) => a.status === 'ok')).toBe(true);
    clock = 1000;
    await probe.current();
    expect(state.pings).toBe(1);
    // Older than a second: the next call waits for a fresh probe and sees the database gone.
    clock = 1001;
    state.mode = 'down';
    const after = await probe.current();
    expect(state.pings).toBe(2);
    expect(after).toMatchObject({ status: 'degraded', database: { ok: false, latencyMs: -1 } });
  });

  it('refreshes in the background once asked, so a change shows within the refresh period', async () => {
    const { database, state } = fakeDatabase();
    probe = createHealthProbe({ database, queue }, { refreshMs: 20 });
    expect((await probe.current()).status).toBe('ok');
    state.mode = 'down';
    await expect
      .poll(async () => (await probe!.current()).status, { timeout: 10_000, interval: 25 })
      .toBe('degraded');
    expect(state.pings).toBeGreaterThanOrEqual(2);
  });

  it('counts a database that does not answer as down instead of hanging the call', async () => {
    const { database, state } = fakeDatabase();
    state.mode = 'hung';
    probe = createHealthProbe({ database, queue }, { timeoutMs: 50, refreshMs: 60_000 });
    const answer = await probe.current();
    expect(answer).toMatchObject({ status: 'degraded', database: { ok: false } });
  });

  it('does not poll before the first call', async () => {
    const { database, state } = fakeDatabase();
    probe = createHealthProbe({ database, queue }, { refreshMs: 10 });
    await new Promise((r) => setTimeout(r, 100));
    expect(state.pings).toBe(0);
  });
});
