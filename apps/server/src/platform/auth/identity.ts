import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code, Msg } from '@ai-covers/contracts';
import { AppError } from '../http/app-error';

/** Who is calling: a signed-in user, an anonymous visitor, or both unknown. */
export interface Identity {
  userId: number | null;
  sessionId: string | null;
  /** The per-visitor uuid (§3), from the `x-visitor-id` header or the `ai-covers.uuid` cookie. */
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

/**
 * Sets `request.identity` on every request. A token that does not resolve leaves the caller
 * anonymous here; routes that need a user call `requireUser`, which answers 40001.
 */
export function installIdentity(app: FastifyInstance, resolve: SessionResolver): void {
  app.decorateRequest('identity', null as unknown as Identity);
  app.addHook('onRequest', async (request) => {
    const visitor = headerValue(request.headers[VISITOR_HEADER]) ?? request.cookies?.[VISITOR_COOKIE] ?? null;
    const identity: Identity = {
      userId: null,
      sessionId: null,
      visitorId: visitor && VISITOR_ID.test(visitor) ? visitor : null,
    };
    const token = bearerToken(request);
    if (token) {
      const session = await resolve(token);
      if (session) {
        identity.userId = session.userId;
        identity.sessionId = session.sessionId;
      }
    }
    request.identity = identity;
  });
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** The signed-in user's id, or a 40001 'Not logged in, please log in first'. */
export function requireUser(request: FastifyRequest): number {
  const id = request.identity?.userId;
  if (!id) throw new AppError(Code.notAuthorized, Msg.notLoggedIn, 401);
  return id;
}

/** Who owns what this request creates: the user when signed in, else the visitor. */
export function requireOwner(request: FastifyRequest): { userId: number | null; visitorId: string | null } {
  const { userId, visitorId } = request.identity;
  if (!userId && !visitorId)
    throw new AppError(Code.notAuthorized, 'A visitor id (x-visitor-id) or a sign-in is required', 401);
  return { userId, visitorId };
}
