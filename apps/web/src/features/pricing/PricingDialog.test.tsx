import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CatalogItem } from '@ai-covers/contracts';
import { Providers, createQueryClient } from '../../shared/providers';
import '../../shared/i18n/i18n';
import { useWalletDialogs } from '../credits';
import { contractResponse, fixture } from '../../shared/test/api-test-kit';
import { fakeFetch } from '../../shared/test/fake-network';
import { PricingDialog } from './PricingDialog';

const item = (
  sku: string,
  type: CatalogItem['type'],
  popular: boolean,
  plan: CatalogItem['plan'] = null,
) => ({
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
// The cart as the server sends it: each group marks its own popular plan, and the short phone list
// (wap) leaves the small pack out.
const cart = fixture('cartData', {
  package: [item('credits-100', 'package', false), item('credits-500', 'package', true)],
  subscription: [
    item('member-monthly', 'subscription', true, 'monthly'),
    item('member-yearly', 'subscription', false, 'yearly'),
  ],
  wap: [item('member-monthly', 'subscription', true, 'monthly'), item('credits-500', 'package', true)],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => useWalletDialogs.getState().closePricingDialog());
});

describe('pricing dialog on a phone (light)', () => {
  it('lists every option of the pricing page, the small pack too, with one "Most popular"', async () => {
    fakeFetch((call) => (call.url.startsWith('/v1/cart') ? contractResponse('cartData', cart) : undefined));
    render(
      <MemoryRouter initialEntries={['/covers/abc']}>
        <Providers client={createQueryClient()}>
          <PricingDialog />
        </Providers>
      </MemoryRouter>,
    );
    act(() => useWalletDialogs.getState().openPricingDialog('light', '/covers/abc'));
    const dialog = await screen.findByTestId('pricing-dialog-light');
    await within(dialog).findByTestId('plan-credits-100');
    for (const sku of ['member-monthly', 'member-yearly', 'credits-100', 'credits-500'])
      expect(within(dialog).getByTestId(`plan-${sku}`)).toBeTruthy();
    expect(within(dialog).getAllByText('Most popular')).toHaveLength(1);
  });
});
