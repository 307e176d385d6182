import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../i18n/i18n';
import { useAuthStore } from '../../features/auth';
import { makeTestUser } from '../test/account-fixtures';
import { contractResponse } from '../test/api-test-kit';
import { useAbPlan } from './use-ab-plan';
import { readAssignments } from './assignments';

const fetchSpy = vi.fn(async () => contractResponse('abTestData', { test_code: 'login_test', plan: 2 }));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useAbPlan', () => {
  beforeEach(() => {
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
    localStorage.clear();
    useAuthStore.setState({ token: null, user: null });
  });
  afterEach(async () => {
    // Without vitest globals Testing Library cannot clean up by itself.
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('reads the plan for the visitor uuid and reports plan 2 as on', async () => {
    const { result } = renderHook(() => useAbPlan('login_test'), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ plan: 2, on: true }));
    const url = new URL(String((fetchSpy.mock.calls[0] as unknown as [string])[0]), 'http://x');
    expect(url.searchParams.get('user_id')).toBe(localStorage.getItem('ai-covers.uuid'));
  });

  it('keeps asking for the visitor uuid after sign-in, and records the plan for analytics', async () => {
    useAuthStore.setState({ token: 't', user: makeTestUser({ ws_id: 98765 }) });
    const { result } = renderHook(() => useAbPlan('banner_test'), { wrapper });
    await waitFor(() => expect(result.current.on).toBe(true));
    const url = new URL(String((fetchSpy.mock.calls[0] as unknown as [string])[0]), 'http://x');
    const visitor = localStorage.getItem('ai-covers.uuid');
    expect(url.searchParams.get('user_id')).toBe(visitor);
    expect(readAssignments(visitor!)).toEqual({ banner_test: 2 });
    // Another visitor on this browser does not inherit the plans.
    expect(readAssignments('someone-else')).toEqual({});
  });

  it('keeps the English-only purchase test off (and unasked) on a German page', async () => {
    await act(() => i18n.changeLanguage('de'));
    const { result } = renderHook(() => useAbPlan('purchase_test'), { wrapper });
    expect(result.current).toEqual({ plan: undefined, on: false });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
