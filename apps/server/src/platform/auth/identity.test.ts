import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { currentSessionId, installIdentity, requireUser } from './identity';

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

describe('the session of the request being served', () => {
  it("is the caller's in the handler, after a body and an await, and never another request's", async () => {
    const app = Fastify();
    installIdentity(app, async (token) =>
      token.startsWith('t-') ? { userId: 1, sessionId: `s-${token.slice(2)}` } : null,
    );
    const later = () => new Promise((r) => setTimeout(r, Math.random() * 20));
    app.get('/session', async () => {
      await later();
      return { session: currentSessionId() };
    });
    app.post('/session', async (request) => {
      await later();
      return { session: currentSessionId(), body: request.body };
    });
    await app.ready();
    try {
      const calls = Array.from({ length: 20 }, (_, i) => {
        const signedIn = i % 3 !== 0;
        const headers = signedIn ? { authorization: `Bearer t-${i}` } : {};
        const request =
          i % 2
            ? app.inject({ method: 'POST', url: '/session', headers, payload: { i } })
            : app.inject({ method: 'GET', url: '/session', headers });
        return request.then((res) => ({ i, signedIn, data: res.json() }));
      });
      for (const { i, signedIn, data } of await Promise.all(calls))
        expect(data.session).toBe(signedIn ? `s-${i}` : null);
      expect(currentSessionId()).toBeNull();
    } finally {
      await app.close();
    }
  });
});
