import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoverMsg, type CoverTask } from '@ai-covers/contracts';
import { useAuthStore } from '../auth';
import { makeCreditsAccount } from '../../shared/test/account-fixtures';
import { useWalletDialogs } from '../credits';
import { CoverTaskPage } from './CoverTaskPage';
import { contractResponse, errorResponse, fixture } from '../../shared/test/api-test-kit';
import { fakeFetch, type Call } from '../../shared/test/fake-network';
import { makeTask, voiceCategories } from './covers-test-kit';
import { renderRoute } from '../../shared/test/render-route';
import { readPendingDownload, savePendingDownload } from './pending-download';

const done = makeTask({
  status: 3,
  progress: 1,
  preview_url: '/storage/preview/task-0001.mp3',
  formats: ['wav', 'mp3', 'mp3_low', 'stems'],
});

let result: CoverTask;
let balance: number;
let deductAnswer: () => Response;
let calls: Call[];
let clicked: string[];
const openLogin = vi.fn(() => useAuthStore.setState({ loginOpen: true }));

beforeEach(() => {
  sessionStorage.clear();
  result = done;
  balance = 0;
  deductAnswer = () =>
    contractResponse(
      'deductData',
      fixture('deductData', { consumed: 1, repeated: false, allowance_used: 0, balance: 0, record_id: 1 }),
    );
  useAuthStore.setState({ token: null, user: null, openLogin, loginOpen: false });
  useWalletDialogs.setState({ limitOpen: false, limitReturnPath: null });
  calls = fakeFetch(({ url }) => {
    if (url.startsWith('/v1/common/category')) return contractResponse('categoryData', voiceCategories);
    if (url.startsWith('/v1/vsas/result/task-0001')) return contractResponse('coverTask', result);
    if (url.startsWith('/v1/credits/account'))
      return contractResponse('creditsAccountData', makeCreditsAccount({ balance }));
    if (url.startsWith('/v1/deduct')) return deductAnswer();
    if (url.startsWith('/v1/vsas/download/task-0001'))
      return contractResponse('coverDownloadData', { url: '/storage/full.wav', name: 'x.wav', expire: 'x' });
    if (url.startsWith('/v1/feedback')) return contractResponse('feedbackAnswer', { feedback: null });
  });
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  openLogin.mockClear();
});

const formatOf = (url: string) => new URL(url, 'http://x').searchParams.get('format');
const downloads = () => calls.filter((c) => c.url.startsWith('/v1/vsas/download/'));

/** Opens the popup, picks WAV and presses the unlock button. */
async function askForWav(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Download full song (1 credit)' }));
  const popup = screen.getByRole('dialog', { name: 'Download your cover' });
  await user.click(within(popup).getByRole('radio', { name: /WAV/ }));
  await user.click(within(popup).getByRole('button', { name: 'Unlock for 1 credit and download' }));
}

