import { Code, Msg, PRODUCT, TIMING } from '@ai-covers/contracts';
import { analytics } from '../analytics/client';
import { readLocal } from '../storage/storage';
import { useNoticeStore } from './notice-store';
import { normalizePayload, toSearchParams } from './serialize';
import { ApiError, CancelError, NetworkError, RequestError, TimeoutError } from './errors';
import { errorKey } from './error-messages';
import {
  loadContracts,
  type ContractData,
  type ContractName,
  type ContractTable,
  type ResponseSchema,
} from './contract';

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  /** Send the body form-encoded instead of JSON (e.g. `POST /v1/task/delete`). */
  form?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Messages this call shows for some codes instead of the server's text (§8: a refused retry). */
  messages?: Readonly<Partial<Record<number, string>>>;
}

export interface RequestDeps {
  fetch: typeof fetch;
  now: () => number;
  timeoutMs: number;
  readToken: () => string | null;
  readVapiToken: () => string | null;
  report: (event: string, props: Record<string, string | number>) => void;
  notify: (key: string, text: string) => void;
  /**
   * Told about every failed call with the token it was sent with (the sign-in feature signs out
   * on 490010, §4, but only when that token is still the current one).
   */
  onFailure?: (failure: RequestError, sent: SentCredentials) => void;
  /** Where the response schemas come from; default: the lazily loaded packages/contracts. */
  loadContracts?: () => Promise<ContractTable>;
}

/** What a failed call was sent with: the bearer token, or null when it went without one. */
export interface SentCredentials {
  token: string | null;
}
type FailureListener = (failure: RequestError, sent: SentCredentials) => void;

const failureListeners = new Set<FailureListener>();

/** Registers a listener for every failed call of the app's request function; returns its removal. */
export function onRequestFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

// The storage-signing call must be reproducible for the signature, so it never gets `_t` (§7).
const NO_CACHE_BUST = new Set(['/v1/common/oss/sign']);
const VAPI_SOURCE = PRODUCT.kind;
/** §7: the event service (market) is the other service that gets the business header 'editor'. */
const EVENT_SERVICE_PREFIX = '/api/v3/market/';
export const BUSINESS_HEADER = { name: 'business', value: 'editor' } as const;

function buildHeaders(
  path: string,
  deps: RequestDeps,
  options: RequestOptions,
): { headers: Headers; token: string | null } {
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  const isVapi = path.startsWith('/vapi/');
  const token = isVapi ? deps.readVapiToken() : deps.readToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (isVapi) {
    headers.set('version', PRODUCT.appVersion);
    headers.set('source', VAPI_SOURCE);
  }
  if (path.startsWith(EVENT_SERVICE_PREFIX)) headers.set(BUSINESS_HEADER.name, BUSINESS_HEADER.value);
  return { headers, token };
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

function parseEnvelope(text: string, status: number, messages: RequestOptions['messages'] = {}): unknown {
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
    const failed = Number.isFinite(code) ? code : Code.error;
    throw new ApiError(failed, messages[failed] ?? String(envelope.msg ?? Msg.generic));
  }
  return envelope.data;
}

/**
 * Checks data against its contract. A body that does not match means the two sides disagree,
 * which the visitor sees as §8's generic failure rather than as a half-drawn page.
 */
async function parseContract<K extends ContractName>(
  contract: K,
  data: unknown,
  contracts: Promise<ContractTable>,
): Promise<ContractData<K>> {
  let table: ContractTable;
  try {
    table = await contracts;
  } catch {
    // The schemas' chunk did not arrive: to the visitor that is the network failing.
    throw new NetworkError();
  }
  const schema = table[contract] as unknown as ResponseSchema<ContractData<K>>;
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(Code.error, Msg.generic);
  return result.data;
}

/**
 * Reads an envelope that did not come through `request` (the object store's answer to an upload)
 * and parses its data with `contract`; failures are the same errors `request` throws.
 */
export function parseEnvelopeText<K extends ContractName>(
  contract: K,
  text: string,
  status: number,
): Promise<ContractData<K>> {
  const data = parseEnvelope(text, status);
  return parseContract(contract, data, loadContracts());
}

/** Makes a request function bound to its dependencies (tests pass fakes). */
export function createRequest(deps: RequestDeps) {
  const contractsOf = deps.loadContracts ?? loadContracts;
  /** Calls the API and resolves with the envelope's data, parsed by the named contract schema. */
  return async function request<K extends ContractName>(
    contract: K,
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ContractData<K>> {
    // The schemas load while the call is under way; a failure is handled where they are used.
    const contracts = contractsOf();
    contracts.catch(() => undefined);
    const params = toSearchParams(options.query);
    if (method === 'GET' && !NO_CACHE_BUST.has(path)) params.set('_t', String(deps.now()));
    const search = params.toString();
    const url = search ? `${path}?${search}` : path;
    const { headers, token } = buildHeaders(path, deps, options);
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
      const data = parseEnvelope(text, response.status, options.messages);
      return await parseContract(contract, data, contracts);
    } catch (error) {
      const failure = error instanceof RequestError ? error : new ApiError(Code.error, Msg.generic);
      deps.report('http_error', { class: failure.failureClass, path, code: failure.code });
      if (failure instanceof NetworkError) deps.notify(errorKey(failure) ?? 'errors.generic', Msg.network);
      deps.onFailure?.(failure, { token });
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
  onFailure: (failure, sent) => failureListeners.forEach((listener) => listener(failure, sent)),
});

/** GET shorthand: resolves with the envelope's data, parsed by `contract`. */
export function apiGet<K extends ContractName>(
  contract: K,
  path: string,
  query?: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ContractData<K>> {
  return request(contract, 'GET', path, { query, signal });
}

/** POST shorthand with a JSON body: resolves with the envelope's data, parsed by `contract`. */
export function apiPost<K extends ContractName>(
  contract: K,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ContractData<K>> {
  return request(contract, 'POST', path, { ...options, body });
}
