import path from 'node:path';
import { z } from 'zod';
import { ENGINE_KINDS, type EngineKind } from '@ai-covers/engine';

const boolish = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const basePath = z
  .string()
  .regex(/^(\/[A-Za-z0-9._~-]+)*$/, "must be '' or a path like /lab/ai-covers (no trailing slash)");

/** Every setting the server reads, with its default. The README's settings table mirrors this. */
export const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().optional(),
  BASE_PATH: basePath.default(''),
  HEADSHOTS_BASE_PATH: basePath.default('/headshots'),
  /** Worker threads of the headshots pipeline (checks and renders); default one per core, at most 4. */
  HEADSHOTS_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  /**
   * Caps the results of every pack (API tests and small trial deployments only); unset = the
   * plan's count (Basic 50, Pro 100).
   */
  HEADSHOTS_RESULTS_LIMIT: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * Caps the approved photos a pack hands to the pipeline (API tests only: each photo costs a
   * matte); unset = all of them. The upload rules (5 to 20 photos) stay as they are.
   */
  HEADSHOTS_PACK_PHOTOS_LIMIT: z.coerce.number().int().min(1).max(20).optional(),
  /**
   * Make an approved photo's portrait and matte in the background, so its first backdrop preview
   * and its pack find them (decision 230). API tests that are not about it turn it off: each one
   * costs a matte.
   */
  HEADSHOTS_KEEP_AHEAD: boolish.default(true),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Whose X-Forwarded-* headers to believe: 'true', 'false', or addresses/ranges
   * (proxy-addr names such as loopback, linklocal, uniquelocal). The default believes nobody: a
   * client on the same machine or network could otherwise pick its own address and dodge the rate
   * limit and the sign-in throttle. Behind a proxy, name it here.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  RUN_WORKER: boolish.default(true),
  // Cover engine: classic DSP (no weights) or ONNX models the operator places in MODELS_DIR.
  /**
   * Song links: `host:port` entries (comma-separated) the server may fetch from even though they
   * are on a non-public address (an intranet file server; the tests' local server).
   */
  SONG_LINK_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform(
      (v) =>
        new Set(
          v
            .split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean),
        ),
    ),
  /** Time limit of fetching a song from a link, headers and body (seconds; §9's HTTP timeout is 30 s). */
  SONG_LINK_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(120),
  ENGINE: z.enum(ENGINE_KINDS as [EngineKind, ...EngineKind[]]).default('dsp'),
  MODELS_DIR: z.string().min(1).optional(),
  SERVE_WEB: boolish.default(true),
  /** Where the built web app is read from (default `apps/web/dist`); a second build sits elsewhere. */
  WEB_DIR: z.string().min(1).optional(),
  // Read by the render and pack threads themselves (packages/engine, packages/headshots); checked
  // here so a wrong value stops the start instead of being ignored.
  RENDER_NICE: z.coerce.number().int().min(0).max(19).optional(),
  AB_OVERRIDES: z
    .string()
    .regex(/^([a-z_]+=\d+)(,[a-z_]+=\d+)*$/, 'must look like login_test=2,banner_test=1')
    .default(''),
  /** Turns on GET /v1/ab-test/report for callers that send this token (x-report-token). */
  AB_REPORT_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** /v1/health answers degraded (503) when the data folder's disk has less free space than this. */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(500),
  // Sign-in: with no OIDC_ISSUER the embedded account provider at /accounts is used.
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(256).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(1024).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('AI Covers <no-reply@localhost>'),
  /** An unverified account cannot finish signing in; unset = on when SMTP_URL is set. */
  REQUIRE_EMAIL_VERIFICATION: z.preprocess((v) => (v === '' ? undefined : v), boolish.optional()),
  /** Wrong passwords of one account from one address before each further try waits (30 s, doubling). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_THROTTLE_MINUTES: z.coerce.number().int().min(1).default(15),
  // Storage: the embedded object store at /storage unless STORAGE=s3.
  STORAGE: z.enum(['embedded', 's3']).default('embedded'),
  STORAGE_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name')
    .default('ai-covers'),
  STORAGE_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  STORAGE_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86400)
    .default(3600),
  STORAGE_LIMITS_MB: z
    .string()
    .regex(/^([a-z0-9-]+=\d+)(,[a-z0-9-]+=\d+)*$/, 'must look like ai-covers=300,default=100')
    .default('ai-covers=300,bgremover=30,headshots=20,default=100'),
  STORAGE_ANON_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(7),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: boolish.default(false),
  // Payments: the built-in sandbox checkout unless PAYMENT_PROVIDER=stripe.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  SANDBOX_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
});

export type Settings = z.infer<typeof settingsSchema> & {
  /** Absolute data directory. */
  dataDir: string;
};

export class SettingsError extends Error {}

/** Reads settings from an env map; a bad value throws one line naming the variable. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(settingsSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value.trim();
  }
  const parsed = settingsSchema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'settings');
    throw new SettingsError(
      `Invalid setting ${name}=${JSON.stringify(picked[name] ?? '')}: ${issue.message}`,
    );
  }
  if (parsed.data.ENGINE === 'onnx' && !parsed.data.MODELS_DIR)
    throw new SettingsError(
      'Invalid setting MODELS_DIR="": required when ENGINE=onnx (a folder of <id>/manifest.json)',
    );
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
