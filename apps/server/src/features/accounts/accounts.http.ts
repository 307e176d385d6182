import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type Provider from 'oidc-provider';
import type { AccountsService } from './accounts.service';
import type { PageKey } from './accounts.i18n';

/** What the account provider's routes are built from (see accounts.feature.ts). */
export interface AccountsRouteDeps {
  provider: Provider;
  service: AccountsService;
  /** Requests carrying this value in INTERNAL_HEADER come from our own client (in-process). */
  internalToken: string;
  /** The issuer URL (PUBLIC_URL + /accounts): the provider's own addresses are built from it. */
  issuer: string;
  /** The product's start page (BASE_PATH + '/'): the way back when no product page is known. */
  home: string;
  /** Signs the account of a sign-in that waits for e-mail verification. */
  pendingKey: string;
}

export const uidParams = z.object({
  uid: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'uid is invalid'),
});
export const langQuery = z.object({
  lang: z.string().max(16).optional(),
  token: z.string().max(256).optional(),
  /** The product page to go back to (only our own origin is ever linked). */
  goto: z.string().max(2048).optional(),
  /** The sign-in a "forgot password" page came from. */
  uid: uidParams.shape.uid.optional(),
});

/** Sends one of our HTML pages (never cached: they carry per-request state). */
export function html(reply: FastifyReply, body: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** The page text for each refusal of a new e-mail or password. */
export const REGISTER_ERRORS: Record<string, PageKey> = {
  email_invalid: 'errEmailInvalid',
  password_short: 'errPasswordShort',
  password_long: 'errPasswordLong',
  email_taken: 'errEmailTaken',
};

/** Whole minutes to show in "try again in N minutes". */
export const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** A page of our own site to link back to, or undefined for anything else (no open redirect). */
export function ownPageOf(issuer: string): (value: unknown) => string | undefined {
  const ownOrigin = new URL(issuer).origin;
  return (value) => {
    if (typeof value !== 'string' || value === '') return undefined;
    try {
      const url = new URL(value, ownOrigin);
      return url.origin === ownOrigin && /^https?:$/.test(url.protocol) ? url.href : undefined;
    } catch {
      return undefined;
    }
  };
}
