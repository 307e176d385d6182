import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { requireUser } from './identity';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('identity', () => {
  it('resolves a live session and forgets a revoked one', async () => {
    const { token, sessionId, userId } = await signInTestUser(ctx);
    await expect(ctx.features.users.sessions.resolve(token)).resolves.toEqual({ userId, sessionId });
    await ctx.features.users.sessions.revoke(sessionId);
    await expect(ctx.features.users.sessions.resolve(token)).resolves.toBeNull();
  });

  it('requireUser answers 40001 with the spec message', () => {
    const request = { identity: { userId: null, sessionId: null, visitorId: 'v-12345678' } } as never;
    expect(() => requireUser(request)).toThrow('Not logged in, please log in first');
  });
});
