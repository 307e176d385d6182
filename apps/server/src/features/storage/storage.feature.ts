import type { Settings } from '../../config';
import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import { createObjectStore } from '../../platform/storage/create-object-store';
import { createCredentialKeys } from './credentials';
import { createFilesService } from './files.service';
import { createReadUrls } from './read-urls';
import { startStorageJobs } from './storage.jobs';
import { createStorageRepo } from './storage.repo';
import { storageRoutes } from './storage.routes';
import { storeRoutes } from './store.routes';
import { createUploadsService, parseLimits } from './uploads.service';
import { publicOrigin } from '../../platform/http/site-origin';

/** Signed uploads, stored files and the embedded object store, built from settings and the secret. */
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
  const region = settings.STORAGE === 's3' ? settings.S3_REGION : 'local';
  const retentionDays = settings.STORAGE_ANON_RETENTION_DAYS;
  const files = createFilesService({
    repo,
    store,
    readUrls,
    now,
    config: {
      urlTtlSeconds: settings.STORAGE_URL_TTL_SECONDS,
      limits: parseLimits(settings.STORAGE_LIMITS_MB),
      retentionDays,
      region,
    },
  });
  const uploads = createUploadsService({
    repo,
    files,
    store,
    keys,
    now,
    config: { tokenTtlSeconds: settings.STORAGE_TOKEN_TTL_SECONDS, retentionDays, region },
  });
  return defineFeature({
    uploads,
    files,
    store,
    routes: [
      // Half the shutdown time for uploads to finish; the rest closes everything else.
      storeRoutes({ store, uploads, keys, readUrls, now, uploadGraceMs: settings.SHUTDOWN_TIMEOUT_MS / 2 }),
      storageRoutes(
        { uploads, files },
        { publicUrl: settings.PUBLIC_URL, callbackHost: new URL(publicOrigin(settings)).host },
      ),
    ],
    startJobs: (queue, log) => startStorageJobs({ queue, repo, store, log }),
  });
}
export type StorageFeature = ReturnType<typeof createStorageFeature>;
