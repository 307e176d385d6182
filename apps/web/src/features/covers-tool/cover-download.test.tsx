import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Msg } from '@ai-covers/contracts';
import { Providers, createQueryClient } from '../../shared/providers';
import { contractResponse, errorResponse } from '../../shared/test/api-test-kit';
import { useAuthStore } from '../auth';
import { useCoverDownload } from './cover-download';
import { fakeFetch, type Call } from '../../shared/test/fake-network';
import { makeTask } from './covers-test-kit';

function wrapper({ children }: { children: ReactNode }) {
  // The hook reads the page it runs on (to come back to it after a purchase).
  return (
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={['/covers/task-0001']}>{children}</MemoryRouter>
    </Providers>
  );
}

let calls: Call[];
beforeEach(() => {
  useAuthStore.setState({ token: 't', openLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe("cover download: the 'no task' error kind (§4)", () => {
  it('a charge refused with 490618 reads "The file does not exist."', async () => {
    calls = fakeFetch(({ url }) => {
      if (url.startsWith('/v1/verify/pay'))
        return contractResponse('verifyPayData', { kind: 'ai-covers', pay: true });
      if (url.startsWith('/v1/deduct'))
        return errorResponse(490618, 'task_id: no such task for this account');
    });
    const { result } = renderHook(() => useCoverDownload(makeTask({ status: 3 })), { wrapper });
    await act(() => result.current.download());
    expect(result.current.error).toBe(Msg.fileMissing);
    expect(calls.some((c) => c.url.startsWith('/v1/vsas/download/'))).toBe(false);
  });

  it('a paid cover whose task is gone reads the same; a network failure reads the download message', async () => {
    let gone = true;
    fakeFetch(({ url }) => {
      if (url.startsWith('/v1/vsas/download/')) {
        if (gone) return errorResponse(490618, 'no such task');
        throw new TypeError('Failed to fetch');
      }
    });
    const { result } = renderHook(() => useCoverDownload(makeTask({ status: 3, paid: true })), { wrapper });
    await act(() => result.current.download());
    expect(result.current.error).toBe(Msg.fileMissing);
    gone = false;
    await act(() => result.current.download());
    expect(result.current.error).toBe(Msg.downloadFailed);
  });
});
