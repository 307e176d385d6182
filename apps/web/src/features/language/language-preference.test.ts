import { afterEach, describe, expect, it } from 'vitest';
import { readCookie } from '../../shared/storage/storage';
import { mirrorLanguageChoice, storeLanguagePreference } from './language-preference';

describe('the stored language choice, copied into a cookie for the server (decision 240)', () => {
  afterEach(() => {
    localStorage.clear();
    mirrorLanguageChoice();
  });

  it('is written with the choice', () => {
    storeLanguagePreference('de');
    expect(localStorage.getItem('ai-covers.lang')).toBe('de');
    expect(readCookie('ai-covers.lang')).toBe('de');
  });

  it('follows the stored choice at start, and goes when the choice is gone', () => {
    localStorage.setItem('ai-covers.lang', 'ja');
    mirrorLanguageChoice();
    expect(readCookie('ai-covers.lang')).toBe('ja');
    localStorage.removeItem('ai-covers.lang');
    mirrorLanguageChoice();
    expect(readCookie('ai-covers.lang')).toBeNull();
  });
});
