import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AbTestCode, CatalogItem } from '@ai-covers/contracts';
import { useAuthStore } from '../features/auth';
import { captureInstallPrompt } from '../features/entry';
import { analytics } from '../shared/analytics/client';
import { contractResponse, fixture } from '../shared/test/api-test-kit';
import { i18n } from '../shared/i18n/i18n';
import { Providers, createQueryClient } from '../shared/providers';
import { appRoutes } from './routes';

// §9: every A/B test of this product changes what its plan-2 visitors see, where the spec puts it.

const item = (sku: string, type: CatalogItem['type'], popular: boolean, plan: CatalogItem['plan'] = null) =>
  fixture('cartData', {
    package: [],
    subscription: [],
    wap: [
      {
        sku,
        type,
        name: sku,
        credits: type === 'package' ? 100 : 0,
        plan,
        photos: 0,
        price_cents: 999,
        currency: 'usd',
        period_days: plan ? 30 : 0,
        popular,
      },
    ],
  }).wap[0]!;
const cart = {
  package: [item('credits-100', 'package', true)],
  subscription: [
    item('member-monthly', 'subscription', false, 'monthly'),
    item('member-yearly', 'subscription', true, 'yearly'),
  ],
  wap: [],
};

let plans: Partial<Record<AbTestCode, number>> = {};
let cartQueries: URLSearchParams[] = [];
const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://app.test');
  if (url.pathname === '/vapi/v1/common/ab-test') {
    const code = url.searchParams.get('test_code') as AbTestCode;
    return contractResponse('abTestData', { test_code: code, plan: plans[code] ?? 1 });
  }
  if (url.pathname === '/v1/cart') {
    cartQueries.push(url.searchParams);
    return contractResponse('cartData', cart);
  }
  if (url.pathname === '/v1/common/category')
    return contractResponse('categoryData', { module: 'ai-covers', lang: 'en', list: [] });
  return contractResponse('analyticsAccepted', { accepted: 1 });
});

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  plans = {};
  cartQueries = [];
  fetchSpy.mockClear();
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal('fetch', fetchSpy);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useAuthStore.setState({ token: null, user: null, openLogin: null });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

describe('banner_test and ad_banner on the covers pages', () => {
  it.each(['/', '/covers', '/covers/new'])('plan 2 shows the banner and the ad slot on %s', async (path) => {
    plans = { banner_test: 2, ad_banner: 2 };
    renderApp(path);
    expect(await screen.findByTestId('promo-banner')).toBeTruthy();
    expect(await screen.findByTestId('ad-slot')).toBeTruthy();
  });

  it('plan 1 shows neither; other pages never do', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Any song, sung by another voice.' });
    await waitFor(() =>
      expect(fetchSpy.mock.calls.filter(([u]) => String(u).includes('test_code=ad_banner'))).toHaveLength(1),
    );
    expect(screen.queryByTestId('promo-banner')).toBeNull();
    expect(screen.queryByTestId('ad-slot')).toBeNull();
    cleanup();
    plans = { banner_test: 2, ad_banner: 2 };
    renderApp('/credit');
    await screen.findByTestId('get-credit-now');
    expect(screen.queryByTestId('promo-banner')).toBeNull();
  });

  it('the banner leads to the promotion page and its click is a tracked conversion with the plan', async () => {
    plans = { banner_test: 2, ad_banner: 1 };
    const track = vi.spyOn(analytics, 'track');
    const experiments = vi.spyOn(analytics, 'setExperiments');
    renderApp('/');
    const banner = await screen.findByTestId('promo-banner');
    const link = banner.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/promotion.html?lang=en');
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    expect(track).toHaveBeenCalledWith('banner_click', { test: 'banner_test' });
    await waitFor(() =>
      expect(experiments).toHaveBeenLastCalledWith(expect.objectContaining({ banner_test: 2, ad_banner: 1 })),
    );
    expect(screen.queryByTestId('ad-slot')).toBeNull();
  });
});

describe('purchase_test on the pricing page (English only)', () => {
  it('plan 2 shows the comparison layout, asks the cart for its plan, highlighted plan first', async () => {
    plans = { purchase_test: 2 };
    renderApp('/pricing');
    const tables = await screen.findAllByTestId('plan-table');
    expect(tables).toHaveLength(2);
    const rows = tables[0]!.querySelectorAll('tr');
    expect(rows[0]!.getAttribute('data-testid')).toBe('plan-member-yearly');
    expect(cartQueries.some((q) => q.get('abtest') === '2')).toBe(true);
  });

  it('plan 1 keeps the cards', async () => {
    plans = { purchase_test: 1 };
    renderApp('/pricing');
    expect(await screen.findByTestId('plan-member-yearly')).toBeTruthy();
    await waitFor(() => expect(cartQueries.some((q) => q.get('abtest') === '1')).toBe(true));
    expect(screen.queryByTestId('plan-table')).toBeNull();
  });

  it('a German page never asks for the test and keeps the cards', async () => {
    plans = { purchase_test: 2 };
    renderApp('/de/pricing');
    expect(await screen.findByTestId('plan-member-yearly')).toBeTruthy();
    expect(screen.queryByTestId('plan-table')).toBeNull();
    expect(fetchSpy.mock.calls.some(([u]) => String(u).includes('test_code=purchase_test'))).toBe(false);
    expect(cartQueries.every((q) => !q.has('abtest'))).toBe(true);
  });
});

describe('dlp_app on the studio entry page', () => {
  it('plan 1 has no app prompt', async () => {
    renderApp('/apps/entry');
    await screen.findByRole('heading', { level: 1, name: 'Studio' });
    await waitFor(() =>
      expect(fetchSpy.mock.calls.some(([u]) => String(u).includes('test_code=dlp_app'))).toBe(true),
    );
    expect(screen.queryByTestId('app-prompt')).toBeNull();
  });

  it("plan 2 offers the app: the browser's install dialog when it has one, else where its menu does it", async () => {
    plans = { dlp_app: 2 };
    const track = vi.spyOn(analytics, 'track');
    const target = new EventTarget() as unknown as Window;
    captureInstallPrompt(target);
    renderApp('/apps/entry');
    const prompt = await screen.findByTestId('app-prompt');
    const install = () => fireEvent.click(prompt.querySelector('button')!);

    // No offer from the browser yet: the prompt says where the menu installs it.
    install();
    expect(await screen.findByText(/Use its menu: Install app/)).toBeTruthy();
    expect(track).toHaveBeenCalledWith('app_install_click', { test: 'dlp_app', offer: 'unavailable' });

    // The browser offers an install: the button opens its dialog.
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => void target.dispatchEvent(offer));
    expect(offer.defaultPrevented).toBe(true);
    install();
    await waitFor(() => expect(offer.prompt).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(track).toHaveBeenCalledWith('app_install_choice', { outcome: 'accepted' }));
    act(() => void target.dispatchEvent(new Event('appinstalled')));
    expect(await screen.findByText('Installed. Open it from your apps.')).toBeTruthy();
  });
});
