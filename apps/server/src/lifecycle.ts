import { loadSettings, SettingsError, type Settings } from './config';
import { describeStartupFailure } from './platform/startup';

/** Reads the settings or stops with the one line naming the bad one (exit 2). */
export function settingsOrExit(): Settings {
  try {
    return loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * SIGTERM and SIGINT: no new work, renders handed back, in-flight requests finished (uploads get a
 * grace, then are cut cleanly), exit 0; past SHUTDOWN_TIMEOUT_MS, exit 1.
 */
export function onSignals(
  settings: Settings,
  close: () => Promise<void>,
  log: { info(obj: object, msg: string): void; error(msg: string | object, msg2?: string): void },
): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: no new requests, finishing in-flight work');
    const timer = setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, settings.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Prints why start-up failed, in one line, and exits 1. */
export function startupFailed(error: unknown, settings?: Settings): never {
  const line = describeStartupFailure(error, {
    ...(settings ? { dataDir: settings.dataDir, host: settings.HOST, port: settings.PORT } : {}),
  }).message;
  process.stderr.write(`Start-up failed: ${line}\n`);
  process.exit(1);
}
