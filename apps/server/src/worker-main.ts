import { boot } from './boot';
import { onSignals, settingsOrExit, startupFailed } from './lifecycle';

/**
 * `npm run worker`: a process that only renders (no HTTP). Several may run against one Postgres and
 * one object store (S3, or the embedded store on a shared DATA_DIR); each holds its renders by lease.
 */
async function main(): Promise<void> {
  const settings = settingsOrExit();
  const booted = await boot(settings, 'worker').catch((error: unknown) => startupFailed(error, settings));
  onSignals(settings, booted.close, booted.app.log);
  booted.app.log.info(`AI Covers worker rendering (database: ${booted.database.driver})`);
}

main().catch((error: unknown) => startupFailed(error));
