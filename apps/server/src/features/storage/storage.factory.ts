import path from 'node:path';
import type { Settings } from '../../config';
import { SettingsError } from '../../config';
import type { Db } from '../../platform/db/client';
import { createCredentialKeys } from './credentials';
import { createEmbeddedStore } from './embedded-store';
import type { ObjectStore } from './object-store';
import { createReadUrls } from './read-urls';
import { createS3Store } from './s3-store';
import { createStorageRepo } from './storage.repo';
import { createStorageService, parseLimits } from './storage.service';

/** Builds the object store the settings choose (embedded disk, or S3 with STORAGE=s3). */
export function createObjectStore(settings: Settings): ObjectStore {
  const root = path.join(settings.dataDir, 'storage');
  if (settings.STORAGE === 'embedded') return createEmbeddedStore({ root, bucket: settings.STORAGE_BUCKET });
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!settings[name]) throw new SettingsError(`Invalid setting ${name}="": required when STORAGE=s3`);
  }
  return createS3Store({
    endpoint: settings.S3_ENDPOINT,
    bucket: settings.S3_BUCKET!,
    accessKeyId: settings.S3_ACCESS_KEY_ID!,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY!,
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    tmpDir: path.join(root, '.tmp'),
  });
}

/** Everything the storage feature needs, built once per process from settings and the secret. */
export function createStorageFeature(deps: {
  settings: Settings;
  db: Db;
  secret: Uint8Array;
  now?: () => number;
}) {
  const { settings } = deps;
  const now = deps.now ?? (() => Date.now());
  const store = createObjectStore(settings);
  const keys = createCredentialKeys(deps.secret);
  const readUrls = createReadUrls({ ...keys.readKey, now });
  const repo = createStorageRepo(deps.db);
  const service = createStorageService({
    repo,
    store,
    keys,
    readUrls,
    now,
    config: {
      tokenTtlSeconds: settings.STORAGE_TOKEN_TTL_SECONDS,
      urlTtlSeconds: settings.STORAGE_URL_TTL_SECONDS,
      limits: parseLimits(settings.STORAGE_LIMITS_MB),
      retentionDays: settings.STORAGE_ANON_RETENTION_DAYS,
      region: settings.STORAGE === 's3' ? settings.S3_REGION : 'local',
    },
  });
  return { store, keys, readUrls, repo, service };
}
export type StorageFeature = ReturnType<typeof createStorageFeature>;