describe('a download held up by the sign-in', () => {
  it('goes on by itself, in the format chosen, once the visitor signed in', async () => {
    const user = userEvent.setup();
    renderRoute('/covers/:taskId', '/covers/task-0001', <CoverTaskPage />);
    await askForWav(user);
    expect(openLogin).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.url.startsWith('/v1/deduct'))).toBe(false);
    expect(readPendingDownload('task-0001')).toMatchObject({ format: 'wav', waitingFor: 'login' });

    // The login dialog signs the visitor in, then closes.
    act(() => useAuthStore.setState({ token: 'tok' }));
    act(() => useAuthStore.setState({ loginOpen: false }));
    await waitFor(() => expect(clicked).toEqual(['/storage/full.wav']));
    expect(calls.filter((c) => c.url.startsWith('/v1/deduct'))).toHaveLength(1);
    expect(formatOf(downloads()[0]!.url)).toBe('wav');
    expect(readPendingDownload('task-0001')).toBeNull();
  });

  it('after a redirect sign-in the page comes back and the download goes on', async () => {
    // The login left the page: the wish survived in this tab's session storage.
    savePendingDownload({ taskId: 'task-0001', format: 'mp3_low', waitingFor: 'login' });
    renderRoute('/covers/:taskId', '/covers/task-0001', <CoverTaskPage />);
    await screen.findByRole('button', { name: 'Download full song (1 credit)' });
    expect(downloads()).toHaveLength(0);
    act(() => useAuthStore.setState({ token: 'tok' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(formatOf(downloads()[0]!.url)).toBe('mp3_low');
  });

  it('does nothing when the login dialog is closed without signing in', async () => {
    const user = userEvent.setup();
    renderRoute('/covers/:taskId', '/covers/task-0001', <CoverTaskPage />);
    await askForWav(user);
    act(() => useAuthStore.setState({ loginOpen: false }));
    expect(readPendingDownload('task-0001')).toBeNull();
    // A sign-in later, from the header, downloads nothing by itself.
    act(() => useAuthStore.setState({ token: 'tok' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.url.startsWith('/v1/deduct'))).toBe(false);
    expect(clicked).toHaveLength(0);
  });
});

describe('a download held up by credits', () => {
  it('sends the purchase back to this cover, and offers the download again once the balance grew', async () => {
    useAuthStore.setState({ token: 'tok' });
    deductAnswer = () => errorResponse(490026, CoverMsg.notPaid);
    const user = userEvent.setup();
    const { client } = renderRoute('/covers/:taskId', '/covers/task-0001', <CoverTaskPage />);
    await askForWav(user);
    await waitFor(() => expect(useWalletDialogs.getState().limitOpen).toBe(true));
    // The limit dialog's purchase comes back here, with the download to resume.
    expect(useWalletDialogs.getState().limitReturnPath).toBe('/covers/task-0001?resume=download&format=wav');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The pricing window paid; the wallet sync refreshes this window's balance.
    balance = 100;
    await act(() => client.invalidateQueries({ queryKey: ['wallet'] }));
    const popup = await screen.findByRole('dialog', { name: 'Download your cover' });
    expect(within(popup).getByRole('radio', { name: /WAV/ })).toHaveProperty('checked', true);
    // Offered, not charged by itself: the visitor presses the button.
    expect(downloads()).toHaveLength(0);
  });

  it('a checkout that came back to the cover opens the popup at the chosen format, once', async () => {
    useAuthStore.setState({ token: 'tok' });
    renderRoute(
      '/covers/:taskId',
      '/covers/task-0001?resume=download&format=stems&order_id=7&status=paid',
      <CoverTaskPage />,
    );
    const popup = await screen.findByRole('dialog', { name: 'Download your cover' });
    expect(within(popup).getByRole('radio', { name: /Stems in one zip/ })).toHaveProperty('checked', true);
  });

  it('a cancelled checkout offers nothing', async () => {
    useAuthStore.setState({ token: 'tok' });
    renderRoute(
      '/covers/:taskId',
      '/covers/task-0001?resume=download&format=wav&order_id=7&status=canceled',
      <CoverTaskPage />,
    );
    await screen.findByRole('button', { name: 'Download full song (1 credit)' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('progress', () => {
  it('shows the step the engine reports and the time left, counting down between answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      result = makeTask({ status: 2, progress: 0.4, stage: 'convert', eta_seconds: 42 });
      renderRoute('/covers/:taskId', '/covers/task-0001', <CoverTaskPage />);
      const note = await screen.findByTestId('cover-stage');
      expect(note.textContent).toBe('Converting the voice · About 40 seconds left');
      await act(async () => vi.advanceTimersByTime(30_000));
      expect(note.textContent).toBe('Converting the voice · About 10 seconds left');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says it is still measuring before a rate is known', async () => {
    result = makeTask({ status: 2, progress: 0.01, stage: 'decode', eta_seconds: null });
    renderRoute('/covers/:taskId', '/covers/task-0001', <CoverTaskPage />);
    expect((await screen.findByTestId('cover-stage')).textContent).toBe(
      'Reading the song · Working out how long it will take…',
    );
  });
});
