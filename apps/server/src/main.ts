import { boot } from './boot';
import { onSignals, settingsOrExit, startupFailed } from './lifecycle';
import { describeMediaTools } from '@ai-covers/engine';
import { startBanner } from './platform/http/canonical-host';

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
  // Printed plainly (not only in the log) so a newcomer sees which address to open and which
  // ffmpeg covers are made with.
  process.stdout.write(`\n${startBanner(settings)}\n${describeMediaTools().join('\n')}\n\n`);
}

main().catch((error: unknown) => startupFailed(error));
