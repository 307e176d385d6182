import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { seedCategories } from './categories.seed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedCategories(ctx.database.db, {
    'ai-covers': [
      {
        id: 'pop',
        names: { en: 'Pop', de: 'Pop' },
        items: [
          { id: 'v1', names: { en: 'Aria' }, descriptions: { en: 'Bright', de: 'Hell' } },
          { id: 'v2', names: { en: 'Bo' } },
        ],
      },
      { id: 'rock', names: { en: 'Rock' }, items: [{ id: 'v3', names: { en: 'Cy' } }] },
    ],
  });
});
afterAll(async () => ctx?.close());

const get = (q: string) => ctx.app.inject({ method: 'GET', url: `/v1/common/category?${q}` });

describe('GET /v1/common/category', () => {
  it('lists the categories of a module in order, localised', async () => {
    const res = await get('module=ai-headshots&lang=de');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.lang).toBe('de');
    expect(data.list.map((c: { name: string }) => c.name)).toEqual(['Beruflich', 'Locker', 'Kreativ']);
    expect(data.list[0].items[0]).toMatchObject({ id: 'corporate-grey', name: 'Business-Grau' });
  });

  it('takes the covers query of §7 and caps items with count', async () => {
    const res = await get('module=ai-covers&lang=de&version=v4&count=1&algorithm=vsas');
    const data = res.json().data;
    expect(data.list.map((c: { id: string }) => c.id)).toEqual(['pop', 'rock']);
    expect(data.list[0].items).toEqual([{ id: 'v1', name: 'Aria', description: 'Hell' }]);
  });

  it('falls back to English for an unknown language', async () => {
    const res = await get('module=ai-covers&lang=xx');
    expect(res.json().data.lang).toBe('en');
  });

  it('reseeding is idempotent', async () => {
    await seedCategories(ctx.database.db);
    await seedCategories(ctx.database.db);
    const data = (await get('module=ai-headshots')).json().data;
    expect(data.list).toHaveLength(3);
  });

  it.each([
    ['module=unknown', /Unknown module: unknown/],
    ['module=ai-covers&count=0', /^query\.count: /],
    ['module=ai-covers&count=abc', /^query\.count: /],
  ])('rejects %s', async (q, msg) => {
    const res = await get(q);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });
});

describe('GET /v1/common/category caching', () => {
  it('sends an ETag and Cache-Control of 30 minutes, and 304 with no body on If-None-Match', async () => {
    const first = await get('module=ai-covers&lang=de');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=1800');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/v1/common/category?module=ai-covers&lang=de',
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another language is another answer with another tag.
    const en = await ctx.app.inject({
      method: 'GET',
      url: '/v1/common/category?module=ai-covers&lang=en',
      headers: { 'if-none-match': etag },
    });
    expect(en.statusCode).toBe(200);
    expect(en.headers.etag).not.toBe(etag);
  });

  it('answers the same bytes as the response schema writes, and a reseed shows at once', async () => {
    const before = await get('module=ai-covers&lang=en');
    expect(before.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(before.json())).toEqual(['code', 'data', 'msg']);
    await seedCategories(ctx.database.db, {
      'ai-covers': [{ id: 'jazz', names: { en: 'Jazz' }, items: [{ id: 'v9', names: { en: 'Dee' } }] }],
    });
    const after = await get('module=ai-covers&lang=en');
    expect(after.json().data.list.map((c: { id: string }) => c.id)).toEqual(['jazz']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
