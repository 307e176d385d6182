import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, onRequestFailure } from '../../shared/api/request';
import {
  goToLogout,
  handleReloginError,
  refreshUserInfo,
  signInWithCode,
  startSession,
} from './auth-session';
import { useAuthStore } from './auth-store';
import { readCookieValue } from './token-storage';
import { makeTestUser } from '../../shared/test/account-fixtures';
import { fixture } from '../../shared/test/api-test-kit';

const user = makeTestUser({ ws_id: 42, uid: 'u-42', email: 'a@b.test', credit: 0, first_invited: false });
type Handler = (url: URL, init: RequestInit) => unknown;

/** Answers API calls with envelopes from `routes` (path → data or a function of the request). */
function stubApi(routes: Record<string, Handler>) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, location.origin);
      calls.push(url);
      const handler = routes[url.pathname];
      const body = handler ? handler(url, init) : { code: 40004, data: null, msg: 'no route' };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return calls;
}
const ok = (data: unknown) => ({ code: 0, data, msg: 'ok' });
const loginData = fixture('loginData', {
  token: 't-1',
  vapi_token: 't-1',
  expires_at: '',
  user,
  created: true,
  claimed: 0,
});

beforeEach(() => {
  localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  useAuthStore.setState({ token: null, user: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('sign in with an auth code (§4)', () => {
  it('stores the token everywhere and the user info, sending invite code, pid and module', async () => {
    localStorage.setItem('ai-covers.invite_code', 'FRIEND42');
    const calls = stubApi({
      '/v1/login': () => ok(loginData),
    });
    expect(await signInWithCode({ code: 'c', state: 's', iss: null })).toBe(true);
    const sent = calls[0]!.searchParams;
    expect(sent.get('auth_code')).toBe('c');
    expect(sent.get('invited_code')).toBe('FRIEND42');
    expect(sent.get('pid')).toBe('15162');
    expect(sent.get('module')).toBe(location.origin + location.pathname);
    // The §7 parameters alone: the attempt is the server's httpOnly cookie, not a query value.
    expect([...sent.keys()].sort()).toEqual(['auth_code', 'invited_code', 'module', 'pid']);
    expect(useAuthStore.getState()).toMatchObject({ token: 't-1', user });
    expect(readCookieValue('token')).toBe('t-1');
    expect(readCookieValue('wsid')).toBe('42');
    // An invited login uses the code once and sets the first-invited flag.
    expect(localStorage.getItem('ai-covers.invite_code')).toBeNull();
    expect(localStorage.getItem('ai-covers.first_invited')).toBe('1');
  });

  it('on failure signs out and goes to the provider logout page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      href: window.location.href,
      origin: window.location.origin,
      pathname: '/',
    });
    useAuthStore.setState({ token: 'old' });
    stubApi({
      '/v1/login': () => ({ code: 1, data: null, msg: 'Sign-in failed' }),
      '/v1/logout': () =>
        ok(fixture('logoutData', { logout_url: 'http://localhost/accounts/session/end?x=1' })),
    });
    expect(await signInWithCode({ code: 'bad', state: 's', iss: null })).toBe(false);
    expect(useAuthStore.getState().token).toBeNull();
    expect(assign).toHaveBeenCalledWith('http://localhost/accounts/session/end?x=1');
  });
});

describe('user info', () => {
  it('shares one call between simultaneous callers', async () => {
    useAuthStore.setState({ token: 't' });
    const calls = stubApi({ '/v1/user/info': () => ok(fixture('userInfo', user)) });
    await Promise.all([refreshUserInfo(), refreshUserInfo(), refreshUserInfo()]);
    expect(calls.filter((u) => u.pathname === '/v1/user/info')).toHaveLength(1);
    expect(useAuthStore.getState().user).toEqual(user);
  });

  it('is asked for at start, before the page renders; a login the callback left goes first', async () => {
    useAuthStore.setState({ token: 't', user: null });
    let calls = stubApi({ '/v1/user/info': () => ok(fixture('userInfo', user)) });
    const stop = startSession();
    try {
      expect(calls.map((u) => u.pathname)).toEqual(['/v1/user/info']);
      await vi.waitFor(() => expect(useAuthStore.getState().user).toEqual(user));
    } finally {
      stop();
    }
    localStorage.setItem('ai-covers.login_code', JSON.stringify({ code: 'c', state: 's', time: Date.now() }));
    calls = stubApi({});
    startSession()();
    expect(calls).toHaveLength(0);
  });

  it('a session that ended at start opens the login dialog once the sign-in root registers it', async () => {
    useAuthStore.setState({ user: null, openLogin: null });
    useAuthStore.getState().setToken('t');
    stubApi({ '/v1/user/info': () => ({ code: 490010, data: null, msg: 'login' }) });
    const stop = startSession();
    try {
      await vi.waitFor(() => expect(useAuthStore.getState().token).toBeNull());
      const openLogin = vi.fn();
      useAuthStore.getState().registerLogin(openLogin);
      expect(openLogin).toHaveBeenCalledTimes(1);
      useAuthStore.getState().registerLogin(openLogin);
      expect(openLogin).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      useAuthStore.setState({ openLogin: null });
    }
  });

  it('signs out when the token is refused (40001)', async () => {
    useAuthStore.setState({ token: 't' });
    stubApi({
      '/v1/user/info': () => ({ code: 40001, data: null, msg: 'Not logged in, please log in first' }),
    });
    await refreshUserInfo();
    expect(useAuthStore.getState().token).toBeNull();
  });
});

describe('logout and relogin', () => {
  it('sign-out clears local copies even when the server is unreachable', async () => {
    useAuthStore.getState().setToken('t');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await goToLogout();
    expect(useAuthStore.getState().token).toBeNull();
    expect(readCookieValue('token')).toBeNull();
  });

  it('a relogin error (490010) of the current token signs out and opens login; other codes do not', () => {
    const openLogin = vi.fn();
    useAuthStore.setState({ openLogin });
    useAuthStore.getState().setToken('t');
    handleReloginError(490026, 't');
    handleReloginError(40001, 't');
    expect(useAuthStore.getState().token).toBe('t');
    // A late answer to an older token cannot end the current session.
    handleReloginError(490010, 'older');
    expect(useAuthStore.getState().token).toBe('t');
    handleReloginError(490010, 't');
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('ai-covers.token')).toBeNull();
    expect(readCookieValue('token')).toBeNull();
    expect(openLogin).toHaveBeenCalledTimes(1);
  });

  it('many calls answered with 490010 clear the token and open the login dialog once', async () => {
    const openLogin = vi.fn();
    useAuthStore.setState({ openLogin });
    const stop = onRequestFailure((failure, sent) => handleReloginError(failure.code, sent.token));
    try {
      useAuthStore.getState().setToken('t');
      stubApi({
        '/v1/deduct': () => ({ code: 490010, data: null, msg: 'login' }),
        '/v1/credits/account': () => ({ code: 490010, data: null, msg: 'login' }),
      });
      const calls = [
        apiGet('deductData', '/v1/deduct'),
        apiGet('creditsAccountData', '/v1/credits/account'),
        apiGet('deductData', '/v1/deduct'),
      ];
      for (const call of calls) await expect(call).rejects.toMatchObject({ code: 490010 });
      expect(useAuthStore.getState().token).toBeNull();
      expect(openLogin).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      useAuthStore.setState({ openLogin: null });
    }
  });
});
