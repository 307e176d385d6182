import { describe, expect, it } from 'vitest';
import { createSessionCache, SESSION_RECHECK_MS } from './session-cache';

const claims = { userId: 7, sessionId: 's-1' };

describe('session cache', () => {
  it('trusts a checked session for under a second, then asks again', () => {
    let clock = 0;
    const cache = createSessionCache({ now: () => clock });
    expect(cache.get('t')).toBeNull();
    cache.remember('t', claims);
    clock = SESSION_RECHECK_MS - 1;
    expect(cache.get('t')).toEqual(claims);
    clock = SESSION_RECHECK_MS;
    expect(cache.get('t')).toBeNull();
  });

  it('forgets a revoked session at once and refuses to keep a check that raced the revocation', () => {
    let clock = 0;
    const cache = createSessionCache({ now: () => clock });
    cache.remember('a', claims);
    cache.remember('b', { ...claims, sessionId: 's-2' });
    cache.forgetSession('s-1');
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).not.toBeNull();
    // A resolve that read the row before the revocation landed comes back after it.
    cache.remember('a', claims);
    expect(cache.get('a')).toBeNull();
    clock = 120_000;
    cache.forgetSession('s-9');
    cache.remember('a', claims);
    expect(cache.get('a')).toEqual(claims);
  });

  it('holds at most maxEntries tokens', () => {
    const cache = createSessionCache({ maxEntries: 2 });
    cache.remember('a', claims);
    cache.remember('b', claims);
    cache.remember('c', claims);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('c')).toEqual(claims);
  });
});
