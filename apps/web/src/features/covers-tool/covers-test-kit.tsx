// Shared fixtures of the covers tool's component tests: only the network (fetch, the storage PUT)
// is faked; everything else is the real app code.
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { TaskStatus, type CoverTask } from '@ai-covers/contracts';
import { Providers, createQueryClient } from '../../app/providers';
import { errorResponse, fixture } from '../../shared/api/api-test-kit';
import '../../app/i18n';

export const voiceCategories = fixture('categoryData', {
  module: 'ai-covers',
  lang: 'en',
  list: [
    {
      id: 'pop',
      name: 'Pop',
      items: [
        {
          id: 'aurora',
          name: 'Aurora',
          description: 'Bright soprano',
          url: '/v1/voices/aurora/sample.mp3',
          extra: { range: { low: { note: 'C4' }, high: { note: 'C6' } } },
        },
      ],
    },
    { id: 'soul', name: 'Soul', items: [{ id: 'basalt', name: 'Basalt', description: 'Warm baritone' }] },
  ],
});

/** A task as the server returns it; override what a test is about. */
export function makeTask(overrides: Partial<CoverTask> = {}): CoverTask {
  return fixture('coverTask', {
    task_id: 'task-0001',
    kind: 'ai-covers',
    status: 1,
    progress: 0,
    voice_id: 'aurora',
    key: 'auto',
    key_applied: null,
    backing: 'keep',
    song_name: 'My Song.mp3',
    title: 'My Song',
    stage: null,
    eta_seconds: null,
    duration: 180,
    created_at: '2026-11-20 10:00',
    error: null,
    preview_url: null,
    preview_start: 54,
    source_url: null,
    paid: false,
    download_cost: 1,
    formats: [],
    mix: { vocal: 1, instrumental: 1, reverb: 0.2 },
    remixable: false,
    retryable: overrides.status === TaskStatus.failed || overrides.status === TaskStatus.timeout,
    ...overrides,
  });
}

export interface Call {
  method: string;
  url: string;
  body: string | null;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

/** Stubs fetch with a handler; unknown paths answer 40004. Returns the recorded calls. */
export function fakeFetch(handler: Handler): Call[] {
  const calls: Call[] = [];
  const stub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body === undefined || init.body === null ? null : String(init.body);
    const call = { method: init?.method ?? 'GET', url: String(input), body };
    calls.push(call);
    return (await handler(call)) ?? errorResponse(40004, 'Not found');
  };
  vi.stubGlobal('fetch', stub);
  return calls;
}

/** The storage PUT of the upload (XMLHttpRequest): accepts every body with progress, then 200. */
export class FakeStoragePut {
  static urls: string[] = [];
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    FakeStoragePut.urls.push(url);
  }
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send() {
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      this.status = 200;
      this.onload?.();
    }, 0);
  }
}

function Where() {
  const location = useLocation();
  const { taskId } = useParams();
  return <p data-testid="where">{taskId ? `task ${taskId}` : location.pathname}</p>;
}

/** Renders `element` at `path` (route pattern `pattern`) with the list and task pages stubbed as markers. */
export function renderRoute(pattern: string, path: string, element: ReactNode) {
  const client = createQueryClient();
  const utils = render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          {pattern === '/covers' ? null : <Route path="/covers" element={<Where />} />}
          {pattern === '/covers/:taskId' ? null : <Route path="/covers/:taskId" element={<Where />} />}
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { ...utils, client };
}
