import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractResponse } from '../test/api-test-kit';
import { abTestApplies, fetchAbPlan, isPlanOn } from './ab-test';

describe('A/B tests (§7, §9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the vapi with test code, user id and the quantity of the test', async () => {
    const fetchSpy = vi.fn(async () =>
      contractResponse('abTestData', { test_code: 'portrait_multiple_run', plan: 3 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    await expect(fetchAbPlan('portrait_multiple_run', 'visitor-1')).resolves.toBe(3);
    const url = new URL(String((fetchSpy.mock.calls[0] as unknown as [string])[0]), 'http://x');
    expect(url.pathname).toBe('/vapi/v1/common/ab-test');
    expect(url.searchParams.get('test_code')).toBe('portrait_multiple_run');
    expect(url.searchParams.get('user_id')).toBe('visitor-1');
    expect(url.searchParams.get('quantity')).toBe('4');
  });

  it.each([
    [2, true],
    [1, false],
    [3, false],
    [undefined, false],
  ])('plan %s → on %s', (plan, on) => {
    expect(isPlanOn(plan)).toBe(on);
  });

  it('runs the purchase test only in English', () => {
    expect(abTestApplies('purchase_test', 'en')).toBe(true);
    expect(abTestApplies('purchase_test', 'de')).toBe(false);
    expect(abTestApplies('login_test', 'de')).toBe(true);
  });
});
