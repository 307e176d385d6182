import path from 'node:path';
import { describeMediaTools, openEngine } from '@ai-covers/engine';
import { loadSettings, SettingsError, type Settings } from './config';
import { buildApp } from './app';
import { startWorker } from './worker';
import { openDatabase } from './platform/db/client';
import { startQueue } from './platform/queue/queue';
import { readWebBuild } from './platform/http/web';
import { startBanner } from './platform/http/canonical-host';
import { seedCategories } from './features/categories/categories.seed';
import { voiceCategorySeed } from './features/voices/voices.seed';

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  const web = settings.SERVE_WEB ? readWebBuild(settings.BASE_PATH) : null;
  const database = await openDatabase({
    url: settings.DATABASE_URL,
    dataDir: settings.DATABASE_URL ? undefined : path.join(settings.dataDir, 'db'),
  });
  const queue = await startQueue({ raw: database.raw, schema: 'pgboss', supervise: settings.RUN_WORKER });
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
  const { app, features } = await buildApp({ settings, database, queue, web, engine });
  await seedCategories(database.db, { 'ai-covers': voiceCategorySeed(engine.listVoices()) });
  const worker = settings.RUN_WORKER ? await startWorker({ queue, log: app.log, features }) : null;
  if (settings.SERVE_WEB && !web)
    app.log.warn('No web build found in apps/web/dist: run npm run build to serve the app');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing in-flight work');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, settings.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      worker?.stop();
      await app.close();
      await queue.stop();
      await engine.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: settings.HOST, port: settings.PORT });
  app.log.info(`Database: ${database.driver}`);
  // Printed plainly (not only in the log) so a newcomer sees which address to open and which
  // ffmpeg covers are made with.
  process.stdout.write(`\n${startBanner(settings)}\n${describeMediaTools().join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${(error as Error).message}\n`);
  process.exit(1);
});
