import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '../../shared/providers';
import '../../shared/i18n/i18n';
import { contractResponse, errorResponse } from '../../shared/test/api-test-kit';
import { useAuthStore } from '../auth';
import { makeCreditsAccount } from '../../shared/test/account-fixtures';
import { CreditsCenterPage } from './CreditsCenterPage';

describe('the credits page of the account center (/account/credits)', () => {
  beforeEach(() => {
    useAuthStore.setState({ token: 'tok', user: null, openLogin: vi.fn() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (input.startsWith('/v1/credits/account'))
          return contractResponse('creditsAccountData', makeCreditsAccount());
        if (input.startsWith('/v1/credits/records?type=consumption'))
          return contractResponse('consumptionRecordsData', {
            total: 3,
            rows: [
              {
                id: 3,
                date: '2026-11-22 03:00',
                type: 'credits',
                details: 'x',
                kind: 'ai-covers',
                task: 'song-1',
                amount: 1,
                subject: { title: 'Summer Rain', voice: 'Velvet', deleted: false },
              },
              {
                id: 2,
                date: '2026-11-22 02:30',
                type: 'credits',
                details: 'x',
                kind: 'ai-covers',
                task: 'song-gone',
                amount: 1,
                subject: { title: null, voice: null, deleted: true },
              },
              {
                id: 1,
                date: '2026-11-22 02:10',
                type: 'credits',
                details: 'x',
                kind: 'noise-reducer',
                task: 'clip-7',
                amount: 1,
                subject: null,
              },
            ],
          });
        if (input.startsWith('/v1/credits/records'))
          return contractResponse('acquisitionRecordsData', {
            total: 1,
            rows: [
              {
                id: 1,
                date: '2026-11-22 02:00',
                type: 'purchase',
                details: 'credits-100',
                amount: 100,
                remaining: 0,
                expiry: '2026-12-22 02:00',
                expired: false,
                refunded: 0,
              },
            ],
          });
        if (input.startsWith('/v1/billing/orders')) return contractResponse('ordersData', { rows: [] });
        return errorResponse(40004, 'nope');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the balance, consumption and acquisition records, and a Memberships tab', async () => {
    render(
      <MemoryRouter>
        <Providers client={createQueryClient()}>
          <CreditsCenterPage />
        </Providers>
      </MemoryRouter>,
    );
    await screen.findByTestId('consumption-records');
    // What a charge paid for, in words: song and voice, a neutral label once deleted, never a raw id.
    expect(screen.getAllByTestId('consumption-details').map((c) => c.textContent)).toEqual([
      'Credits · “Summer Rain” sung by Velvet',
      'Credits · Deleted cover',
      'Credits',
    ]);
    expect(screen.getByTestId('consumption-records').textContent).not.toMatch(/song-1|song-gone|clip-7/);
    expect((await screen.findByTestId('acquisition-records')).textContent).toContain('100 credits');
    expect(screen.getByTestId('credits-center-balance').textContent).toBe('0');
    // No credits came from a previous version: no "From the previous version: 0".
    expect(screen.queryByText('From the previous version')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Memberships' }));
    expect(await screen.findByText('Free plan')).toBeTruthy();
  });
});
