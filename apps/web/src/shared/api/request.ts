import { Code, Msg, PRODUCT, TIMING } from '@ai-covers/contracts';
import { analytics } from '../analytics/client';
import { readLocal } from '../storage/storage';
import { useNoticeStore } from './notice-store';
import { normalizePayload, toSearchParams } from './serialize';
import { ApiError, CancelError, NetworkError, RequestError, TimeoutError } from './errors';

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  /** Send the body form-encoded instead of JSON (e.g. `POST /v1/task/delete`). */
  form?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface RequestDeps {
  fetch: typeof fetch;
  now: () => number;
  timeoutMs: number;
  readToken: () => string | null;
  readVapiToken: () => string | null;
  report: (event: string, props: Record<string, string | number>) => void;
  notify: (key: string, text: string) => void;
  /** Told about every failed call (the sign-in feature signs out on 490010, §4). */
  onFailure?: (failure: RequestError) => void;
}

const failureListeners = new Set<(failure: RequestError) => void>();

/** Registers a listener for every failed call of the app's request function; returns its removal. */
export function onRequestFailure(listener: (failure: RequestError) => void): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

// The storage-signing call must be reproducible for the signature, so it never gets `_t` (§7).
const NO_CACHE_BUST = new Set(['/v1/common/oss/sign']);
const VAPI_SOURCE = PRODUCT.kind;

function buildHeaders(path: string, deps: RequestDeps, options: RequestOptions): Headers {
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  const isVapi = path.startsWith('/vapi/');
  const token = isVapi ? deps.readVapiToken() : deps.readToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (isVapi) {
    headers.set('version', PRODUCT.appVersion);
    headers.set('source', VAPI_SOURCE);
  }
  return headers;
}

function buildBody(options: RequestOptions, headers: Headers): BodyInit | undefined {
  if (options.body === undefined) return undefined;
  const body = normalizePayload(options.body);
  if (body instanceof FormData || body instanceof Blob) return body;
  if (options.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    return toSearchParams(body as Record<string, unknown>);
  }
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

function parseEnvelope<T>(text: string, status: number): T {
  if (text.trim() === '') throw new ApiError(Code.error, Msg.emptyBody);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(Code.error, status >= 400 ? Msg.generic : Msg.emptyBody);
  }
  if (parsed === null || typeof parsed !== 'object' || !('code' in parsed)) {
    throw new ApiError(Code.error, Msg.emptyBody);
  }
  const envelope = parsed as { code: unknown; data?: unknown; msg?: unknown };
  const code = Number(envelope.code);
  if (code !== Code.ok) {
    throw new ApiError(Number.isFinite(code) ? code : Code.error, String(envelope.msg ?? Msg.generic));
  }
  return envelope.data as T;
}

/** Makes a request function bound to its dependencies (tests pass fakes). */
export function createRequest(deps: RequestDeps) {
  return async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const params = toSearchParams(options.query);
    if (method === 'GET' && !NO_CACHE_BUST.has(path)) params.set('_t', String(deps.now()));
    const search = params.toString();
    const url = search ? `${path}?${search}` : path;
    const headers = buildHeaders(path, deps, options);
    const body = buildBody(options, headers);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    const handleCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', handleCallerAbort);

    try {
      if (options.signal?.aborted) throw new CancelError();
      let response: Response;
      try {
        response = await deps.fetch(url, { method, headers, body, signal: controller.signal });
      } catch {
        if (timedOut) throw new TimeoutError();
        if (options.signal?.aborted) throw new CancelError();
        throw new NetworkError();
      }
      let text: string;
      try {
        text = await response.text();
      } catch {
        if (timedOut) throw new TimeoutError();
        if (options.signal?.aborted) throw new CancelError();
        throw new NetworkError();
      }
      return parseEnvelope<T>(text, response.status);
    } catch (error) {
      const failure = error instanceof RequestError ? error : new ApiError(Code.error, Msg.generic);
      deps.report('http_error', { class: failure.failureClass, path, code: failure.code });
      if (failure instanceof NetworkError) deps.notify('errors.network', Msg.network);
      deps.onFailure?.(failure);
      throw failure;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', handleCallerAbort);
    }
  };
}

/** The app's request function: same-origin API at the site root, never under BASE_PATH. */
export const request = createRequest({
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  timeoutMs: TIMING.httpTimeoutMs,
  readToken: () => readLocal('token'),
  readVapiToken: () => readLocal('vapi_token'),
  report: (event, props) => analytics.track(event, props),
  notify: (key, text) => useNoticeStore.getState().show(key, text),
  onFailure: (failure) => failureListeners.forEach((listener) => listener(failure)),
});

/** GET shorthand: resolves with the envelope's data. */
export function apiGet<T>(path: string, query?: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  return request<T>('GET', path, { query, signal });
}

/** POST shorthand with a JSON body: resolves with the envelope's data. */
export function apiPost<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return request<T>('POST', path, { ...options, body });
}
