import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '../../shared/providers';
import '../../shared/i18n/i18n';
import { useAuthStore } from '../auth';
import { chargeForTask } from './charge';
import { WalletRoot } from './WalletRoot';
import { contractResponse, errorResponse } from '../../shared/test/api-test-kit';
import { makeCreditsAccount } from '../../shared/test/account-fixtures';

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
        if (input.startsWith('/v1/deduct')) return errorResponse(490026, 'Not enough credits for download');
        if (input.startsWith('/v1/credits/account'))
          return contractResponse('creditsAccountData', makeCreditsAccount());
        if (input.startsWith('/v1/integral/wsid'))
          return contractResponse('integralInfo', {
            status: 1,
            need_upgrade: 0,
            integral: 0,
            integral_all: 0,
            integral_expired_time: null,
            integral_is_expired: 0,
            bonus: 200,
          });
        return errorResponse(40004, 'nope');
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
    // The checkout comes back to the page the dialog was opened on, not to pricing.
    expect(open).toHaveBeenCalledWith('/pricing?return=%2F', '_blank');
    await waitFor(() => expect(screen.queryByTestId('credits-limit-dialog')).toBeNull());
  });
});
