import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { CatalogItem } from '@ai-covers/contracts';
import { Providers, createQueryClient } from '../../shared/providers';
import '../../shared/i18n/i18n';
import { useAuthStore } from '../auth';
import { useWalletDialogs } from '../credits';
import { PricingPage } from './PricingPage';
import { checkoutNavigation } from './use-buy';
import { contractResponse, errorResponse, fixture } from '../../shared/test/api-test-kit';

const item = (
  sku: string,
  type: CatalogItem['type'],
  popular = false,
  plan: CatalogItem['plan'] = null,
): CatalogItem => ({
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
});
const cart = fixture('cartData', {
  package: [item('credits-100', 'package'), item('credits-500', 'package', true)],
  subscription: [item('member-monthly', 'subscription', true, 'monthly')],
  wap: [],
});
const paidOrder = fixture('orderView', {
  id: 7,
  sku: 'credits-100',
  name: 'credits-100',
  type: 'package',
  status: 'paid',
  provider: 'sandbox',
  amount_cents: 999,
  currency: 'usd',
  refunded_cents: 0,
  created_at: '2026-11-22 02:00',
  paid_at: '2026-11-22 02:01',
  refundable: true,
});

function mount(url = '/pricing') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Providers client={createQueryClient()}>
        <PricingPage />
      </Providers>
    </MemoryRouter>,
  );
}

describe('<PricingPage>', () => {
  let posted: unknown[];
  let integralStatus: 0 | 1;
  beforeEach(() => {
    posted = [];
    integralStatus = 1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input.startsWith('/v1/cart')) return contractResponse('cartData', cart);
        if (input.startsWith('/v1/integral/wsid'))
          return contractResponse('integralInfo', {
            status: integralStatus,
            need_upgrade: 0,
            integral: 5,
            integral_all: 5,
            integral_expired_time: null,
            integral_is_expired: 0,
            bonus: 200,
          });
        if (input === '/v1/billing/checkout') {
          posted.push(JSON.parse(String(init?.body)));
          return contractResponse('checkoutData', {
            order_id: 7,
            provider: 'sandbox',
            url: '/v1/billing/sandbox/7?t=abc',
          });
        }
        if (input.startsWith('/v1/billing/orders/7')) return contractResponse('orderView', paidOrder);
        return errorResponse(40004, 'nope');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the plans with the most popular tag and sends a signed-in buyer to checkout', async () => {
    useAuthStore.setState({ token: 'tok', openLogin: vi.fn() });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
    mount();
    const popular = await screen.findByTestId('plan-credits-500');
    expect(popular.textContent).toContain('Most popular');
    expect(screen.getByTestId('plan-credits-100').textContent).not.toContain('Most popular');
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).startsWith('/v1/integral/wsid'))).toBe(true),
    );
    await userEvent.click(screen.getByTestId('buy-credits-100'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/v1/billing/sandbox/7?t=abc'));
    expect(posted).toEqual([{ sku: 'credits-100', return_path: '/pricing' }]);
  });

  it('asks a signed-out visitor to sign in, and an account with old points to upgrade first (§4)', async () => {
    const openLogin = vi.fn();
    useAuthStore.setState({ token: null, openLogin });
    mount();
    await userEvent.click(await screen.findByTestId('buy-credits-100'));
    expect(openLogin).toHaveBeenCalled();
    cleanup();

    integralStatus = 0;
    useAuthStore.setState({ token: 'tok', openLogin });
    mount();
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).startsWith('/v1/integral/wsid'))).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    await userEvent.click(await screen.findByTestId('buy-credits-100'));
    expect(useWalletDialogs.getState().upgradeOpen).toBe(true);
    expect(posted).toEqual([]);
  });

  it('reports the result of a checkout it comes back from', async () => {
    useAuthStore.setState({ token: 'tok' });
    mount('/pricing?order_id=7&status=paid');
    const result = await screen.findByTestId('checkout-result');
    expect(result.dataset.status).toBe('paid');
    expect(result.textContent).toContain('Payment complete. Added to your account: 100 credits.');
  });

  it('sends the checkout back to the page pricing was opened from, and only to a page of the app', async () => {
    useAuthStore.setState({ token: 'tok', openLogin: vi.fn() });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
    const back = '/covers/task-0001?resume=download&format=wav';
    mount(`/pricing?return=${encodeURIComponent(back)}`);
    expect((await screen.findByTestId('pricing-back')).getAttribute('href')).toBe('/covers/task-0001');
    await userEvent.click(await screen.findByTestId('buy-credits-100'));
    await waitFor(() => expect(go).toHaveBeenCalled());
    expect(posted).toEqual([{ sku: 'credits-100', return_path: back }]);
    cleanup();

    // Another site, or a path above the app's base path: ignored, the checkout comes back to pricing.
    for (const bad of ['https://evil.example/x', '//evil.example', '/../admin', '/%2e%2e/admin']) {
      posted = [];
      mount(`/pricing?return=${encodeURIComponent(bad)}`);
      await userEvent.click(await screen.findByTestId('buy-credits-100'));
      await waitFor(() => expect(posted).toEqual([{ sku: 'credits-100', return_path: '/pricing' }]));
      expect(screen.queryByTestId('pricing-back')).toBeNull();
      cleanup();
    }
  });

  it("says what a member gets on this site, and the other tools' allowances only as theirs", async () => {
    mount();
    const card = await screen.findByTestId('benefits-member-monthly');
    const items = [...card.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'Download every full cover you make without spending credits',
      'Every format: WAV, MP3 320k, MP3 128k and the stems (ZIP)',
      '30 days of premium, no automatic renewal',
      'In the other tools of the family, each month: 100 background removals, and 5 minutes of video enhancing and of video background removal each; the rest unlimited',
    ]);
    expect(card.textContent).not.toMatch(/1080p/);
  });

  it("names the family's plans and pro benefits for what they are here (§3, §5, §6)", async () => {
    mount();
    const family = await screen.findByRole('region', { name: "Plans across the family's tools" });
    const items = [...family.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'Standard: an account without premium pays as you go, with credits bought in one-time payments; no subscription needed.',
      'The perpetual and monthly credit plan offers of other tools are not sold here: credits bought here are valid for 2 years, and premium runs for a week, a month or a year without renewing itself.',
      "In the family's video tools, premium members get 1080p export without watermark.",
      'Uploads of up to 500 MB in video background remover pro and up to 2 GB in video effects pro.',
    ]);
  });
});
