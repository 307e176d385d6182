import path from 'node:path';
import { SettingsError, type Settings } from '../../config';
import { createEmbeddedStore } from './embedded-store';
import type { ObjectStore } from './object-store';
import { createS3Store } from './s3-store';

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
