import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '../../app/providers';
import '../../app/i18n';
import { useAuthStore } from '../auth/auth-store';
import { chargeForTask } from './charge';
import { CreditsCenter } from './CreditsCenter';
import { WalletRoot } from './WalletRoot';

const envelope = (data: unknown, code = 0, msg = 'ok') => new Response(JSON.stringify({ code, data, msg }));
const account = {
  balance: 0,
  total: 1,
  gifted: 0,
  purchased: 0,
  converted: 0,
  previous_version: 0,
  expired: 0,
  next_expiry: null,
  memberships: [],
};

function mount(children: React.ReactNode) {
  return render(
    <MemoryRouter>
      <Providers client={createQueryClient()}>{children}</Providers>
    </MemoryRouter>,
  );
}

describe('wallet dialogs', () => {
  let calls: string[];
  beforeEach(() => {
    useAuthStore.setState({ token: 'tok', user: null, openLogin: vi.fn() });
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        calls.push(input);
        if (input.startsWith('/v1/deduct')) return envelope(null, 490026, 'Not enough credits for download');
        if (input.startsWith('/v1/credits/account')) return envelope(account);
        if (input.startsWith('/v1/integral/wsid'))
          return envelope({
            status: 1,
            need_upgrade: 0,
            integral: 0,
            integral_all: 0,
            integral_expired_time: null,
            integral_is_expired: 0,
            bonus: 200,
          });
        if (input.startsWith('/v1/credits/records?type=consumption'))
          return envelope({
            total: 1,
            rows: [
              {
                id: 1,
                date: '2026-11-22 03:00',
                type: 'credits',
                details: 'x',
                kind: 'ai-covers',
                task: 'song-1',
                amount: 1,
              },
            ],
          });
        if (input.startsWith('/v1/credits/records'))
          return envelope({
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
        if (input.startsWith('/v1/billing/orders')) return envelope({ rows: [] });
        return envelope(null, 40004, 'nope');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a refused charge opens the credits-limit dialog, whose button opens pricing in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    mount(<WalletRoot />);
    let result: Awaited<ReturnType<typeof chargeForTask>> | undefined;
    await act(async () => {
      result = await chargeForTask({ kind: 'ai-covers', taskId: 'song-1' });
    });
    expect(result).toMatchObject({ ok: false, reason: 'not credit' });
    expect(calls.some((c) => c.startsWith('/v1/deduct?kind=ai-covers&task_id=song-1&val=1'))).toBe(true);
    const dialog = await screen.findByTestId('credits-limit-dialog');
    expect(dialog.textContent).toContain('Not enough credits');
    expect(dialog.textContent).toContain('Upgrade to process more files and get faster.');
    await userEvent.click(screen.getByTestId('credits-limit-buy'));
    expect(open).toHaveBeenCalledWith('/pricing', '_blank');
    await waitFor(() => expect(screen.queryByTestId('credits-limit-dialog')).toBeNull());
  });

  it('the credits page shows the balance, consumption and acquisition records, and a Memberships tab', async () => {
    mount(<CreditsCenter />);
    expect((await screen.findByTestId('consumption-records')).textContent).toContain('song-1');
    expect((await screen.findByTestId('acquisition-records')).textContent).toContain('100 credits');
    expect(screen.getByTestId('credits-center-balance').textContent).toBe('0');
    await userEvent.click(screen.getByRole('tab', { name: 'Memberships' }));
    expect(await screen.findByText('Free plan')).toBeTruthy();
  });
});
