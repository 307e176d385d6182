import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { HEADSHOT_LIMITS, HeadshotMsg, type PhotoDeclineCode } from '@ai-covers/contracts';
import { HeadshotsError, type Headshots, type PackResult } from '@ai-covers/headshots';
import { z } from 'zod';
import type { Queue } from '../../platform/queue/queue';
import { defineJob } from '../../platform/queue/registry';
import type { FilesService } from '../storage/files/files.service';
import { packPhotos } from './headshots.capacity';
import type { HeadshotsRepo, NewResultRow, PackRow, PhotoRow } from './headshots.repo';
import {
  deadOwners,
  LEASE_CHECK_MS,
  LEASE_RENEW_MS,
  LEASE_TTL_MS,
  makeScratch,
  MAX_LAPSES,
  newLeaseOwner,
  notePipelineFolders,
  pipelineFolders,
  sweepHeadshotScratch,
} from './headshots.lease';
import { HEADSHOTS_KIND } from './headshots.service';
import { KEPT_MAX_BYTES, type KeptPortraits } from './headshots.kept';
import { watermarkFile } from './watermark';

export const CHECK_JOB = 'headshots.check';
export const GENERATE_JOB = 'headshots.generate';
export const EXPIRE_JOB = 'headshots.expire';
export const SWEEP_JOB = 'headshots.sweep';
export const KEEP_JOB = 'headshots.keep';

/** The headshot jobs, by name (the app root puts every feature's together). */
export const headshotsJobs = {
  // One photo check per job (seconds; a retry for a worker that died). A check of a photo no longer
  // waiting for one does nothing, so a run the server died in is sent again at its restart.
  [CHECK_JOB]: defineJob({
    payload: z.object({ id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 5,
    expireInSeconds: 300,
    retryAtRestart: true,
  }),
  // One pack per job. A Pro pack takes minutes on two cores; the expiry leaves room for a loaded
  // machine, and one retry covers a worker that died mid-run.
  [GENERATE_JOB]: defineJob({
    payload: z.object({ id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 3 * 3600,
  }),
  // An approved photo's portrait and matte, kept for its previews and its pack (decision 230). Seconds
  // of CPU at the pipeline's lowered priority; the expiry leaves room for a loaded machine. A photo
  // already kept is not made again, so a run the server died in is sent again at its restart.
  [KEEP_JOB]: defineJob({
    payload: z.object({ id: z.string().min(1).max(64) }),
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 3600,
    retryAtRestart: true,
  }),
  // Hourly deletion of packs and photos past their 30 days (bytes too).
  [EXPIRE_JOB]: defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 1800,
  }),
  // Packs waiting without a job get one.
  [SWEEP_JOB]: defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  }),
};
export type HeadshotsQueue = Queue<typeof headshotsJobs>;
const DAY_MS = 86_400_000;
/** Progress is written at most this often (the pipeline reports far more often). */
const PROGRESS_EVERY_MS = 1000;
/** A waiting pack with no job this old was never sent (the queue refused, the API died). */
const UNSENT_AFTER_MS = 60_000;

export interface JobDeps {
  repo: HeadshotsRepo;
  files: FilesService;
  pipeline: () => Headshots;
  /** Sends the "your headshots are ready" mail; failures are logged, never fail the pack. */
  notifyReady: (pack: PackRow) => Promise<void>;
  send: (name: 'headshots.generate' | 'headshots.keep', id: string) => Promise<string | null>;
  /** The photos' kept portraits (previews use the same, so a photo is made once at a time). */
  kept: KeptPortraits;
  log: FastifyBaseLogger;
  now?: () => number;
  /** This process's pack lease (default: a fresh owner and the standard times). */
  lease?: { owner: string; ttlMs: number; renewMs: number };
  /** HEADSHOTS_PACK_PHOTOS_LIMIT: at most this many of a pack's photos go to the pipeline. */
  photosLimit?: number | null;
  /** HEADSHOTS_KEEP_AHEAD: an approved photo's portrait is made in the background (default true). */
  keepAhead?: boolean;
}

