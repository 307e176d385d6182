import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_PROJECT, analyticsBatch } from '@ai-covers/contracts';
import { Analytics, sendBeacon } from './analytics';
import { ANALYTICS_PROJECT_CODE } from './client';
import {
  buildPageProperties,
  defaultProductId,
  productIdFromSearch,
  type PageContext,
} from './page-properties';

const context: PageContext = {
  lang: 'de',
  loggedIn: false,
  visitorId: 'visitor-1',
  productId: 15162,
  basePath: '/lab/ai-covers',
  env: 'production',
  tzOffsetMinutes: 60,
};

function make(send = vi.fn()) {
  let now = 1000;
  const sdk = new Analytics({ endpoint: '/v1/track/ai-covers', send, now: () => now++ });
  return { sdk, send };
}

describe('Analytics SDK (§7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds at most 32 events before it is ready, keeping the earliest (app_launch)', () => {
    const { sdk, send } = make();
    sdk.track('app_launch');
    for (let i = 0; i < 40; i++) sdk.track('click', { i });
    expect(sdk.pending).toHaveLength(32);
    expect(sdk.dropped).toBe(9);
    expect(sdk.pending[0]?.event).toBe('app_launch');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the queue with the page properties once ready, as a valid beacon batch', () => {
    const { sdk, send } = make();
    sdk.track('app_launch');
    sdk.pageView('/headshots');
    sdk.ready(buildPageProperties(context));
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenCalledTimes(1);
    const [url, json] = send.mock.calls[0] as [string, string];
    expect(url).toBe('/v1/track/ai-covers');
    const batch = analyticsBatch.parse(JSON.parse(json));
    expect(batch.events.map((e) => e.event)).toEqual(['app_launch', 'page_view']);
    expect(batch.events[1]?.props).toEqual({ path: '/headshots' });
    expect(batch.page).toMatchObject({ plang: 'de', logged_in: false, ptype: 'lab', pver: '1.1.78' });
    expect(sdk.pending).toHaveLength(0);
  });

  it('splits more than 50 events into batches of at most 50', () => {
    const { sdk, send } = make();
    sdk.ready(buildPageProperties(context));
    for (let i = 0; i < 120; i++) sdk.track('tick', { i });
    sdk.flush();
    const sizes = send.mock.calls.map(
      ([, json]) => (JSON.parse(json as string) as { events: unknown[] }).events.length,
    );
    expect(sizes).toEqual([50, 50, 20]);
  });

  it('carries the signed-in flag and account id after sign-in', () => {
    const { sdk, send } = make();
    sdk.ready(buildPageProperties(context));
    sdk.ready(buildPageProperties({ ...context, loggedIn: true, accountId: '4242' }));
    sdk.track('download');
    sdk.flush();
    const batch = JSON.parse(send.mock.calls[0]?.[1] as string) as { page: Record<string, unknown> };
    expect(batch.page).toMatchObject({ logged_in: true, uid: '4242' });
  });

  it('sends the visitor A/B plans with every batch once they are known (§9 report)', () => {
    const { sdk, send } = make();
    sdk.ready(buildPageProperties(context));
    sdk.track('page_view');
    sdk.flush();
    sdk.setExperiments({ banner_test: 2, login_test: 1 });
    sdk.track('banner_click');
    sdk.flush();
    const pages = send.mock.calls.map(([, json]) => analyticsBatch.parse(JSON.parse(json as string)).page);
    expect(pages[0]?.ab).toBeUndefined();
    expect(pages[1]?.ab).toEqual({ banner_test: 2, login_test: 1 });
  });

  it('sends an event that leaves the page at once, without waiting for the batch delay', () => {
    const { sdk, send } = make();
    sdk.ready(buildPageProperties(context));
    sdk.trackLeaving('banner_click', { test: 'banner_test' });
    expect(send).toHaveBeenCalledTimes(1);
    const batch = analyticsBatch.parse(JSON.parse(send.mock.calls[0]?.[1] as string));
    expect(batch.events.map((e) => e.event)).toEqual(['banner_click']);
  });

  it('cuts long string properties to 512 characters', () => {
    const { sdk, send } = make();
    sdk.ready(buildPageProperties(context));
    sdk.track('error', { detail: 'x'.repeat(600) });
    sdk.flush();
    const batch = analyticsBatch.parse(JSON.parse(send.mock.calls[0]?.[1] as string));
    expect(String(batch.events[0]?.props?.detail)).toHaveLength(512);
  });
});

describe('page properties (§3, §7)', () => {
  it.each([
    [20034, 'ppc'],
    [20128, 'ppc'],
    [15162, undefined],
  ])('product %s → psource %s', (productId, psource) => {
    expect(buildPageProperties({ ...context, productId }).psource).toBe(psource);
  });

  it.each([
    ['?pid=20034', 20034],
    ['?pid=abc', null],
    ['', null],
  ])('product id from %s → %s', (search, id) => {
    expect(productIdFromSearch(search)).toBe(id);
  });

  it.each([
    ['', false, 15162],
    ['/lab/ai-covers', false, 15041],
    ['', true, 14892],
    ['/lab/ai-covers', true, 14892],
  ])('a page under %j (headshots: %s) reports product %s', (basePath, headshots, id) => {
    expect(defaultProductId(basePath, headshots)).toBe(id);
  });

  it('is a singlesite at the site root', () => {
    expect(buildPageProperties({ ...context, basePath: '' }).ptype).toBe('singlesite');
  });

  it('the beacon project code equals the contracts one', () => {
    expect(ANALYTICS_PROJECT_CODE).toBe(ANALYTICS_PROJECT);
  });
});

describe('sendBeacon', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses navigator.sendBeacon with a JSON blob', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    sendBeacon('/v1/track/ai-covers', '{"a":1}');
    const [url, blob] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/v1/track/ai-covers');
    expect(blob.type).toBe('application/json');
    // jsdom's Blob has no text(); FileReader reads it the old way.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(text).toBe('{"a":1}');
  });

  it('falls back to a keepalive fetch when the beacon is refused', () => {
    const fetchSpy = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    vi.stubGlobal('fetch', fetchSpy);
    sendBeacon('/v1/track/ai-covers', '{"a":1}');
    expect(fetchSpy).toHaveBeenCalledWith(
      '/v1/track/ai-covers',
      expect.objectContaining({ method: 'POST', keepalive: true, body: '{"a":1}' }),
    );
  });
});
