import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code, Msg } from '@ai-covers/contracts';
import { AppError } from '../http/app-error';

/** Who is calling: a signed-in user, an anonymous visitor, or both unknown. */
export interface Identity {
  userId: number | null;
  sessionId: string | null;
  /**
   * True when a bearer token came with the request but names no live session (forged, expired,
   * revoked, another issuer's): the caller believes it is signed in and must sign in again (§8).
   */
  deadToken: boolean;
  /** The per-visitor uuid (§3), from the `x-visitor-id` header or the `ai-covers.uuid` cookie. */
  visitorId: string | null;
}

/** Whose work a call may touch: the signed-in user's, else the anonymous visitor's unclaimed work. */
export interface Owner {
  userId: number | null;
  visitorId: string | null;
}

/** Resolves a bearer token to a live session; null when forged, expired or revoked. */
export type SessionResolver = (token: string) => Promise<{ userId: number; sessionId: string } | null>;

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity;
  }
}

const VISITOR_ID = /^[A-Za-z0-9-]{8,64}$/;
export const VISITOR_COOKIE = 'ai-covers.uuid';
export const VISITOR_HEADER = 'x-visitor-id';

// The session of the request being served, for what must follow it without every service taking it
// as a parameter: a read URL handed to a signed-in session works only while that session is live
// (FilesService.readUrl), so signing out stops every URL the session was given.
const requestSession = new AsyncLocalStorage<{ sessionId: string | null }>();

/** The session of the request being served (signed in), else null (a visitor, a job, a script). */
export function currentSessionId(): string | null {
  return requestSession.getStore()?.sessionId ?? null;
}

/**
 * Sets `request.identity` on every request. A token that does not resolve leaves the caller
 * without a user and marks the token dead; `requireUser` and `requireOwner` then answer 490010
 * (re-login) instead of 40001, so the client reopens its login (§4, §8).
 */
export function installIdentity(app: FastifyInstance, resolve: SessionResolver): void {
  app.decorateRequest('identity', null as unknown as Identity);
  // Everything after this hook (the other hooks, the handler) runs inside the request's scope.
  app.addHook('onRequest', (_request, _reply, done) => requestSession.run({ sessionId: null }, done));
  app.addHook('onRequest', async (request) => {
    const visitor = headerValue(request.headers[VISITOR_HEADER]) ?? request.cookies?.[VISITOR_COOKIE] ?? null;
    const identity: Identity = {
      userId: null,
      sessionId: null,
      deadToken: false,
      visitorId: visitor && VISITOR_ID.test(visitor) ? visitor : null,
    };
    const header = request.headers.authorization;
    if (header !== undefined && header.trim() !== '') {
      const token = bearerToken(request);
      const session = token ? await resolve(token) : null;
      if (session) {
        identity.userId = session.userId;
        identity.sessionId = session.sessionId;
        const scope = requestSession.getStore();
        if (scope) scope.sessionId = session.sessionId;
      } else identity.deadToken = true;
    }
    request.identity = identity;
  });
}

/**
 * The token of the Authorization header: `Bearer <token>`, or the bare token that §7's "sent as
 * Authorization" also allows. Anything else (Basic, several words) is no token.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Bearer\s+)?([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** The 490010 answer to a dead token: sign in again (§8 'login'). */
export function reloginRequired(): AppError {
  return new AppError(Code.relogin, Msg.notLoggedIn, 401);
}

/**
 * The signed-in user's id. No token: 40001 'Not logged in, please log in first'; a token that names
 * no live session: 490010, so the client drops it and reopens login.
 */
export function requireUser(request: FastifyRequest): number {
  const id = request.identity?.userId;
  if (id) return id;
  if (request.identity?.deadToken) throw reloginRequired();
  throw new AppError(Code.notAuthorized, Msg.notLoggedIn, 401);
}

/**
 * Who owns what this request creates: the user when signed in, else the visitor. A dead token is
 * 490010 here too: the caller meant to act as the user, and quietly acting as a visitor would
 * answer with someone else's (the visitor's) work or file new work under the wrong owner.
 */
export function requireOwner(request: FastifyRequest): Owner {
  const { userId, visitorId, deadToken } = request.identity;
  if (!userId && deadToken) throw reloginRequired();
  if (!userId && !visitorId)
    throw new AppError(Code.notAuthorized, 'A visitor id (x-visitor-id) or a sign-in is required', 401);
  return { userId, visitorId };
}
