import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code, Msg, PRODUCT } from '@ai-covers/contracts';
import { createRequest, type RequestDeps } from './request';
import { ApiError, NetworkError, type RequestError } from './errors';
import { fixture } from '../test/api-test-kit';

type FetchArgs = [string, RequestInit];

const plan = fixture('abTestData', { test_code: 'login_test', plan: 2 });

function envelope(body: unknown, status = 200) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

function setup(overrides: Partial<RequestDeps> = {}) {
  const calls: FetchArgs[] = [];
  const reports: Array<[string, Record<string, string | number>]> = [];
  const notices: string[] = [];
  let reply: (url: string, init: RequestInit) => Promise<Response> = async () =>
    envelope({ code: 0, data: plan, msg: 'ok' });
  const deps: RequestDeps = {
    fetch: ((url: string, init: RequestInit) => {
      calls.push([url, init]);
      return reply(url, init);
    }) as typeof fetch,
    now: () => 1_700_000_000_000,
    timeoutMs: 30_000,
    readToken: () => 'main-token',
    readVapiToken: () => 'vapi-token',
    report: (event, props) => reports.push([event, props]),
    notify: (_key, text) => notices.push(text),
    ...overrides,
  };
  const request = createRequest(deps);
  return {
    // Most tests are about what is sent, not about the answer: every answer is an A/B plan.
    request: (method: string, path: string, options?: Parameters<typeof request>[3]) =>
      request('abTestData', method, path, options),
    requestContract: request,
    calls,
    reports,
    notices,
    setReply: (fn: typeof reply) => {
      reply = fn;
    },
  };
}

const header = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

