import { PRODUCT, type HealthData } from '@ai-covers/contracts';
import { pingDatabase, type Database } from '../../platform/db/client';
import type { Queue } from '../../platform/queue/queue';
import { freeBytes } from '../../platform/disk/space';

const MB = 1024 * 1024;

/** The data folder whose disk must keep `minFreeBytes` free (below it, health is degraded). */
export interface HealthDisk {
  dir: string;
  minFreeBytes: number;
  free?: (dir: string) => Promise<number | null>;
}

export interface HealthProbeOptions {
  /** How old an answer may be (1 s): older, a call waits for a fresh probe. */
  maxAgeMs?: number;
  /** How often the background refresh runs while health is being asked for (every 500 ms). */
  refreshMs?: number;
  /** A probe that takes longer counts as down: a hung database must not hang the health check. */
  timeoutMs?: number;
  now?: () => number;
}

/**
 * The state `GET /v1/health` reports, probed in the background instead of per call: a flood of
 * health checks costs no database round trips, and the answer is never older than `maxAgeMs`.
 * The refresh starts with the first call, so processes nobody asks (tests, the worker) never poll.
 */
export function createHealthProbe(
  deps: { database: Database; queue: Queue; disk?: HealthDisk },
  options: HealthProbeOptions = {},
) {
  const maxAgeMs = options.maxAgeMs ?? 1000;
  const refreshMs = options.refreshMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 2000;
  const now = options.now ?? (() => performance.now());
  let snapshot: { at: number; data: HealthData } | null = null;
  let inFlight: Promise<HealthData> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const withTimeout = <T>(promise: Promise<T>, what: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`${what} took over ${timeoutMs} ms`)), timeoutMs);
      promise.then(
        (v) => {
          clearTimeout(t);
          resolve(v);
        },
        (e: unknown) => {
          clearTimeout(t);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });

  async function probe(): Promise<HealthData> {
    const started = now();
    const database = await withTimeout(pingDatabase(deps.database), 'database ping').then(
      (latencyMs) => ({ ok: true, driver: deps.database.driver, latencyMs }),
      () => ({ ok: false, driver: deps.database.driver, latencyMs: -1 }),
    );
    const queue = await withTimeout(deps.queue.healthy(), 'queue check').catch((error: Error) => ({
      ok: false,
      error: error.message,
    }));
    const free = deps.disk
      ? await withTimeout((deps.disk.free ?? freeBytes)(deps.disk.dir), 'disk check').catch(() => null)
      : null;
    // Unknown free space (a platform without statfs) is not reported as a fault.
    const disk =
      free === null || !deps.disk
        ? undefined
        : { ok: free >= deps.disk.minFreeBytes, freeMb: Math.floor(free / MB) };
    const ok = database.ok && queue.ok && (disk?.ok ?? true);
    const data: HealthData = {
      status: ok ? 'ok' : 'degraded',
      version: PRODUCT.appVersion,
      database,
      queue,
      ...(disk ? { disk } : {}),
    };
    // Stamped with the probe's start: the state is at least that old.
    snapshot = { at: started, data };
    return data;
  }

  /** One probe at a time; callers arriving meanwhile share it. */
  function refresh(): Promise<HealthData> {
    inFlight ??= probe().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  function startRefreshing(): void {
    if (timer || closed) return;
    timer = setInterval(() => void refresh(), refreshMs);
    // Never what keeps the process alive.
    timer.unref();
  }

  return {
    /** The current state, at most `maxAgeMs` old. */
    async current(): Promise<HealthData> {
      startRefreshing();
      if (snapshot && now() - snapshot.at <= maxAgeMs) return snapshot.data;
      return refresh();
    },
    async close(): Promise<void> {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight?.catch(() => undefined);
    },
  };
}
export type HealthProbe = ReturnType<typeof createHealthProbe>;
