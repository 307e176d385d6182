import type { FastifyBaseLogger } from 'fastify';
import { createHeadshots, listStyles, type Headshots } from '@ai-covers/headshots';
import type { Settings } from '../../config';
import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import type { Mailer } from '../../platform/mail/mail';
import type { ObjectStore } from '../../platform/storage/object-store';
import type { AbTestService } from '../ab-test/ab-test.service';
import type { FilesService } from '../storage/files/files.service';
import type { ReadStamp } from '../users/read-stamps';
import { startHeadshotsJobs, type HeadshotsQueue } from './headshots.jobs';
import { createReadyNotifier, type MailRecipient } from './headshots.mail';
import { createHeadshotsRepo, entitlementOps, type Tx } from './headshots.repo';
import { createDeclinedPhotoFiles } from './headshots.describe';
import { createKeptPortraits } from './headshots.kept';
import { createBackdropPreviews } from './headshots.preview';
import { headshotsRoutes } from './headshots.routes';
import { createHeadshotsService, HEADSHOT_SHARE_GRANT } from './headshots.service';
import { createZipLinks } from './zip-links';

/** Plan 2 of a §9 test means on. */
const ON = 2;

/**
 * AI Headshots: photos and their checks, paid packs (entitlements billing grants), generation on
 * the shared queue with the headshots pipeline, downloads, shares and retention.
 */
export function createHeadshotsFeature(deps: {
  settings: Settings;
  db: Db;
  queue: HeadshotsQueue;
  files: FilesService;
  store: ObjectStore;
  secret: Uint8Array;
  mailer: Mailer;
  abTests: AbTestService;
  /** The address and language of an account's mail. */
  recipientOf: (userId: number) => Promise<MailRecipient | null>;
  /** Absolute origin for mails (PUBLIC_URL's, else localhost and the port). */
  origin: string;
  /** The account's headshots read version and its session's liveness (reads kept in memory). */
  readStamp?: (userId: number, sessionId: string) => Promise<ReadStamp>;
  log: FastifyBaseLogger;
}) {
  const { settings } = deps;
  const repo = createHeadshotsRepo(deps.db);
  const productPath = `${settings.BASE_PATH}${settings.HEADSHOTS_BASE_PATH}`;
  // One pipeline per process, started on first use (its worker threads load models then).
  let pipeline: Headshots | null = null;
  const getPipeline = () => (pipeline ??= createHeadshots({ threads: settings.HEADSHOTS_THREADS }));
  const send = async (name: 'headshots.check' | 'headshots.generate' | 'headshots.keep', id: string) =>
    deps.queue.send(name, { id });
  // One per process: the background job and the previews share it, so a photo is made once at a time.
  const kept = createKeptPortraits({ repo, files: deps.files, pipeline: getPipeline, log: deps.log });
  const abPlans = async (userId: number) => {
    const plan = (code: string) => deps.abTests.planFor(code, String(userId)).then((p) => p === ON);
    return {
      trial: await plan('portrait_trial_picture'),
      multiple_run: await plan('portrait_multiple_run'),
      pre_generation: await plan('portrait_pre_generation'),
    };
  };
  const service = createHeadshotsService({
    repo,
    files: deps.files,
    styles: listStyles,
    send,
    zipLinks: createZipLinks(deps.secret),
    abPlans,
    config: {
      productPath,
      headshotsBasePath: settings.HEADSHOTS_BASE_PATH,
      resultsLimit: settings.HEADSHOTS_RESULTS_LIMIT ?? null,
      photosLimit: settings.HEADSHOTS_PACK_PHOTOS_LIMIT ?? null,
    },
    reads: deps.readStamp && { stamp: deps.readStamp, urlTtlSeconds: settings.STORAGE_URL_TTL_SECONDS },
  });
  deps.files.registerGrant(HEADSHOT_SHARE_GRANT, service.shareLive);
  return defineFeature({
    service,
    /** What billing calls inside the transaction that marks an order paid or refunds it. */
    entitlements: {
      grantIn: (tx: Tx, row: { userId: number; orderId: number; plan: 'basic' | 'pro'; results: number }) =>
        entitlementOps(tx).grant(row),
      refundIn: (tx: Tx, orderId: number, at: Date) => entitlementOps(tx).refund(orderId, at),
      available: (userId: number) => repo.availableByPlan(userId),
    },
    /** For the library: files of declined photos (refused uploads), which it leaves out. */
    declinedPhotoFiles: createDeclinedPhotoFiles({ repo }),
    routes: [
      headshotsRoutes(service, {
        store: deps.store,
        publicUrl: settings.PUBLIC_URL,
        previews: createBackdropPreviews({
          repo,
          kept,
          pipeline: getPipeline,
          styleIds: () => listStyles().map((s) => s.id),
          log: deps.log,
        }),
      }),
    ],
    startJobs: (queue, log) =>
      startHeadshotsJobs({
        queue,
        log,
        repo,
        files: deps.files,
        pipeline: getPipeline,
        kept,
        photosLimit: settings.HEADSHOTS_PACK_PHOTOS_LIMIT ?? null,
        keepAhead: settings.HEADSHOTS_KEEP_AHEAD,
        send: (name, id) => send(name, id),
        notifyReady: createReadyNotifier({
          mailer: deps.mailer,
          recipientOf: deps.recipientOf,
          productUrl: `${deps.origin}${productPath}`,
        }),
      }),
    close: async () => {
      await pipeline?.close();
      pipeline = null;
    },
  });
}
