import path from 'node:path';
import { openEngine } from '@ai-covers/engine';
import { mediaToolWarnings } from './platform/media/old-build';
import type { FastifyInstance } from 'fastify';
import type { Settings } from './config';
import { buildApp, type AppFeatures } from './app';
import { startWorker } from './worker';
import { openDatabase, type Database } from './platform/db/client';
import { jobs } from './jobs';
import { startQueue } from './platform/queue/queue';
import { readWebBuild } from './platform/http/web';
import { checkDataDir, explainAbort, lockEmbeddedDatabase, StartupError } from './platform/startup';
import { seedCategories } from './features/categories/categories.seed';
import { voiceCategorySeed } from './features/voices/voices.seed';

/** An API process serves HTTP (and renders unless RUN_WORKER=false); a worker process only renders. */
export type Role = 'api' | 'worker';

export interface Booted {
  app: FastifyInstance;
  features: AppFeatures;
  database: Database;
  /** Whether this process runs the job handlers (renders, sweeps, schedules). */
  renders: boolean;
  /** Hands renders back, then closes HTTP, queue, engine and database, in that order. */
  close(): Promise<void>;
}

/**
 * Everything both entry points share: the data folder checked, the database opened (and held, when
 * embedded), the queue, the engine, the features; the job handlers started where this role renders.
 */
export async function boot(settings: Settings, role: Role): Promise<Booted> {
  await checkDataDir(settings.dataDir);
  const dbDir = path.join(settings.dataDir, 'db');
  if (!settings.DATABASE_URL && role === 'worker')
    throw new StartupError(
      'a separate worker needs DATABASE_URL (Postgres): the embedded database cannot be shared between processes',
    );
  const release = settings.DATABASE_URL ? () => undefined : lockEmbeddedDatabase(dbDir);
  let database: Database;
  try {
    database = await openDatabase({
      url: settings.DATABASE_URL,
      dataDir: settings.DATABASE_URL ? undefined : dbDir,
    });
  } catch (error) {
    release();
    throw await explainAbort(error, settings.dataDir);
  }
  const renders = role === 'worker' || settings.RUN_WORKER;
  // The embedded database is this process's alone (its lock above): a job active at start died
  // with the process before, and the jobs that may run again are retried now.
  const queue = await startQueue({
    raw: database.raw,
    jobs,
    schema: 'pgboss',
    supervise: renders,
    soleWorker: database.driver === 'pglite',
  });
  // ENGINE=onnx loads and checks every model in MODELS_DIR here; a broken folder stops start-up.
  const engine = await openEngine({
    kind: settings.ENGINE,
    modelsDir: settings.MODELS_DIR,
    samplesDir: path.join(settings.dataDir, 'voice-samples'),
    log: {
      warn: (message) => process.stderr.write(`engine: ${message}\n`),
      info: (message) => process.stdout.write(`engine: ${message}\n`),
    },
  });
  const web =
    role === 'api' && settings.SERVE_WEB
      ? readWebBuild(settings.BASE_PATH, settings.WEB_DIR, settings.HEADSHOTS_BASE_PATH)
      : null;
  const { app, features } = await buildApp({ settings, database, queue, web, engine });
  if (role === 'api') {
    await seedCategories(database.db, { 'ai-covers': voiceCategorySeed(engine.listVoices()) });
    if (settings.SERVE_WEB && !web)
      app.log.warn(
        `No web build found in ${settings.WEB_DIR ?? 'apps/web/dist'}: run npm run build to serve the app`,
      );
    if (!renders && database.driver === 'pglite')
      app.log.warn('RUN_WORKER=false on the embedded database: no process will render covers');
  }
  // Both roles read uploads with ffmpeg/ffprobe: say so when it is the old npm fallback build.
  for (const line of mediaToolWarnings()) app.log.warn(line);
  const worker = renders ? await startWorker({ queue, log: app.log, features }) : null;

  return {
    app,
    features,
    database,
    renders,
    async close() {
      worker?.stop();
      await app.close();
      await queue.stop();
      await engine.close();
      await database.close();
      release();
    },
  };
}