/** Runs the photo check of one uploaded photo and stores its outcome. */
export async function checkPhotoJob(deps: JobDeps, photoId: string): Promise<string> {
  const photo = await deps.repo.photoById(photoId);
  if (!photo || photo.status !== 'checking') return 'skipped';
  const dir = await makeScratch('check');
  try {
    let file: string;
    try {
      file = await deps.files.localFile({ storageKey: photo.storageKey }, dir);
    } catch {
      await deps.repo.setCheck(
        photo.id,
        {
          status: 'declined',
          reasons: ['UNREADABLE'],
          data: {},
          face: null,
          width: null,
          height: null,
          format: null,
        },
        new Date(),
      );
      return 'unreadable';
    }
    // The upload page's approved photos: a copy of one of them is declined as DUPLICATE_PHOTO here,
    // at upload, not found out when a paid pack cannot make its count.
    const approved = (await deps.repo.draftPhotos(photo.userId)).filter(
      (p) => p.id !== photo.id && p.status === 'approved' && p.fingerprint,
    );
    const check = await deps.pipeline().checkPhoto(file, { approved: approved.map((p) => p.fingerprint!) });
    const data = { ...check.data };
    const copyOf = typeof data['duplicateOf'] === 'number' ? approved[data['duplicateOf'] - 1] : undefined;
    if (copyOf) data['duplicateName'] = copyOf.name;
    await deps.repo.setCheck(
      photo.id,
      {
        status: check.approved ? 'approved' : 'declined',
        reasons: check.reasons as PhotoDeclineCode[],
        data,
        face: check.face,
        width: check.width,
        height: check.height,
        format: check.format,
        // Kept with the photo (decision 165): its share of the pack's capacity, and what later
        // checks compare against. A declined photo gives nothing and is no one's original.
        capacity: check.approved ? check.capacity : 0,
        fingerprint: check.approved ? (check.fingerprint ?? null) : null,
      },
      new Date(),
    );
    if (!check.approved) return 'declined';
    // Its portrait and matte are made now, so its first backdrop preview finds them (decision 230).
    // A queue that refuses only leaves that preview to make them.
    if (deps.keepAhead ?? true)
      await deps.send(KEEP_JOB, photo.id).catch((error: unknown) => {
        deps.log.warn({ err: error, photoId: photo.id }, 'the kept portrait job could not be sent');
      });
    return 'approved';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Keeps an approved photo's portrait and matte beside it (decision 230); a photo gone or declined
 * meanwhile is skipped. A preview making the same photo's is waited on, not repeated.
 */
export async function keepPortraitJob(
  deps: JobDeps,
  photoId: string,
  shutdown: AbortSignal,
): Promise<string> {
  const photo = await deps.repo.photoById(photoId);
  if (!photo || photo.status !== 'approved') return 'skipped';
  // Only a photo a pack would take (HEADSHOTS_PACK_PHOTOS_LIMIT): a matte costs a quarter of a
  // minute of processor time, and one no pack uses would only be made for a preview, which makes
  // its own when asked.
  if (deps.photosLimit != null) {
    const chosen = packPhotos(await deps.repo.draftPhotos(photo.userId), deps.photosLimit);
    if (!chosen.some((p) => p.id === photo.id)) return 'skipped';
  }
  return deps.kept.ensure({ id: photo.id, storageKey: photo.storageKey }, shutdown);
}

/**
 * The photos cannot make the pack: too few distinct results (the likeness gate dropped photos, or
 * capacities were not known at submit), or no photo or result passed.
 */
const cannotMake = (error: unknown) =>
  error instanceof HeadshotsError &&
  (error.code === 'NOT_ENOUGH_COMBINATIONS' || error.code === 'NO_USABLE_PHOTOS');

const failureOf = (error: unknown) =>
  error instanceof HeadshotsError ? error.code : ((error as Error)?.name ?? 'INTERNAL');

/**
 * Makes one pack: claims it under a lease, copies its photos to a scratch folder, runs the pipeline
 * with progress, stores each result as the owner's internal file and marks the pack done, or failed
 * (retry offered). On shutdown the pack goes back to waiting and the next start sends it again; a
 * run that lost its lease (another worker reclaimed the pack) stops and writes nothing.
 */
export async function generatePackJob(
  deps: JobDeps,
  packId: string,
  jobId: string,
  shutdown: AbortSignal,
): Promise<string> {
  const { repo } = deps;
  const now = deps.now ?? (() => Date.now());
  const lease = deps.lease ?? { owner: newLeaseOwner(), ttlMs: LEASE_TTL_MS, renewMs: LEASE_RENEW_MS };
  const pack = await repo.claimPack(packId, jobId, new Date(now()), lease);
  if (!pack) return 'skipped';
  const lost = new AbortController();
  const renewal = setInterval(() => {
    void repo.renewPackLease(pack.id, jobId, lease.ttlMs).then(
      (ours) => ours || lost.abort(),
      // A failed renewal is retried at the next tick; the lease outlasts two of them.
      () => undefined,
    );
  }, lease.renewMs);
  const signal = AbortSignal.any([shutdown, lost.signal]);
  const stored: number[] = [];
  const owner = { userId: pack.userId, visitorId: null };
  let dir: string | null = null;
  try {
    dir = await makeScratch('pack');
    const photos = await Promise.all(pack.photoIds.map((id) => repo.photoById(id)));
    const usable = packPhotos(
      photos.filter((p): p is PhotoRow => p !== null && p.userId === pack.userId),
      deps.photosLimit ?? null,
    );
    if (usable.length === 0) throw new HeadshotsError('NO_USABLE_PHOTOS', 'the photos are gone');
    const inputs: string[] = [];
    for (const [i, photo] of usable.entries()) {
      const sub = path.join(dir, `in-${i}`);
      await mkdir(sub);
      inputs.push(await deps.files.localFile({ storageKey: photo.storageKey }, sub));
    }
    let lastWrite = 0;
    const runDir = dir;
    const before = await pipelineFolders();
    let noted = false;
    const made: PackResult = await deps.pipeline().makePack({
      photos: inputs,
      // A photo's matte kept for its previews is the pack's too (decision 230).
      kept: (i) => deps.files.readBeside(usable[i]!.storageKey, KEPT_MAX_BYTES),
      styles: pack.styles,
      count: pack.count,
      outDir: path.join(dir, 'out'),
      signal,
      onProgress: ({ fraction, stage, delivered }) => {
        if (!noted) {
          noted = true;
          void notePipelineFolders(runDir, before).catch(() => {});
        }
        const t = now();
        if (t - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = t;
        // Kept below 1 until the results are stored; only while this run holds the pack.
        void repo
          .updateRun(pack.id, jobId, { progress: Math.min(0.98, fraction), stage, delivered })
          .catch(() => {});
      },
    });
    if (made.files.length === 0) throw new HeadshotsError('NO_USABLE_PHOTOS', 'no result passed');
    deps.log.info({ packId, keptMattes: made.keptMattes, photos: usable.length }, 'headshot pack made');
    const results: NewResultRow[] = [];
    for (const [i, f] of made.files.entries()) {
      if (signal.aborted) throw new HeadshotsError('CANCELLED', 'the run stopped');
      if (pack.watermark) {
        await watermarkFile(f.path);
        await watermarkFile(f.thumbPath);
      }
      const name = `headshot-${String(i + 1).padStart(3, '0')}.jpg`;
      const full = await deps.files.storeOutput(owner, {
        body: createReadStream(f.path),
        fileName: name,
        kind: HEADSHOTS_KIND,
        action: 'result',
      });
      stored.push(full.id);
      const thumb = await deps.files.storeOutput(owner, {
        body: createReadStream(f.thumbPath),
        fileName: name.replace(/\.jpg$/, '.webp'),
        kind: HEADSHOTS_KIND,
        action: 'preview',
      });
      stored.push(thumb.id);
      results.push({
        id: randomBytes(12).toString('base64url'),
        packId: pack.id,
        userId: pack.userId,
        index: i + 1,
        fileId: full.id,
        storageKey: full.storage_key,
        thumbFileId: thumb.id,
        thumbKey: thumb.storage_key,
        name,
        size: full.size,
        style: f.style,
        backdrop: `${f.style}-${f.variant.backdrop + 1}`,
        framing: f.variant.framing,
        grade: f.variant.grade,
        likeness: f.likeness,
      });
    }
    const at = new Date(now());
    const done = await repo.finishPack(pack.id, jobId, results, {
      status: 'success',
      taskStatus: 3,
      stage: null,
      progress: 1,
      delivered: results.length,
      finishedAt: at,
      expiresAt: new Date(at.getTime() + HEADSHOT_LIMITS.retentionDays * DAY_MS),
    });
    if (!done) {
      // Deleted while generating, or reclaimed by another worker: these results go.
      await deps.files.deleteOwnedFiles(owner, stored);
      return 'deleted';
    }
    await deps
      .notifyReady(done)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'headshots mail failed'));
    return 'success';
  } catch (error) {
    if (stored.length) await deps.files.deleteOwnedFiles(owner, stored).catch(() => {});
    if (lost.signal.aborted) return 'discarded';
    if (shutdown.aborted) {
      await repo.updateRun(pack.id, jobId, {
        taskStatus: 1,
        stage: null,
        progress: 0,
        delivered: 0,
        jobId: null,
        startedAt: null,
        leaseOwner: null,
        leaseUntil: null,
      });
      return 'handed-back';
    }
    deps.log.warn({ err: error, packId }, 'headshot pack failed');
    if (pack.kind === 'paid' && cannotMake(error)) {
      // A retry of the same photos fails the same way: the pack is given back, unspent, and its
      // photos return to the upload page for a new submit with more photos (decision 166).
      const given = await repo.givePackBack(pack.id, jobId, {
        status: 'failure',
        taskStatus: 4,
        stage: null,
        error: HeadshotMsg.packGivenBack,
        errorCode: failureOf(error),
        finishedAt: new Date(now()),
        expiresAt: new Date(now() + HEADSHOT_LIMITS.retentionDays * DAY_MS),
      });
      return given ? 'given-back' : 'discarded';
    }
    await repo.updateRun(pack.id, jobId, {
      status: 'failure',
      taskStatus: 4,
      stage: null,
      error: HeadshotMsg.generateFailed,
      errorCode: failureOf(error),
      finishedAt: new Date(now()),
      leaseOwner: null,
      leaseUntil: null,
      // A failed pack keeps its photos for a retry, for the same 30 days.
      expiresAt: new Date(now() + HEADSHOT_LIMITS.retentionDays * DAY_MS),
    });
    return 'failure';
  } finally {
    clearInterval(renewal);
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

/** Deletes packs, results and photos past their 30 days, bytes too. */
export async function expireHeadshots(
  deps: Pick<JobDeps, 'repo' | 'files'>,
  at: Date,
): Promise<{ packs: number; photos: number }> {
  let packs = 0;
  let photos = 0;
  for (;;) {
    const expired = await deps.repo.expiredPacks(at, 50);
    if (expired.length === 0) break;
    for (const pack of expired) {
      const gone = await deps.repo.deletePacks([pack.id]);
      await deps.files.deleteOwnedFiles({ userId: pack.userId, visitorId: null }, gone.fileIds);
      packs++;
      photos += gone.photos;
    }
  }
  for (;;) {
    const rows = await deps.repo.deleteExpiredDraftPhotos(at, 100);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.fileId)
        await deps.files.deleteOwnedFiles({ userId: row.userId, visitorId: null }, [row.fileId]);
    }
    photos += rows.length;
  }
  return { packs, photos };
}

/**
 * A run older than this whose worker still renews its lease is stuck (the pipeline hung): the pack
 * fails with a retry offer. Dead workers are found by their lapsed lease within a minute instead.
 */
export const STALE_RUN_MS = 7 * 3600_000;

const lostRunFailure = (now: number) => ({
  error: HeadshotMsg.generateFailed,
  errorCode: 'WORKER_LOST',
  expiresAt: new Date(now + HEADSHOT_LIMITS.retentionDays * DAY_MS),
});

/**
 * Runs of dead workers (their lease lapsed, or `owners` names them) go back to the queue with a new
 * job; after MAX_LAPSES such losses the pack fails and offers a free retry instead.
 */
export async function reclaimDeadPacks(
  deps: Pick<JobDeps, 'repo' | 'send' | 'now'>,
  owners?: string[],
): Promise<{ requeued: number; failed: number }> {
  const now = deps.now?.() ?? Date.now();
  const { requeued, failed } = await deps.repo.reclaimDeadPacks({
    ...(owners ? { owners } : {}),
    maxLapses: MAX_LAPSES,
    failed: lostRunFailure(now),
  });
  // A send that fails leaves the pack waiting without a job: the minute sweep sends it.
  for (const id of requeued) {
    const jobId = await deps.send('headshots.generate', id).catch(() => null);
    if (jobId) await deps.repo.updatePack(id, { jobId }, 'generating');
  }
  return { requeued: requeued.length, failed: failed.length };
}

/**
 * Sends packs that wait without a job (the queue refused at submit, or a shutdown handed them
 * back), reclaims runs whose lease lapsed, and fails runs stuck past STALE_RUN_MS. Returns how many
 * it sent and failed.
 */
export async function sweepPacks(
  deps: Pick<JobDeps, 'repo' | 'send' | 'now'>,
): Promise<{ sent: number; failed: number }> {
  const now = deps.now?.() ?? Date.now();
  const reclaimed = await reclaimDeadPacks(deps);
  let sent = reclaimed.requeued;
  let failed = reclaimed.failed;
  for (const pack of await deps.repo.generatingPacks()) {
    if (pack.taskStatus === 2 && pack.startedAt && now - pack.startedAt.getTime() > STALE_RUN_MS) {
      const row = await deps.repo.updatePack(
        pack.id,
        {
          status: 'failure',
          taskStatus: 4,
          stage: null,
          finishedAt: new Date(now),
          leaseOwner: null,
          leaseUntil: null,
          ...lostRunFailure(now),
        },
        'generating',
      );
      if (row) failed++;
      continue;
    }
    if (pack.taskStatus !== 1 || pack.jobId || now - pack.createdAt.getTime() < UNSENT_AFTER_MS) continue;
    const jobId = await deps.send('headshots.generate', pack.id).catch(() => null);
    if (jobId) {
      await deps.repo.updatePack(pack.id, { jobId }, 'generating');
      sent++;
    }
  }
  return { sent, failed };
}

/**
 * Registers the check and generation handlers, the hourly retention and the minute sweep. Before
 * this process makes a pack, the scratch of dead runs goes and the runs of its dead predecessors on
 * this machine go back to the queue at once (not at their lease's lapse).
 */
export async function startHeadshotsJobs(
  deps: Omit<JobDeps, 'log'> & { queue: HeadshotsQueue; log: FastifyBaseLogger; leaseCheckMs?: number },
): Promise<{ stop: () => void }> {
  const shutdown = new AbortController();
  const lease = deps.lease ?? { owner: newLeaseOwner(), ttlMs: LEASE_TTL_MS, renewMs: LEASE_RENEW_MS };
  const runDeps = { ...deps, lease };
  const swept = await sweepHeadshotScratch();
  if (swept > 0) deps.log.info({ swept }, 'removed scratch folders of stopped headshot runs');
  const dead = deadOwners(await deps.repo.runningPackOwners(), lease.owner);
  if (dead.length > 0) {
    const reclaimed = await reclaimDeadPacks(runDeps, dead);
    deps.log.info(reclaimed, 'headshot packs of a stopped server went back to the queue');
  }
  await deps.queue.work(CHECK_JOB, async (payload) => ({
    outcome: await checkPhotoJob(runDeps, payload.id),
  }));
  await deps.queue.work(GENERATE_JOB, async (payload, job) => {
    const outcome = await generatePackJob(runDeps, payload.id, job.id, shutdown.signal);
    deps.log.info({ packId: payload.id, outcome }, 'headshot pack job finished');
    return { outcome };
  });
  await deps.queue.work(KEEP_JOB, async (payload) => ({
    outcome: await keepPortraitJob(runDeps, payload.id, shutdown.signal),
  }));
  await deps.queue.work(EXPIRE_JOB, async () => expireHeadshots(deps, new Date()));
  await deps.queue.boss.schedule(EXPIRE_JOB, '17 * * * *', {}, { tz: 'UTC' });
  await deps.queue.work(SWEEP_JOB, async () => sweepPacks(deps));
  await deps.queue.boss.schedule(SWEEP_JOB, '* * * * *', {}, { tz: 'UTC' });
  await sweepPacks(deps).catch((error: unknown) =>
    deps.log.warn({ err: error }, 'start-up headshots sweep failed'),
  );
  // Lapsed leases are looked for more often than the minute cron allows: a dead worker's pack goes
  // back to the queue within LEASE_TTL_MS + LEASE_CHECK_MS of its last renewal.
  const leaseCheck = setInterval(() => {
    reclaimDeadPacks(deps).then(
      (result) => {
        if (result.requeued + result.failed > 0)
          deps.log.info(result, 'reclaimed headshot packs of a stopped worker');
      },
      (error: unknown) => deps.log.warn({ err: error }, 'headshots lease check failed'),
    );
  }, deps.leaseCheckMs ?? LEASE_CHECK_MS);
  leaseCheck.unref();
  return {
    stop: () => {
      clearInterval(leaseCheck);
      shutdown.abort();
    },
  };
}
