import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeThroughProvider, browse, CookieJar } from '../features/auth/auth.test-helpers';
import { isMp3, runRenderJob, songWav, uploadSong } from '../features/covers/covers.test-kit';
import { createTestContext, type TestContext } from './context';

// A client written only from §7 and §8 of the spec: it signs in with the §7 login query, pays and
// downloads, and reads the §8 codes. Only the browser part of sign-in (the provider's own pages,
// which give it the auth code) goes through the helpers a browser would be.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('a §7/§8 client', () => {
  it('signs in, makes a cover, pays for its download, buys credits and signs out', async () => {
    const jar = new CookieJar();
    const flow = await authorizeThroughProvider(ctx.app, jar, {
      email: `spec-client-${Date.now()}@example.test`,
      password: 'a long enough password',
      register: true,
    });
    const authCode = flow.callback!.searchParams.get('code')!;

    // §7 POST /v1/login: auth_code, pid, invited_code, module; nothing else.
    const module = 'http://localhost:8080/lab/ai-covers/';
    const login = await browse(
      ctx.app,
      jar,
      'POST',
      `/v1/login?auth_code=${encodeURIComponent(authCode)}&pid=15162&module=${encodeURIComponent(module)}`,
    );
    expect(login.json()).toMatchObject({ code: 0, msg: 'ok' });
    const token = login.json().data.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const get = (url: string) => ctx.app.inject({ url, headers: auth });

    const info = (await get(`/v1/user/info?kind=ai-covers&_t=${Date.now()}`)).json();
    expect(info).toMatchObject({ code: 0, data: { credit: 1, token } });

    // Upload a song with the storage token of §7, make the cover, read it until done.
    const key = await uploadSong(ctx, auth, 'Spec song.wav', songWav(3));
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/vsas/create',
      headers: auth,
      payload: { voice_id: 'velvet', file_key: key },
    });
    const taskId = created.json().data.task_id as string;
    expect(await runRenderJob(ctx, taskId)).toBe('done');
    const listed = (await get(`/v1/vsas/list?kind=ai-covers&task_ids=${taskId}&_t=1`)).json();
    expect(listed.data.rows).toEqual([expect.objectContaining({ task_id: taskId, status: 3 })]);

    // Not paid yet (§7 paid check); the gift credit pays one download (§7 deduct).
    expect((await get('/v1/verify/pay?kind=ai-covers')).json()).toMatchObject({
      code: 0,
      data: { pay: false },
    });
    const deduct = (await get(`/v1/deduct?kind=ai-covers&task_id=${taskId}&val=1`)).json();
    expect(deduct).toMatchObject({ code: 0, data: { consumed: 1, balance: 0 } });
    const link = (await get(`/v1/vsas/download/${taskId}`)).json();
    expect(link.code).toBe(0);
    const signed = new URL(link.data.url as string, 'http://localhost:8080');
    const file = await ctx.app.inject({ url: signed.pathname + signed.search });
    expect(isMp3(file.rawPayload)).toBe(true);
    // §8 codes: a task that is not theirs is 490618 (no task).
    expect((await get('/v1/deduct?kind=ai-covers&task_id=nope-12345678&val=1')).json().code).toBe(490618);

    // Pay: the cart (§7), a checkout in the sandbox, then the paid check says pay.
    const cart = (await get('/v1/cart?type=ai-covers&lang=en')).json();
    const sku = cart.data.package[0].sku as string;
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/v1/billing/checkout',
      headers: auth,
      payload: { sku },
    });
    const url = new URL(checkout.json().data.url as string, 'http://localhost:8080');
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `t=${url.searchParams.get('t')}`,
    });
    expect(paid.statusCode).toBe(303);
    expect((await get('/v1/verify/pay?kind=ai-covers')).json()).toMatchObject({
      code: 0,
      data: { pay: true },
    });
    expect((await get('/v1/user/info')).json().data.credit).toBe(cart.data.package[0].credits);

    // Sign out (§7 GET /v1/logout): the token is dead, and a dead session answers 490010 (§8).
    expect((await get('/v1/logout')).json().code).toBe(0);
    const after = await get('/v1/user/info');
    expect(after.json()).toMatchObject({ code: 490010, data: null });
  });
});
