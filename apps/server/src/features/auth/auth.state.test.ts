import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  pkceVerifier,
  safeGoto,
  signState,
  STATE_MAX_AGE_MS,
  verifyState,
  type LoginState,
} from './auth.state';

const key = new TextEncoder().encode('k'.repeat(32));
const other = new TextEncoder().encode('o'.repeat(32));
const state: LoginState = {
  env: 'prod',
  goto: 'http://localhost:8080/headshots',
  brand: 'ai-covers',
  pid: 15162,
  mode: 'fetch-reload',
  nonce: 'n0nce',
  iat: 1_700_000_000_000,
};

describe('login state', () => {
  it('round-trips env, goto, brand, pid and mode', () => {
    expect(verifyState(signState(state, key), key, state.iat + 1000)).toEqual(state);
  });

  it.each([
    ['another key', (s: string) => s, other, 0],
    ['a changed payload', (s: string) => s.replace(/^./, (c) => (c === 'e' ? 'f' : 'e')), key, 0],
    ['a missing signature', (s: string) => s.split('.')[0]!, key, 0],
    ['an extra segment', (s: string) => `${s}.x`, key, 0],
    ['an old state', (s: string) => s, key, STATE_MAX_AGE_MS + 1],
    ['a state from the future', (s: string) => s, key, -120_000],
  ])('rejects %s', (_name, mutate, verifyKey, age) => {
    expect(verifyState(mutate(signState(state, key)), verifyKey, state.iat + age)).toBeNull();
  });

  it('rejects a signed state with an unknown mode', () => {
    const bad = signState({ ...state, mode: 'other' as LoginState['mode'] }, key);
    expect(verifyState(bad, key, state.iat)).toBeNull();
  });

  it('derives a stable 43-character PKCE verifier per nonce', () => {
    expect(pkceVerifier('a', key)).toHaveLength(43);
    expect(pkceVerifier('a', key)).toBe(pkceVerifier('a', key));
    expect(pkceVerifier('a', key)).not.toBe(pkceVerifier('b', key));
  });
});

describe('goto', () => {
  const origin = 'https://covers.example';
  it.each([
    ['/headshots/usercenter?x=1', 'https://covers.example/headshots/usercenter?x=1'],
    ['https://covers.example/de/#top', 'https://covers.example/de/'],
    ['headshots', 'https://covers.example/headshots'],
  ])('keeps %s on our origin', (goto, expected) => expect(safeGoto(goto, origin)).toBe(expected));

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    'javascript:alert(1)',
    '/\\evil.example',
    'http://covers.example/',
    'https://covers.example.evil/',
  ])('refuses %s', (goto) => expect(safeGoto(goto, origin)).toBeNull());
});

describe('hostile states', () => {
  it('never verifies a string it did not sign, and never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (token) => {
        expect(verifyState(token, key, state.iat)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('never lets goto leave the origin', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string({ maxLength: 80 })), (goto) => {
        const out = safeGoto(goto, 'https://covers.example');
        expect(out === null || new URL(out).origin === 'https://covers.example').toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
