import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@ai-covers/contracts';
import { openPricing, pricingUrl } from '../pricing/open-pricing';
import { chargeFailureFor, chargeForTask } from './charge';
import { useWalletDialogs } from './wallet-store';
import { useAuthStore } from '../auth/auth-store';

beforeEach(() => {
  useWalletDialogs.setState({ pricing: null, limitOpen: false, consume: null });
});

describe('openPricing (§2)', () => {
  it('phones under 766 px get the light pricing dialog', () => {
    const open = vi.fn();
    expect(openPricing({ width: 765, open })).toBe('dialog');
    expect(useWalletDialogs.getState().pricing).toBe('light');
    expect(open).not.toHaveBeenCalled();
  });

  it('wider windows open the pricing page in a new window, keeping the language', () => {
    const child = { opener: window as unknown } as Window;
    const open = vi.fn(() => child);
    expect(openPricing({ width: 766, lang: 'de', open })).toBe('window');
    expect(open).toHaveBeenCalledWith(pricingUrl('de'), '_blank');
    // The new window cannot reach back into this page.
    expect(child.opener).toBeNull();
    expect(pricingUrl('de')).toMatch(/\/de\/pricing$/);
    expect(useWalletDialogs.getState().pricing).toBeNull();
  });

  it('a blocked popup falls back to the dark pricing dialog in place', () => {
    const spy = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openPricing({ width: 1200 })).toBe('window');
    expect(useWalletDialogs.getState().pricing).toBe('dark');
    spy.mockRestore();
    useWalletDialogs.setState({ pricing: null });
  });
});

describe('credits-consume dialog defaults (§4)', () => {
  it('status defaults to notAllowed and value to 1', async () => {
    const answer = useWalletDialogs.getState().askConsume();
    expect(useWalletDialogs.getState().consume).toMatchObject({ status: 'notAllowed', value: 1 });
    useWalletDialogs.getState().settleConsume(true);
    await expect(answer).resolves.toBe(true);
  });
});

describe('deduct errors (§5, §8)', () => {
  it.each([
    [Code.notAvailable, 'not credit'],
    [Code.verifyLimit, 'not available'],
    [Code.verifyLimitAlt, 'not available'],
    [Code.relogin, 'not login'],
    [Code.noTask, 'other'],
  ])('code %i is %s', (code, reason) => expect(chargeFailureFor(code)).toBe(reason));

  it('signed out opens the login and fails with not login; a missing task fails with not taskId', async () => {
    const openLogin = vi.fn();
    useAuthStore.setState({ token: null, openLogin });
    expect(await chargeForTask({ kind: 'ai-covers', taskId: 't' })).toMatchObject({
      ok: false,
      reason: 'not login',
    });
    expect(openLogin).toHaveBeenCalled();
    useAuthStore.setState({ token: 'x' });
    expect(await chargeForTask({ kind: 'ai-covers', taskId: '' })).toMatchObject({
      ok: false,
      reason: 'not taskId',
    });
  });
});
