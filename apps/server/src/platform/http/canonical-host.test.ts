import { describe, expect, it } from 'vitest';
import { canonicalRedirect, startBanner } from './canonical-host';

const opts = { port: 8080, apiPrefix: '/v1' };

describe('the canonical address with the default PUBLIC_URL', () => {
  it('sends pages opened at another loopback name to localhost, path kept', () => {
    expect(canonicalRedirect('127.0.0.1:8080', '/covers?x=1', opts)).toBe('http://localhost:8080/covers?x=1');
    expect(canonicalRedirect('[::1]:8080', '/', opts)).toBe('http://localhost:8080/');
  });

  it('leaves localhost, other hosts, other ports and API calls alone', () => {
    expect(canonicalRedirect('localhost:8080', '/', opts)).toBeNull();
    expect(canonicalRedirect('evil.example', '/', opts)).toBeNull();
    expect(canonicalRedirect('192.168.1.5:8080', '/', opts)).toBeNull();
    expect(canonicalRedirect('127.0.0.1:9000', '/', opts)).toBeNull();
    expect(canonicalRedirect('127.0.0.1:8080', '/v1/health', opts)).toBeNull();
    expect(canonicalRedirect('127.0.0.1:8080', '//evil.example/', opts)).toBeNull();
    expect(canonicalRedirect(undefined, '/', opts)).toBeNull();
  });

  it('the start banner names the address and the setting that changes it', () => {
    expect(startBanner({ PORT: 8080, BASE_PATH: '' })).toContain('Open http://localhost:8080/');
    expect(startBanner({ PORT: 8080, BASE_PATH: '' })).toContain('PUBLIC_URL');
    expect(startBanner({ PUBLIC_URL: 'https://c.example/', PORT: 8080, BASE_PATH: '/lab' })).toBe(
      'AI Covers is running. Open https://c.example/lab/ (set by PUBLIC_URL).',
    );
  });
});
