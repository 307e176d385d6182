import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { HeadshotMsg, type HeadshotPack } from '@ai-covers/contracts';
import { Providers, createQueryClient } from '../../shared/providers';
import { contractResponse, errorResponse } from '../../shared/test/api-test-kit';
import { useNoticeStore } from '../../shared/api/notice-store';
import { useAuthStore } from '../auth';
import { fakeFetch, type Call } from '../../shared/test/fake-network';
import { SubmitFailure, SubmitResultPage } from './SubmitOutcome';
import { makePack } from './headshots-test-kit';

let pack: HeadshotPack;
let retryAnswer: () => Response;
let calls: Call[];

beforeEach(() => {
  pack = makePack({
    status: 'failure',
    task_status: 4,
    delivered: 0,
    progress: 0.4,
    error: HeadshotMsg.generateFailed,
  });
  retryAnswer = () => {
    pack = makePack({
      status: 'generating',
      task_status: 1,
      delivered: 0,
      progress: 0,
      stage: 'queued',
      estimate_seconds: 290,
    });
    return contractResponse('headshotOnePackData', { pack });
  };
  calls = fakeFetch(({ method, url }) => {
    if (method === 'POST' && url === '/v1/headshots/packs/pack-0001/retry') return retryAnswer();
    if (method === 'GET' && url.startsWith('/v1/headshots/packs/pack-0001'))
      return contractResponse('headshotPackDetailData', {
        pack,
        results: [],
        shares: [],
        url_expire: '2026-11-22T11:00:00Z',
      });
  });
  useAuthStore.setState({ token: 'tok' });
  useNoticeStore.setState({ notices: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null });
});

function renderResult() {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={['/headshots/result?id=pack-0001']}>
        <Routes>
          <Route path="/headshots/result" element={<SubmitResultPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe('submit result page (§2, §4, §8)', () => {
  it('a failed pack: the §8 message, retry, contact and the user center; a retry says it succeeded', async () => {
    renderResult();
    expect(
      await screen.findByRole('heading', {
        name: 'Failed to generate your headshots. Try again or contact us',
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('contact-us')).toBeTruthy();
    expect(screen.getByTestId('to-usercenter').getAttribute('href')).toBe('/headshots/usercenter');
    await userEvent.click(screen.getByTestId('retry-pack'));
    await waitFor(() =>
      expect(useNoticeStore.getState().notices.map((n) => n.text)).toContain('Retry succeeded'),
    );
    // Generating again: real progress and the measured estimate, not "2 to 8 hours".
    expect(await screen.findByText('0 of 50 made · about 5 min left')).toBeTruthy();
    expect(screen.queryByText(/2 to 8 hours/)).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/retry'))).toHaveLength(1);
  });

  it('a refused retry says it failed', async () => {
    retryAnswer = () => errorResponse(1, HeadshotMsg.retryFailed);
    renderResult();
    await userEvent.click(await screen.findByTestId('retry-pack'));
    await waitFor(() =>
      expect(useNoticeStore.getState().notices.map((n) => n.key)).toContain('errors.headshots.retryFailed'),
    );
  });

  it('a pack given back unused: says so and leads to the upload page, with no retry to press', async () => {
    pack = makePack({ status: 'failure', task_status: 4, delivered: 0, error: HeadshotMsg.packGivenBack });
    renderResult();
    expect((await screen.findByTestId('pack-given-back')).textContent).toBe(HeadshotMsg.packGivenBack);
    expect(screen.getByTestId('to-upload').getAttribute('href')).toBe('/headshots/upload');
    expect(screen.getByTestId('retry-pack').closest('[hidden]')).not.toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/retry'))).toHaveLength(0);
  });

  it('a submit the server did not take reads §8 and why', async () => {
    const onRetry = vi.fn();
    render(
      <Providers client={createQueryClient()}>
        <MemoryRouter>
          <SubmitFailure error={new Error(HeadshotMsg.noPaidPack)} onRetry={onRetry} retrying={false} />
        </MemoryRouter>
      </Providers>,
    );
    const alert = screen.getByTestId('submit-failed');
    expect(alert.textContent).toContain('Submission failed (retry or contact us)');
    expect(alert.textContent).toContain(HeadshotMsg.noPaidPack);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
