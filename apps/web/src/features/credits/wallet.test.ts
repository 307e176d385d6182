import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@ai-covers/contracts';
import { openPricing, pricingUrl } from './open-pricing';
import { isPhoneWidth } from '../../shared/layout/phone-width';
import { chargeFailureFor, chargeForTask, confirmPaidFeature } from './charge';
import { makeCreditsAccount } from '../../shared/test/account-fixtures';
import { contractResponse, errorResponse } from '../../shared/test/api-test-kit';
import { useWalletDialogs } from './wallet-store';
import { useAuthStore } from '../auth';

beforeEach(() => {
  useWalletDialogs.setState({ pricing: null, limitOpen: false, consume: null, upgradeOpen: false });
});

describe('phone breakpoint (766 px, §9)', () => {
  it.each([
    [320, true],
    [765, true],
    [766, false],
    [1280, false],
  ])('%s px → phone %s', (width, phone) => {
    expect(isPhoneWidth(width)).toBe(phone);
  });
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

  it('carries the page to come back to after checkout, in the window or in the phone dialog', () => {
    const open = vi.fn(() => ({}) as Window);
    const back = '/de/covers/t1?resume=download&format=wav';
    openPricing({ width: 1200, lang: 'de', open, returnPath: back });
    expect(open).toHaveBeenCalledWith(`/de/pricing?return=${encodeURIComponent(back)}`, '_blank');
    openPricing({ width: 390, returnPath: back });
    expect(useWalletDialogs.getState()).toMatchObject({ pricing: 'light', pricingReturnPath: back });
    useWalletDialogs.setState({ pricing: null, pricingReturnPath: null });
    // A path that would leave the app is never passed on.
    expect(pricingUrl('en', '//evil.example')).toMatch(/\/pricing$/);
    expect(pricingUrl('en', '/../x')).toMatch(/\/pricing$/);
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

describe("'Insufficient points' (§8): old points not yet upgraded", () => {
  afterEach(() => vi.unstubAllGlobals());
  it.each([
    ['Insufficient points', { upgradeOpen: true, limitOpen: false }],
    ['Not enough credits for download', { upgradeOpen: false, limitOpen: true }],
  ])('%s opens %o', async (msg, dialogs) => {
    useAuthStore.setState({ token: 't', openLogin: vi.fn() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(Code.notAvailable, msg)),
    );
    expect(await chargeForTask({ kind: 'bgremover', taskId: 't1' })).toMatchObject({
      ok: false,
      reason: 'not credit',
      message: msg,
    });
    expect(useWalletDialogs.getState()).toMatchObject(dialogs);
  });
});

describe('opening a paid feature: the paid check (§4, §7 /v1/verify/pay)', () => {
  let pay: boolean | 'error';
  let balance: number;
  let paths: string[];
  beforeEach(() => {
    pay = false;
    balance = 5;
    paths = [];
    useAuthStore.setState({ token: 't', openLogin: vi.fn() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://x');
        paths.push(
          url.pathname + (url.searchParams.get('kind') ? `?kind=${url.searchParams.get('kind')}` : ''),
        );
        if (url.pathname === '/v1/verify/pay') {
          if (pay === 'error') return errorResponse(1, 'down');
          return contractResponse('verifyPayData', { kind: 'ai-covers', pay });
        }
        if (url.pathname === '/v1/credits/account')
          return contractResponse('creditsAccountData', makeCreditsAccount({ balance }));
        if (url.pathname === '/v1/deduct')
          return contractResponse('deductData', {
            consumed: 1,
            repeated: false,
            allowance_used: 0,
            balance: balance - 1,
            record_id: 1,
          });
        return errorResponse(40004, 'nope');
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a paying account goes straight on, asking the check for the tool', async () => {
    pay = true;
    await expect(confirmPaidFeature('ai-covers', 1)).resolves.toBe(true);
    expect(paths).toEqual(['/v1/verify/pay?kind=ai-covers']);
    expect(useWalletDialogs.getState().consume).toBeNull();
  });

  it('an unpaid account confirms spending in the credits-consume dialog; declining charges nothing', async () => {
    const charge = chargeForTask({ kind: 'ai-covers', taskId: 't1', need: 1 }, undefined, { confirm: true });
    await vi.waitFor(() => expect(useWalletDialogs.getState().consume).not.toBeNull());
    expect(useWalletDialogs.getState().consume).toMatchObject({ value: 1, status: 'allowed' });
    useWalletDialogs.getState().settleConsume(false);
    await expect(charge).resolves.toMatchObject({ ok: false, reason: 'cancelled' });
    expect(paths).not.toContain('/v1/deduct?kind=ai-covers');

    const again = chargeForTask({ kind: 'ai-covers', taskId: 't1', need: 1 }, undefined, { confirm: true });
    await vi.waitFor(() => expect(useWalletDialogs.getState().consume).not.toBeNull());
    useWalletDialogs.getState().settleConsume(true);
    await expect(again).resolves.toMatchObject({ ok: true, data: { consumed: 1 } });
  });

  it('a failed check counts as unpaid (§4: false on error); a short balance skips the dialog', async () => {
    pay = 'error';
    balance = 0;
    await expect(confirmPaidFeature('ai-covers', 1)).resolves.toBe(true);
    expect(paths).toEqual(['/v1/verify/pay?kind=ai-covers', '/v1/credits/account']);
    expect(useWalletDialogs.getState().consume).toBeNull();
  });
});
