import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { bucketFor, parseOverrides } from './ab-test.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const plan = async (query: string) =>
  ctx.app.inject({ method: 'GET', url: `/vapi/v1/common/ab-test?${query}` });

describe('A/B plans', () => {
  it('is sticky per user and test', async () => {
    const first = (await plan('test_code=login_test&user_id=u-1')).json();
    expect(first.code).toBe(0);
    expect([1, 2]).toContain(first.data.plan);
    for (let i = 0; i < 3; i++) {
      expect((await plan('test_code=login_test&user_id=u-1&_t=' + i)).json().data.plan).toBe(first.data.plan);
    }
  });

  it('uses the configured quantity of a test', async () => {
    const plans = new Set<number>();
    for (let i = 0; i < 60; i++)
      plans.add((await plan(`test_code=portrait_multiple_run&user_id=user-${i}`)).json().data.plan);
    expect([...plans].sort()).toEqual([1, 2, 3, 4]);
  });

  it('spreads users over both plans of a two-plan test', () => {
    const counts = [0, 0];
    for (let i = 0; i < 2000; i++) counts[bucketFor('banner_test', `u${i}`, 2) - 1]!++;
    expect(counts[0]).toBeGreaterThan(900);
    expect(counts[1]).toBeGreaterThan(900);
  });

  it.each([
    ['test_code=nope&user_id=u', /Unknown test_code: nope/],
    ['user_id=u', /^query\.test_code: /],
    ['test_code=login_test', /^query\.user_id: /],
    ['test_code=login_test&user_id=u&quantity=1', /^query\.quantity: /],
  ])('rejects %s', async (query, msg) => {
    const res = await plan(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('parses operator overrides', () => {
    expect([...parseOverrides('login_test=2, banner_test=1')]).toEqual([
      ['login_test', 2],
      ['banner_test', 1],
    ]);
    expect(() => parseOverrides('login_test=0')).toThrow(/Bad A\/B override/);
  });
});

describe('A/B overrides', () => {
  it('forces the plan an operator set', async () => {
    const forced = await createTestContext({ AB_OVERRIDES: 'login_test=2' });
    try {
      for (const user of ['a', 'b', 'c', 'd']) {
        const res = await forced.app.inject({
          method: 'GET',
          url: `/vapi/v1/common/ab-test?test_code=login_test&user_id=${user}`,
        });
        expect(res.json().data.plan).toBe(2);
      }
    } finally {
      await forced.close();
    }
  });
});
