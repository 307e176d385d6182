import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVoices } from '@ai-covers/engine';
import { COPY_LANGUAGES } from '@ai-covers/contracts';
import { createTestContext, type TestContext } from '../../test/context';
import { seedCategories } from '../categories/categories.seed';
import { voiceCategorySeed } from './voices.seed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedCategories(ctx.database.db, { 'ai-covers': voiceCategorySeed() });
});
afterAll(async () => ctx?.close());

describe('voice library', () => {
  it('has every category name and voice description in every language with copy', () => {
    for (const category of voiceCategorySeed()) {
      for (const lang of COPY_LANGUAGES) {
        expect(category.names[lang], `${category.id} name in ${lang}`).toBeTruthy();
        for (const item of category.items)
          expect(item.descriptions?.[lang], `${item.id} in ${lang}`).toBeTruthy();
      }
    }
  });

  it('lists the built-in voices under their categories, localised', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/common/category?module=ai-covers&lang=de&version=v4&algorithm=vsas',
    });
    const list = res.json().data.list as {
      id: string;
      name: string;
      items: { id: string; description: string; icon: string; url: string }[];
    }[];
    expect(list.flatMap((c) => c.items)).toHaveLength(listVoices().length);
    const velvet = list.flatMap((c) => c.items).find((v) => v.id === 'velvet')!;
    expect(velvet.description).toBe('Warme, tiefe Altstimme mit langsamem, weitem Vibrato.');
    expect(list.find((c) => c.id === 'character')?.name).toBe('Figuren');
  });

  it('serves avatars and sample clips, and 404s an unknown voice', async () => {
    const avatar = await ctx.app.inject({ method: 'GET', url: '/v1/voices/velvet/avatar.svg' });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
    expect(avatar.body).toMatch(/^<svg/);
    const sample = await ctx.app.inject({ method: 'GET', url: '/v1/voices/velvet/sample.mp3' });
    expect(sample.statusCode).toBe(200);
    expect(sample.rawPayload.length).toBeGreaterThan(10_000);
    const missing = await ctx.app.inject({ method: 'GET', url: '/v1/voices/nobody/avatar.svg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 40004, msg: 'Unknown voice: nobody' });
    const bad = await ctx.app.inject({ method: 'GET', url: '/v1/voices/..%2Fetc/sample.mp3' });
    expect(bad.statusCode).toBe(400);
  });

  it.each(['avatar.svg', 'sample.mp3'])(
    'tags %s for caches and answers 304 to a matching If-None-Match',
    async (file) => {
      const url = `/v1/voices/velvet/${file}`;
      const first = await ctx.app.inject({ method: 'GET', url });
      expect(first.headers['cache-control']).toBe('public, max-age=86400');
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const stale = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"old"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
    },
  );
});
