import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { singleFlight } from './single-flight';
import {
  clearToken,
  cookieDomain,
  readCookieValue,
  saveIdentityCookies,
  saveToken,
  secondWayLoginActive,
  markSecondWayLogin,
  syncTokenOnStart,
  takePendingLogin,
} from './token-storage';
import { isExemptFromPreLogin, installPreLoginGuard } from './pre-login';
import { presentLogin } from './login-opener';

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
};

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});

describe('token storage (§4)', () => {
  it('keeps the token in local storage, the domain cookie and the old-style cookie ou', () => {
    saveToken('tok-1');
    expect(localStorage.getItem('ai-covers.token')).toBe('tok-1');
    expect(readCookieValue('token')).toBe('tok-1');
    expect(readCookieValue('ou')).toBe('tok-1');
  });

  it('clearing removes every copy plus the email, wsid and uid cookies', () => {
    saveToken('tok-1');
    saveIdentityCookies({ email: 'a@b.test', ws_id: 12, uid: 'u-1' });
    expect(readCookieValue('wsid')).toBe('12');
    clearToken();
    expect(localStorage.getItem('ai-covers.token')).toBeNull();
    for (const name of ['token', 'ou', 'email', 'wsid', 'uid'])
      expect(readCookieValue(name), name).toBeNull();
  });

  it('on start copies a cookie token to local storage', () => {
    document.cookie = 'token=from-cookie; path=/';
    expect(syncTokenOnStart()).toBe('from-cookie');
    expect(localStorage.getItem('ai-covers.token')).toBe('from-cookie');
  });

  it('on start without a cookie token clears the local copy', () => {
    localStorage.setItem('ai-covers.token', 'stale');
    expect(syncTokenOnStart()).toBeNull();
    expect(localStorage.getItem('ai-covers.token')).toBeNull();
  });

  it.each([
    ['localhost', null],
    ['127.0.0.1', null],
    ['covers.example.com', '.example.com'],
    ['example.com', '.example.com'],
  ])('shares cookies of %s on %s', (host, domain) => expect(cookieDomain(host)).toBe(domain));

  it('reads the pending login code once, then it is gone', () => {
    const entry = { code: 'c', state: 's', iss: null, error: null, time: Date.now() };
    localStorage.setItem('ai-covers.login_code', JSON.stringify(entry));
    expect(takePendingLogin()).toEqual({ code: 'c', state: 's', iss: null });
    expect(takePendingLogin()).toBeNull();
    expect(localStorage.getItem('ai-covers.login_code')).toBeNull();
  });

  it('drops a stale or failed pending login', () => {
    localStorage.setItem(
      'ai-covers.login_code',
      JSON.stringify({ code: 'c', state: 's', time: Date.now() - 3_600_000 }),
    );
    expect(takePendingLogin()).toBeNull();
    localStorage.setItem(
      'ai-covers.login_code',
      JSON.stringify({ error: 'access_denied', time: Date.now() }),
    );
    expect(takePendingLogin()).toBeNull();
    localStorage.setItem('ai-covers.login_code', '{not json');
    expect(takePendingLogin()).toBeNull();
  });

  it('counts a second-way login as active for one hour', () => {
    const now = 1_700_000_000_000;
    expect(secondWayLoginActive(now)).toBe(false);
    markSecondWayLogin(now);
    expect(secondWayLoginActive(now + 59 * 60_000)).toBe(true);
    expect(secondWayLoginActive(now + 61 * 60_000)).toBe(false);
  });
});

describe('single flight', () => {
  it('shares one in-flight call between simultaneous callers, then starts afresh', async () => {
    let release!: (v: number) => void;
    const fn = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
    const guarded = singleFlight(fn);
    const a = guarded();
    const b = guarded();
    release(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(fn).toHaveBeenCalledTimes(1);
    const c = guarded();
    release(8);
    expect(await c).toBe(8);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('lets the next call retry after a failure', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce('ok');
    const guarded = singleFlight(fn);
    await expect(guarded()).rejects.toThrow('x');
    expect(await guarded()).toBe('ok');
  });
});

describe('login A/B click guard (§5)', () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => {
    cleanup?.();
    document.body.innerHTML = '';
  });

  it('blocks a click outside the exempt areas and opens the login dialog', () => {
    document.body.innerHTML = `<button id="generate">Generate</button><div data-consent-box><input id="agree" type="checkbox"></div><a id="free" data-no-pre-login href="#">x</a><div data-credit-banner><span id="banner">b</span></div>`;
    const openLogin = vi.fn();
    const pageHandler = vi.fn();
    document.getElementById('generate')!.addEventListener('click', pageHandler);
    cleanup = installPreLoginGuard({ isActive: () => true, openLogin });
    document.getElementById('generate')!.click();
    expect(pageHandler).not.toHaveBeenCalled();
    expect(openLogin).toHaveBeenCalledTimes(1);
    for (const id of ['agree', 'free', 'banner']) document.getElementById(id)!.click();
    expect(openLogin).toHaveBeenCalledTimes(1);
  });

  it('lets every click through once the user is signed in', () => {
    document.body.innerHTML = `<button id="generate">Generate</button>`;
    const openLogin = vi.fn();
    const pageHandler = vi.fn();
    document.getElementById('generate')!.addEventListener('click', pageHandler);
    cleanup = installPreLoginGuard({ isActive: () => false, openLogin });
    document.getElementById('generate')!.click();
    expect(pageHandler).toHaveBeenCalled();
    expect(openLogin).not.toHaveBeenCalled();
  });

  it('treats dialogs as exempt so the login dialog itself works', () => {
    document.body.innerHTML = `<div role="dialog"><button id="in">x</button></div>`;
    expect(isExemptFromPreLogin(document.getElementById('in'))).toBe(true);
  });
});

describe('how the login page is shown (§2, §5)', () => {
  const data = {
    url: 'http://localhost/accounts/auth?x=1',
    state: 's',
    frameable: true,
    cookie_check_url: '/accounts/cookie-check',
  };

  it('uses the frame when the provider is frameable and frame cookies work', async () => {
    const result = await presentLogin(data, { checkCookies: async () => true });
    expect(result).toEqual({ kind: 'frame', url: data.url });
  });

  it('opens a 500x650 popup when third-party cookies are unsupported', async () => {
    const open = vi.fn(() => ({}) as Window);
    const result = await presentLogin(data, { checkCookies: async () => false, open });
    expect(result.kind).toBe('popup');
    const features = (open.mock.calls[0] as unknown as [string, string, string])[2];
    expect(features).toContain('width=500');
    expect(features).toContain('height=650');
  });

  it('redirects when the popup is blocked, and keeps redirecting for the next hour', async () => {
    const assign = vi.fn();
    const first = await presentLogin({ ...data, frameable: false }, { open: () => null, assign });
    expect(first.kind).toBe('redirect');
    const open = vi.fn();
    const second = await presentLogin(data, { open, assign, checkCookies: async () => true });
    expect(second.kind).toBe('redirect');
    expect(open).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledTimes(2);
  });
});
