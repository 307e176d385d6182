import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('GET /v1/health', () => {
  it('reports database and queue', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        status: 'ok',
        database: { ok: true, driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
        queue: { ok: true },
      },
    });
  });

  it('reports free disk space, and degraded with 503 below MIN_FREE_DISK_MB', async () => {
    const ok = (await ctx.app.inject({ method: 'GET', url: '/v1/health' })).json();
    expect(ok.data.disk).toMatchObject({ ok: true });
    expect(ok.data.disk.freeMb).toBeGreaterThan(0);
    // A threshold above any disk's size stands for a full one.
    const other = await createTestContext({ MIN_FREE_DISK_MB: String(1024 ** 4) });
    const res = await other.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 1, data: { status: 'degraded', disk: { ok: false } } });
    await other.close();
  });

  it('reports a closed database as degraded with 503', async () => {
    const other = await createTestContext();
    await other.queue.stop();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 1, data: { status: 'degraded', database: { ok: false } } });
    await other.app.close();
    await other.drop();
  });
});
