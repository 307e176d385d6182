import path from 'node:path';
import { z } from 'zod';

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
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  RUN_WORKER: boolish.default(true),
  SERVE_WEB: boolish.default(true),
  AB_OVERRIDES: z
    .string()
    .regex(/^([a-z_]+=\d+)(,[a-z_]+=\d+)*$/, 'must look like login_test=2,banner_test=1')
    .default(''),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
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
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
