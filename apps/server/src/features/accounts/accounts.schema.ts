import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Everything the embedded OIDC provider persists (sessions, grants, codes, interactions, tokens),
 * keyed by model kind and id, so sign-ins survive restarts and are shared by every API process.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/** A local account of the embedded provider: e-mail plus scrypt password hash. */
export const accountCredentials = pgTable('account_credentials', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** sha256 of the pending verification token (the mail carries the token itself). */
  verifyTokenHash: text('verify_token_hash'),
  verifyExpiresAt: timestamp('verify_expires_at', { withTimezone: true }),
  /** The page language at sign-up (§9 code): account mail is written in it. */
  lang: text('lang').notNull().default('en'),
  /** sha256 of the one live password-reset token; a new request or its use clears the old one. */
  resetTokenHash: text('reset_token_hash'),
  resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Counters per key in a fixed window: failed sign-ins per address ('ip:<address>') and account
 * mail asked for ('reset-mail:<email>', 'reset-ip:<address>', 'verify-mail:<account id>',
 * 'taken-mail:<account id>'). A run of wrong passwords of one account from one address
 * ('pair:<email> <address>') counts in a row instead: there `window_started_at` is the last
 * failure, and the run waits longer after each.
 */
export const accountLoginFailures = pgTable('account_login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Provider secrets generated once (signing keys, cookie keys, our client's secret). */
export const accountProviderSecrets = pgTable('account_provider_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
