import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CATEGORY_ID, buildCategoryMenu, categoriesByName } from './category-menu';
import { readCategoryCache, writeCategoryCache } from './category-cache';
import { categoryQuery, fetchCategories } from './category-api';
import { categoryKeys, categoryProductForPath } from './use-categories';
import { contractResponse, fixture } from '../../shared/test/api-test-kit';

const data = fixture('categoryData', {
  module: 'ai-covers',
  lang: 'en',
  list: [
    {
      id: 'pop',
      name: 'Pop',
      items: [
        { id: 'v1', name: 'Aurora' },
        { id: 'v2', name: 'Blaze' },
      ],
    },
    {
      id: 'rock',
      name: 'Rock',
      items: [
        { id: 'v2', name: 'Blaze' },
        { id: 'v3', name: 'Cinder' },
      ],
    },
  ],
});

describe('category menu (§3)', () => {
  it("starts with 'All' holding every voice once, then the categories in order", () => {
    const menu = buildCategoryMenu(data);
    expect(menu.map((m) => m.name)).toEqual([null, 'Pop', 'Rock']);
    expect(menu[0]?.id).toBe(ALL_CATEGORY_ID);
    expect(menu[0]?.items.map((i) => i.name)).toEqual(['Aurora', 'Blaze', 'Cinder']);
  });

  it('is also available keyed by category name, each with its list of voices', () => {
    const byName = categoriesByName(data);
    expect(Object.keys(byName)).toEqual(['Pop', 'Rock']);
    expect(byName.Rock?.map((i) => i.name)).toEqual(['Blaze', 'Cinder']);
    expect(categoriesByName(undefined)).toEqual({});
  });

  it("is just 'All' with no voices while nothing is loaded", () => {
    expect(buildCategoryMenu(undefined)).toEqual([{ id: ALL_CATEGORY_ID, name: null, items: [] }]);
  });
});

describe('category query (§7)', () => {
  it('asks for version v4, a count and algorithm vsas for covers', () => {
    expect(categoryQuery('covers', 'de')).toEqual({
      module: 'ai-covers',
      lang: 'de',
      version: 'v4',
      count: 200,
      algorithm: 'vsas',
    });
  });

  it('asks the headshot module by language only', () => {
    expect(categoryQuery('headshots', 'fr')).toEqual({ module: 'ai-headshots', lang: 'fr' });
  });

  it.each([
    ['/', 'covers'],
    ['/pricing', 'covers'],
    ['/headshots', 'headshots'],
    ['/headshots/usercenter/detail', 'headshots'],
    ['/headshotsfoo', 'covers'],
  ] as const)('path %s belongs to %s', (path, product) => {
    expect(categoryProductForPath(path)).toBe(product);
  });

  it('keys queries by product and language', () => {
    expect(categoryKeys.list('covers', 'de')).toEqual(['categories', 'covers', 'de']);
  });
});

describe('headshot category session cache (30 min, keyed by language)', () => {
  beforeEach(() => sessionStorage.clear());

  it('returns the entry for the same language within 30 minutes', () => {
    writeCategoryCache(data, 'en', 0);
    expect(readCategoryCache('en', 29 * 60_000)).toEqual(data);
    expect(JSON.parse(sessionStorage.getItem('ai-covers.category') ?? '{}')).toMatchObject({ lang: 'en' });
  });

  it('misses after 30 minutes or for another language', () => {
    writeCategoryCache(data, 'en', 0);
    expect(readCategoryCache('en', 30 * 60_000)).toBeNull();
    expect(readCategoryCache('de', 1000)).toBeNull();
  });

  describe('fetchCategories', () => {
    const fetchSpy = vi.fn(async () => contractResponse('categoryData', data));
    beforeEach(() => {
      fetchSpy.mockClear();
      vi.stubGlobal('fetch', fetchSpy);
    });
    afterEach(() => vi.unstubAllGlobals());

    it('calls the API once per language for headshots, then serves the cache', async () => {
      await expect(fetchCategories('headshots', 'en')).resolves.toEqual(data);
      await expect(fetchCategories('headshots', 'en')).resolves.toEqual(data);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      await fetchCategories('headshots', 'de');
      expect(fetchSpy).toHaveBeenCalledTimes(2);
    });

    it('always asks the API for covers', async () => {
      await fetchCategories('covers', 'en');
      await fetchCategories('covers', 'en');
      expect(fetchSpy).toHaveBeenCalledTimes(2);
      const url = String((fetchSpy.mock.calls[0] as unknown as [string])[0]);
      expect(url).toMatch(
        /^\/v1\/common\/category\?module=ai-covers&lang=en&version=v4&count=200&algorithm=vsas&_t=\d+$/,
      );
    });
  });
});