describe('request layer (§5, §7, §8)', () => {
  it('sends the stored token as a bearer header', async () => {
    const { request, calls } = setup();
    await request('GET', '/v1/user/info');
    expect(header(calls[0]?.[1], 'authorization')).toBe('Bearer main-token');
  });

  it("sends the business header 'editor' to the event service only (§7)", async () => {
    const { request, calls } = setup();
    await request('GET', '/api/v3/market/csrf-token');
    await request('GET', '/v1/user/info');
    await request('GET', '/vapi/v1/common/ab-test');
    expect(calls.map(([, init]) => header(init, 'business'))).toEqual(['editor', null, null]);
  });

  it('sends no authorization header when signed out', async () => {
    const { request, calls } = setup({ readToken: () => null });
    await request('GET', '/v1/user/info');
    expect(header(calls[0]?.[1], 'authorization')).toBeNull();
  });

  it('adds _t to GET requests', async () => {
    const { request, calls } = setup();
    await request('GET', '/v1/common/category', { query: { module: 'ai-covers' } });
    expect(calls[0]?.[0]).toBe('/v1/common/category?module=ai-covers&_t=1700000000000');
  });

  it('does not add _t to the oss sign call or to POSTs', async () => {
    const { request, calls } = setup();
    await request('GET', '/v1/common/oss/sign', { query: { key: 'a.jpg' } });
    await request('POST', '/v1/vsas/create', { body: { kind: 'ai-covers' } });
    expect(calls[0]?.[0]).toBe('/v1/common/oss/sign?key=a.jpg');
    expect(calls[1]?.[0]).toBe('/v1/vsas/create');
  });

  it('trims strings and formats dates in bodies, recursively', async () => {
    const { request, calls } = setup();
    await request('POST', '/v1/vsas/create', {
      body: { name: '  My song  ', tags: [' a ', 'b '], nested: { at: new Date(2026, 2, 4, 5, 6) }, n: 3 },
    });
    expect(JSON.parse(String(calls[0]?.[1].body))).toEqual({
      name: 'My song',
      tags: ['a', 'b'],
      nested: { at: '2026-03-04 05:06' },
      n: 3,
    });
    expect(header(calls[0]?.[1], 'content-type')).toBe('application/json');
  });

  it('trims query values, repeats array keys and formats dates', async () => {
    const { request, calls } = setup();
    await request('GET', '/v1/vsas/list', {
      query: {
        kind: ' ai-covers ',
        task_ids: ['a', ' b'],
        from: new Date(2026, 0, 2, 3, 4),
        skip: undefined,
      },
    });
    const url = new URL(calls[0]?.[0] ?? '', 'http://x');
    expect(url.searchParams.get('kind')).toBe('ai-covers');
    expect(url.searchParams.getAll('task_ids')).toEqual(['a', 'b']);
    expect(url.searchParams.get('from')).toBe('2026-01-02 03:04');
    expect(url.searchParams.has('skip')).toBe(false);
  });

  it('sends form-encoded bodies when asked', async () => {
    const { request, calls } = setup();
    await request('POST', '/v1/task/delete', { body: { task_id: ' t1 ' }, form: true });
    expect(String(calls[0]?.[1].body)).toBe('task_id=t1');
    expect(header(calls[0]?.[1], 'content-type')).toBe('application/x-www-form-urlencoded');
  });

  it('resolves with the data of a code-0 envelope, parsed by its contract', async () => {
    const { requestContract, setReply } = setup();
    setReply(async () => envelope({ code: 0, data: { ...plan, extra: 'dropped' }, msg: 'ok' }));
    await expect(requestContract('abTestData', 'GET', '/vapi/v1/common/ab-test')).resolves.toEqual(plan);
  });

  it('fails with the generic message when the data does not match its contract', async () => {
    const { requestContract, setReply, reports } = setup();
    setReply(async () => envelope({ code: 0, data: { test_code: 'login_test', plan: 'two' }, msg: 'ok' }));
    const error = await requestContract('abTestData', 'GET', '/vapi/v1/common/ab-test').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: Code.error, message: Msg.generic });
    expect(reports).toEqual([
      ['http_error', { class: 'API_Error', path: '/vapi/v1/common/ab-test', code: Code.error }],
    ]);
  });

  it('fails as a network failure when the schemas cannot be loaded', async () => {
    const { request, notices } = setup({ loadContracts: () => Promise.reject(new Error('chunk lost')) });
    const error = await request('GET', '/v1/user/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(notices).toEqual([Msg.network]);
  });

  it('fails with the server message when the code is not 0', async () => {
    const { request, setReply, reports } = setup();
    setReply(async () => envelope({ code: Code.noTask, data: null, msg: 'no task' }, 404));
    const error = await request('GET', '/v1/vsas/result/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: Code.noTask, message: 'no task', failureClass: 'API_Error' });
    expect(reports).toEqual([
      ['http_error', { class: 'API_Error', path: '/v1/vsas/result/x', code: Code.noTask }],
    ]);
  });

  it("shows the call's own message for a code instead of the server's text (§8 retry)", async () => {
    const { request, setReply } = setup();
    setReply(async () => envelope({ code: Code.noTask, data: null, msg: 'no task' }, 404));
    const messages = { 49: Msg.retryTaskFailed, [Code.noTask]: Msg.retryTaskFailed };
    const error = await request('GET', '/v1/vsas/retry/x', { messages }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: Code.noTask, message: Msg.retryTaskFailed });
    setReply(async () => envelope({ code: Code.error, data: null, msg: 'busy' }));
    await expect(request('GET', '/v1/vsas/retry/x', { messages })).rejects.toThrow('busy');
  });

  it('fails with a non-zero code even on HTTP 200', async () => {
    const { request, setReply } = setup();
    setReply(async () => envelope({ code: Code.error, data: null, msg: 'bad kind' }));
    await expect(request('GET', '/v1/x')).rejects.toThrow('bad kind');
  });

  it("turns an empty body into 'Request has no return value'", async () => {
    const { request, setReply } = setup();
    setReply(async () => envelope(''));
    await expect(request('GET', '/v1/x')).rejects.toThrow(Msg.emptyBody);
    expect(Msg.emptyBody).toBe('Request has no return value');
  });

  describe('timeout', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("gives up after 30 s with 'http connection timeout' (class Timeout)", async () => {
      const { request, setReply, reports } = setup();
      setReply(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const pending = request('GET', '/v1/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(reports).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      const error = (await pending) as RequestError;
      expect(error.message).toBe('http connection timeout');
      expect(error.failureClass).toBe('Timeout');
      expect(reports[0]).toEqual(['http_error', { class: 'Timeout', path: '/v1/slow', code: Code.timeout }]);
    });
  });

  it('reports a cancel by the caller as class USER and shows nothing', async () => {
    const { request, setReply, reports, notices } = setup();
    setReply(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = request('GET', '/v1/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = (await pending) as RequestError;
    expect(error.failureClass).toBe('USER');
    expect(reports[0]?.[1].class).toBe('USER');
    expect(notices).toEqual([]);
  });

  it('shows the network message on a network failure (class Net_Error)', async () => {
    const { request, setReply, reports, notices } = setup();
    setReply(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await request('GET', '/v1/x').catch((e: unknown) => e)) as RequestError;
    expect(error.failureClass).toBe('Net_Error');
    expect(error.message).toBe('Network connection failed. Please try again.');
    expect(notices).toEqual(['Network connection failed. Please try again.']);
    expect(reports[0]?.[1].class).toBe('Net_Error');
  });

  it('sends version and source headers and the vapi token to vapi paths', async () => {
    const { request, calls } = setup();
    await request('GET', '/vapi/v1/common/ab-test', { query: { test_code: 'login_test' } });
    const init = calls[0]?.[1];
    expect(header(init, 'version')).toBe(PRODUCT.appVersion);
    expect(header(init, 'version')).toBe('1.1.78');
    expect(header(init, 'source')).toBe('ai-covers');
    expect(header(init, 'authorization')).toBe('Bearer vapi-token');
  });

  it('does not send the vapi headers to the main API', async () => {
    const { request, calls } = setup();
    await request('GET', '/v1/user/info');
    expect(header(calls[0]?.[1], 'version')).toBeNull();
  });
});
