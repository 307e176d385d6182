import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useAuthStore } from '../features/auth';
import { makeTestUser, makeCreditsAccount } from '../shared/test/account-fixtures';
import { useNoticeStore } from '../shared/api/notice-store';
import { contractResponse, fixture } from '../shared/test/api-test-kit';
import { Providers, createQueryClient } from '../shared/providers';
import { appRoutes } from './routes';

const categories = fixture('categoryData', {
  module: 'ai-covers',
  lang: 'en',
  list: [
    { id: 'pop', name: 'Pop', items: [{ id: 'v1', name: 'Aurora', description: 'Bright soprano' }] },
    { id: 'soul', name: 'Soul', items: [{ id: 'v2', name: 'Basalt', description: 'Warm baritone' }] },
  ],
});
const account = makeCreditsAccount({ balance: 12, total: 12, gifted: 1, purchased: 11 });

let failNetwork = false;
const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (failNetwork && url.startsWith('/v1/common/category')) throw new TypeError('Failed to fetch');
  if (url.startsWith('/v1/common/category')) {
    return contractResponse('categoryData', categories);
  }
  if (url.startsWith('/v1/credits/account')) return contractResponse('creditsAccountData', account);
  if (url.startsWith('/v1/cart'))
    return contractResponse('cartData', { package: [], subscription: [], wap: [] });
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
  failNetwork = false;
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal('fetch', fetchSpy);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useAuthStore.setState({ token: null, user: null, openLogin: null });
  useNoticeStore.setState({ notices: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const header = () => within(screen.getByRole('banner'));

describe('the app shell', () => {
  it('shows the German header and page on /de/', async () => {
    renderApp('/de/');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Jeder Song, gesungen von einer anderen Stimme.',
      }),
    ).toBeTruthy();
    expect(header().getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(header().getByRole('link', { name: 'Preise' })).toBeTruthy();
    expect(header().getByRole('link', { name: 'Porträtfotos' })).toBeTruthy();
    expect(header().getByRole('combobox', { name: 'Sprache' })).toBeTruthy();
    expect(header().queryByText('Sign in')).toBeNull();
    expect(document.documentElement.lang).toBe('de');
  });

  it('shows English at the root with the voice library from the category API', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Any song, sung by another voice.' }),
    ).toBeTruthy();
    const menu = await screen.findByRole('tablist', { name: 'Voice categories' });
    expect(
      within(menu)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All', 'Pop', 'Soul']);
    expect(screen.getByText('Aurora')).toBeTruthy();
    expect(screen.getByText('Basalt')).toBeTruthy();
    fireEvent.click(within(menu).getByRole('tab', { name: 'Soul' }));
    expect(screen.queryByText('Aurora')).toBeNull();
    expect(screen.getByText('Basalt')).toBeTruthy();
  });

  it('uses the stored language preference when the URL has none', async () => {
    localStorage.setItem('ai-covers.lang', 'ja');
    renderApp('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: '料金' })).toBeTruthy();
  });

  it('uses the lang query parameter before the stored preference', async () => {
    localStorage.setItem('ai-covers.lang', 'ja');
    renderApp('/pricing?lang=es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Precios' })).toBeTruthy();
  });

  it('redirects unmatched paths to the root, keeping the language', async () => {
    const router = renderApp('/de/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Jeder Song, gesungen von einer anderen Stimme.' });
    expect(router.state.location.pathname).toBe('/de');
  });

  it('redirects an unknown first segment to the root', async () => {
    const router = renderApp('/nothing-here');
    await screen.findByRole('heading', { level: 1, name: 'Any song, sung by another voice.' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('maps /br/ to Portuguese and /zh/ to English', async () => {
    const router = renderApp('/br/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Preços' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pt/pricing');
    cleanup();
    const zh = renderApp('/zh/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    expect(zh.state.location.pathname).toBe('/en/pricing');
  });

  it('switching language stores it, rewrites the URL and translates the page', async () => {
    const router = renderApp('/de/pricing');
    await screen.findByRole('heading', { level: 1, name: 'Preise' });
    fireEvent.change(header().getByRole('combobox', { name: 'Sprache' }), { target: { value: 'fr' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarifs' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fr/pricing');
    expect(localStorage.getItem('ai-covers.lang')).toBe('fr');
    fireEvent.change(header().getByRole('combobox', { name: 'Langue' }), { target: { value: 'en' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('highlights the covers tool, not My covers, while a cover is being made', async () => {
    renderApp('/covers/new');
    const tool = await header().findByRole('link', { name: 'Covers' });
    await waitFor(() => expect(tool.className).toMatch(/active/));
    expect(header().getByRole('link', { name: 'My covers' }).className).not.toMatch(/active/);
  });

  it('signed out, the account page offers sign-in and no upload', async () => {
    useAuthStore.setState({ openLogin: () => undefined });
    renderApp('/account');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Upload file' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Sign in' }).length).toBeGreaterThan(0);
  });

  it('keeps the language segment on navigation links', async () => {
    renderApp('/ko/');
    await screen.findByRole('heading', { level: 1, name: '어떤 노래든, 다른 목소리로.' });
    expect(header().getByRole('link', { name: '요금제' }).getAttribute('href')).toBe('/ko/pricing');
  });

  it('"Sign in" opens the registered login dialog', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Any song, sung by another voice.' });
    // The app registers its own opener once its auth root has mounted; replace it only after that.
    await waitFor(() => expect(useAuthStore.getState().openLogin).not.toBeNull());
    const openLogin = vi.fn();
    act(() => useAuthStore.getState().registerLogin(openLogin));
    fireEvent.click(header().getByRole('button', { name: 'Sign in' }));
    expect(openLogin).toHaveBeenCalledTimes(1);
  });

  it('shows the live credit balance only when signed in', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Any song, sung by another voice.' });
    expect(screen.queryByTestId('credit-balance')).toBeNull();
    act(() => {
      useAuthStore.getState().setToken('jwt');
      useAuthStore.getState().setUser(makeTestUser({ ws_id: 7, credit: 3 }));
    });
    expect((await screen.findByTestId('credit-balance-value')).textContent).toBe('12');
    expect(header().getByRole('link', { name: 'Account' })).toBeTruthy();
  });

  it('shows the network failure message in the page language', async () => {
    failNetwork = true;
    renderApp('/de/');
    expect(
      await screen.findByText(
        'Netzwerkverbindung fehlgeschlagen. Bitte versuche es erneut.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText('Die Stimmen konnten nicht geladen werden.', {}, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it('scrolls to the top 100 ms after navigating', async () => {
    const router = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Any song, sung by another voice.' });
    await new Promise((r) => setTimeout(r, 150));
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/pricing'));
    expect(window.scrollTo).not.toHaveBeenCalled();
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
  });
});

describe('headshot routes (§2)', () => {
  it('has a start page and an upload child under the home layout', async () => {
    renderApp('/headshots/upload');
    expect(await screen.findByRole('heading', { level: 2, name: 'Upload your photos' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'AI Headshots' })).toBeTruthy();
  });

  it('the detail page has a back button; the share page does not', async () => {
    renderApp('/headshots/usercenter/detail?id=pack-0001');
    expect(await screen.findByText('Sign in to see your headshot packs.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to my headshots/ })).toBeTruthy();
    cleanup();
    renderApp('/headshots/usercenter/share');
    expect(await screen.findByRole('heading', { level: 2, name: 'This link is not available' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Back to my headshots/ })).toBeNull();
  });

  it("serves the 'app' alias of the headshot home, with honest copy only", async () => {
    renderApp('/headshots/app');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'What the studio does with your photos' }),
    ).toBeTruthy();
    expect(screen.queryByText(/50,000|2\.5 million/)).toBeNull();
  });

  it('sends unknown paths under the headshot product to its root', async () => {
    const router = renderApp('/de/headshots/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/headshots'));
  });

  it('opens the login dialog 1200 ms after reaching the user center signed out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const openLogin = vi.fn();
      renderApp('/headshots/usercenter');
      await screen.findByText('Sign in to see your headshot packs.');
      // The sign-in root registers its own dialog on mount; the spy stands in for it.
      act(() => useAuthStore.getState().registerLogin(openLogin));
      expect(openLogin).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1200));
      expect(openLogin).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('studio entry (apps/entry)', () => {
  it('lists the family with in-app links for AI Covers and AI Headshots', async () => {
    renderApp('/it/apps/entry');
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rimozione voce' })).toBeTruthy();
    const open = screen.getAllByRole('link', { name: 'Apri' }).map((a) => a.getAttribute('href'));
    expect(open).toEqual(['/it', '/it/headshots']);
    expect(screen.getAllByText('Fa parte della famiglia')).toHaveLength(9);
  });
});
