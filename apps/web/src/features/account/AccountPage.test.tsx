import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '../../shared/providers';
import '../../shared/i18n/i18n';
import { errorResponse } from '../../shared/test/api-test-kit';
import { makeTestUser } from '../../shared/test/account-fixtures';
import { useAuthStore } from '../auth';
import { AccountPage } from './AccountPage';

const renderPage = () =>
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>
    </Providers>,
  );

describe("the account page links the provider's account overview (§7)", () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(40004, 'The file does not exist.')),
    ),
  );
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null, user: null });
    localStorage.clear();
  });

  it('signed in: one link to the overview page the server names', () => {
    const accountUrl = 'https://covers.example/accounts/account';
    useAuthStore.setState({ token: 'tok', user: makeTestUser({ account_url: accountUrl }) });
    renderPage();
    const link = screen.getByRole('link', { name: /account overview/ });
    expect(link.getAttribute('href')).toBe(accountUrl);
  });

  it('signed in, before the user info arrives: the link the last user info named, at once', () => {
    const accountUrl = 'https://covers.example/accounts/account';
    useAuthStore.getState().setUser(makeTestUser({ account_url: accountUrl }));
    expect(localStorage.getItem('ai-covers.account_url')).toBe(accountUrl);
    useAuthStore.setState({ token: 'tok', user: null });
    renderPage();
    expect(screen.getByRole('link', { name: /account overview/ }).getAttribute('href')).toBe(accountUrl);
    cleanup();
    // The user info has the last word: an issuer without an overview page shows none.
    useAuthStore.getState().setUser(makeTestUser({ account_url: null }));
    renderPage();
    expect(screen.queryByRole('link', { name: /account overview/ })).toBeNull();
    expect(localStorage.getItem('ai-covers.account_url')).toBeNull();
  });

  it('draws no stored address that is not http(s), and signing out forgets it', () => {
    localStorage.setItem('ai-covers.account_url', 'javascript:alert(1)');
    useAuthStore.setState({ token: 'tok', user: null });
    renderPage();
    expect(screen.queryByRole('link', { name: /account overview/ })).toBeNull();
    cleanup();
    useAuthStore.getState().setUser(makeTestUser({ account_url: 'https://x.example/a' }));
    useAuthStore.getState().signOut();
    expect(localStorage.getItem('ai-covers.account_url')).toBeNull();
  });

  it('no link when the issuer has none, or when signed out', () => {
    useAuthStore.setState({ token: 'tok', user: makeTestUser({ account_url: null }) });
    renderPage();
    expect(screen.queryByRole('link', { name: /account overview/ })).toBeNull();
    cleanup();
    useAuthStore.setState({ token: null, user: makeTestUser({ account_url: 'https://x.example/a' }) });
    renderPage();
    expect(screen.queryByRole('link', { name: /account overview/ })).toBeNull();
  });
});
