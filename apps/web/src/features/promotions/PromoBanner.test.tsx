import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { AcquisitionRecord } from '@ai-covers/contracts';
import { contractResponse } from '../../shared/test/api-test-kit';
import { fakeFetch, type Call } from '../../shared/test/fake-network';
import { renderRoute } from '../../shared/test/render-route';
import { useAuthStore } from '../auth';
import { PromoBanner } from './PromoBanner';

const present: AcquisitionRecord = {
  id: 3,
  date: '2026-11-26 09:00',
  type: 'present',
  details: 'login-present',
  amount: 3,
  remaining: 3,
  expiry: '2026-12-26 09:00',
  expired: false,
  refunded: 0,
};
let rows: AcquisitionRecord[];
let calls: Call[];
beforeEach(() => {
  rows = [];
  calls = fakeFetch((call) =>
    call.url.startsWith('/v1/credits/records')
      ? contractResponse('acquisitionRecordsData', { total: rows.length, rows })
      : undefined,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null });
});

describe('login present banner', () => {
  it('asks a visitor to sign in; reads nothing of the wallet', () => {
    useAuthStore.setState({ token: null });
    renderRoute('/', '/', <PromoBanner />);
    expect(screen.getByTestId('promo-banner').textContent).toContain('Sign in and get free credits');
    expect(calls).toHaveLength(0);
  });

  it('does not ask a signed-in person to sign in', async () => {
    useAuthStore.setState({ token: 'tok' });
    renderRoute('/', '/', <PromoBanner />);
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/v1/credits/records'))).toBe(true));
    const banner = screen.getByTestId('promo-banner');
    expect(banner.textContent).toContain('Your present is waiting.');
    expect(banner.textContent).not.toMatch(/sign in/i);
  });

  it('goes once the present was claimed', async () => {
    rows = [present];
    useAuthStore.setState({ token: 'tok' });
    renderRoute('/', '/', <PromoBanner />);
    await waitFor(() => expect(screen.queryByTestId('promo-banner')).toBeNull());
  });
});
