import { boot } from './boot';
import { onSignals, settingsOrExit, startupFailed } from './lifecycle';

/** The API process: HTTP, and renders too unless RUN_WORKER=false. */
async function main(): Promise<void> {
  const settings = settingsOrExit();
  const booted = await boot(settings, 'api').catch((error: unknown) => startupFailed(error, settings));
  const { app } = booted;
  onSignals(settings, booted.close, app.log);
  try {
    await app.listen({ host: settings.HOST, port: settings.PORT });
  } catch (error) {
    await booted.close().catch(() => undefined);
    startupFailed(error, settings);
  }
  app.log.info(
    `AI Covers on http://localhost:${settings.PORT}${settings.BASE_PATH}/ (database: ${booted.database.driver}${booted.renders ? '' : ', no renders here: RUN_WORKER=false'})`,
  );
}

main().catch((error: unknown) => startupFailed(error));
