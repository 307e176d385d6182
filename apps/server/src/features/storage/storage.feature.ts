import type { Settings } from '../../config';
import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import { createObjectStore } from '../../platform/storage/create-object-store';
import { createCredentialKeys } from './signing/credentials';
import { createFilesService } from './files/files.service';
import { createReadUrls } from './signing/read-urls';
import { createGrants } from './signing/grants';
import { startFilesJobs } from './files/files.jobs';
import { createFilesRepo } from './files/files.repo';
import { filesRoutes } from './files/files.routes';
import { uploadsRoutes } from './uploads/uploads.routes';
import { objectStoreRoutes } from './object-store/object-store.routes';
import { createUploadsService, parseLimits } from './uploads/uploads.service';
import { publicOrigin } from '../../platform/http/site-origin';

/**
 * Stored files and how they arrive, built from settings and the secret. Four sub-areas, each
 * standing on the ones below it:
 * - `object-store/`: the embedded object store's endpoint at /storage (signed PUT and GET);
 * - `uploads/`: upload credentials and the callback that records an upload (/v1/storage/*);
 * - `files/`: the file records every feature reads through `FilesService`, their reads and retention;
 * - `signing/`: the keys, credentials and signatures (OSS style, §7) the others check.
 * The bytes themselves live in the platform's object store (embedded disk or S3).
 */
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
  const grants = createGrants();
  const repo = createFilesRepo(deps.db);
  const region = settings.STORAGE === 's3' ? settings.S3_REGION : 'local';
  const retentionDays = settings.STORAGE_ANON_RETENTION_DAYS;
  const files = createFilesService({
    repo,
    store,
    readUrls,
    grants,
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
      objectStoreRoutes({
        store,
        uploads,
        keys,
        readUrls,
        grants,
        now,
        uploadGraceMs: settings.SHUTDOWN_TIMEOUT_MS / 2,
      }),
      uploadsRoutes(
        { uploads },
        { publicUrl: settings.PUBLIC_URL, callbackHost: new URL(publicOrigin(settings)).host },
      ),
      filesRoutes(files),
    ],
    startJobs: (queue, log) => startFilesJobs({ queue, repo, store, log }),
  });
}
