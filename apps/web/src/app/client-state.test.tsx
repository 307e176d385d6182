import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { analyticsBatch } from '@ai-covers/contracts';
import { useAuthStore, captureLandingParams, fromAiPhoto } from '../features/auth';
import { analytics } from '../shared/analytics/client';
import { contractResponse, fixture } from '../shared/test/api-test-kit';
import { ensureSessionId } from '../shared/storage/storage';
import { Providers, createQueryClient } from '../shared/providers';
import { appRoutes } from './routes';

// §3 client state: session id (session storage), invite code and from-ai-photo flag (local storage),
// the category list keyed by name.

const categories = fixture('categoryData', {
  module: 'ai-covers',
  lang: 'en',
  list: [
    { id: 'pop', name: 'Pop', items: [{ id: 'v1', name: 'Aurora', description: 'Bright soprano' }] },
    { id: 'soul', name: 'Soul', items: [{ id: 'v2', name: 'Basalt', description: 'Warm baritone' }] },
  ],
});
const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
  if (String(input).startsWith('/v1/common/category')) return contractResponse('categoryData', categories);
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
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal('fetch', fetchSpy);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useAuthStore.setState({ token: null, user: null, openLogin: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session id (§3)', () => {
  it('lives in session storage, stays for the tab, and goes with every analytics batch', async () => {
    const id = ensureSessionId();
    expect(sessionStorage.getItem('ai-covers.session_id')).toBe(id);
    expect(ensureSessionId()).toBe(id);
    const ready = vi.spyOn(analytics, 'ready');
    renderApp('/credit');
    await screen.findByTestId('get-credit-now');
    await waitFor(() => expect(ready).toHaveBeenCalled());
    const page = ready.mock.calls.at(-1)![0];
    expect(page.sid).toBe(id);
    expect(analyticsBatch.shape.page.parse(page).sid).toBe(id);
  });
});

describe('landing parameters (§3, §4)', () => {
  it('keep an invite code for the next sign-in and the from-ai-photo flag', () => {
    captureLandingParams('?invite_code=FRIEND42&from=ai-photo');
    expect(localStorage.getItem('ai-covers.invite_code')).toBe('FRIEND42');
    expect(fromAiPhoto()).toBe(true);
  });

  it('ignore a malformed invite code and other sources', () => {
    captureLandingParams('?invited_code=%3Cscript%3E&from=elsewhere');
    expect(localStorage.getItem('ai-covers.invite_code')).toBeNull();
    expect(fromAiPhoto()).toBe(false);
  });
});

describe('the voice library keyed by category name (§3)', () => {
  it('opens the category a link names and keeps the choice in the URL', async () => {
    const router = renderApp('/?category=Soul');
    const tabs = await screen.findByRole('tablist', { name: 'Voice categories' });
    expect(within(tabs).getByRole('tab', { name: 'Soul' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Basalt' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Aurora' })).toBeNull();
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Pop' }));
    expect(await screen.findByRole('heading', { name: 'Aurora' })).toBeTruthy();
    expect(router.state.location.search).toBe('?category=Pop');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // An unknown name shows every voice.
    cleanup();
    renderApp('/?category=Nope');
    expect(await screen.findByRole('heading', { name: 'Basalt' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Aurora' })).toBeTruthy();
  });
});
