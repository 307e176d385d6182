import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, onRequestFailure } from '../../shared/api/request';
import { goToLogout, handleReloginError, refreshUserInfo, signInWithCode } from './auth-session';
import { useAuthStore } from './auth-store';
import { readCookieValue } from './token-storage';

const user = { ws_id: 42, uid: 'u-42', email: 'a@b.test', credit: 0, first_invited: false };
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
      '/v1/login': () =>
        ok({ token: 't-1', vapi_token: 't-1', expires_at: '', user, created: true, claimed: 0 }),
    });
    expect(await signInWithCode({ code: 'c', state: 's', iss: null })).toBe(true);
    const sent = calls[0]!.searchParams;
    expect(sent.get('auth_code')).toBe('c');
    expect(sent.get('invited_code')).toBe('FRIEND42');
    expect(sent.get('pid')).toBe('15162');
    expect(sent.get('module')).toBe(location.origin + location.pathname);
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
      '/v1/logout': () => ok({ logout_url: 'http://localhost/accounts/session/end?x=1' }),
    });
    expect(await signInWithCode({ code: 'bad', state: 's', iss: null })).toBe(false);
    expect(useAuthStore.getState().token).toBeNull();
    expect(assign).toHaveBeenCalledWith('http://localhost/accounts/session/end?x=1');
  });
});

describe('user info', () => {
  it('shares one call between simultaneous callers', async () => {
    useAuthStore.setState({ token: 't' });
    const calls = stubApi({ '/v1/user/info': () => ok(user) });
    await Promise.all([refreshUserInfo(), refreshUserInfo(), refreshUserInfo()]);
    expect(calls.filter((u) => u.pathname === '/v1/user/info')).toHaveLength(1);
    expect(useAuthStore.getState().user).toEqual(user);
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

  it('a relogin error (490010) signs the user out; other codes do not', () => {
    useAuthStore.getState().setToken('t');
    handleReloginError(490026);
    expect(useAuthStore.getState().token).toBe('t');
    handleReloginError(490010);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('any call answered with 490010 signs the user out once AuthRoot listens', async () => {
    const stop = onRequestFailure((failure) => handleReloginError(failure.code));
    try {
      useAuthStore.getState().setToken('t');
      stubApi({ '/v1/deduct': () => ({ code: 490010, data: null, msg: 'login' }) });
      await expect(apiGet('/v1/deduct')).rejects.toMatchObject({ code: 490010 });
      expect(useAuthStore.getState().token).toBeNull();
    } finally {
      stop();
    }
  });
});
