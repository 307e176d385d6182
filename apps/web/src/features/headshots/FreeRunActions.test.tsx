import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Providers, createQueryClient } from '../../shared/providers';
import { contractResponse } from '../../shared/test/api-test-kit';
import { fakeFetch, type Call } from '../../shared/test/fake-network';
import { FreeRunActions } from './FreeRunActions';
import { makePack, makePlans } from './headshots-test-kit';

let calls: Call[];
beforeEach(() => {
  calls = fakeFetch(({ method, url }) => {
    if (method === 'POST' && (url === '/v1/headshots/trial' || url === '/v1/headshots/previews'))
      return contractResponse('headshotOnePackData', {
        pack: makePack({ id: 'pack-free-1', kind: 'trial', status: 'generating', task_status: 1 }),
      });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderActions(
  ab: { trial: boolean; multiple_run: boolean; pre_generation: boolean },
  trialUsed = false,
) {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={['/headshots/upload']}>
        <Routes>
          <Route
            path="/headshots/upload"
            element={
              <FreeRunActions
                plans={makePlans({ ab, trial_used: trialUsed })}
                photoIds={['photo-0001', 'photo-0002']}
                styleIds={['corporate-grey']}
                agreed
                toResult={(id) => `/headshots/result?id=${id}`}
              />
            }
          />
          <Route path="/headshots/result" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe('the §9 headshot A/B tests on the upload page', () => {
  it('shows nothing while every test is off, or once the trial is used', () => {
    renderActions({ trial: false, multiple_run: false, pre_generation: false });
    expect(screen.queryByTestId('free-runs')).toBeNull();
    cleanup();
    renderActions({ trial: true, multiple_run: false, pre_generation: false }, true);
    expect(screen.queryByTestId('free-runs')).toBeNull();
  });

  it('portrait trial picture with multiple run: four watermarked results per style, then the result page', async () => {
    renderActions({ trial: true, multiple_run: true, pre_generation: false });
    expect(screen.getByText('The free trial uses one photo: your first approved one.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Free trial (4 watermarked)' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/headshots/result?id=pack-free-1');
    const sent = calls.find((c) => c.url === '/v1/headshots/trial');
    // Single-photo mode (§5): the trial is made from the first approved photo alone.
    expect(JSON.parse(sent!.body!)).toEqual({
      photo_ids: ['photo-0001'],
      styles: ['corporate-grey'],
      agree: true,
    });
  });

  it('portrait pre-generation: ten free previews while choosing a plan', async () => {
    renderActions({ trial: false, multiple_run: false, pre_generation: true });
    await userEvent.click(screen.getByRole('button', { name: 'See 10 free previews' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/headshots/previews')).toBe(true));
    const sent = calls.find((c) => c.url === '/v1/headshots/previews');
    expect(JSON.parse(sent!.body!).photo_ids).toEqual(['photo-0001', 'photo-0002']);
  });
});
