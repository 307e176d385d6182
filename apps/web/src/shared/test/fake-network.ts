// Test support: the network faked at its two doors, fetch (the API) and XMLHttpRequest (the
// storage PUT of an upload); everything behind them is the real app code.
import { vi } from 'vitest';
import { errorResponse } from './api-test-kit';

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
