import { randomBytes } from 'node:crypto';
import {
  Code,
  HEADSHOT_LIMITS,
  HEADSHOT_MULTIPLE_RUN_PER_STYLE,
  HEADSHOT_PLANS,
  HEADSHOT_PREVIEW_COUNT,
  HeadshotMsg,
  Msg,
  type HeadshotPack,
  type HeadshotPhoto,
  type HeadshotPlanId,
  type HeadshotPlansData,
  type HeadshotShare,
  type HeadshotStylesData,
  type HeadshotSubmitBody,
} from '@ai-covers/contracts';
import { AppError, badRequest, conflict } from '../../platform/http/app-error';
import type { FilesService } from '../storage/files/files.service';
import { SESSION_GRANT } from '../storage/signing/grants';
import { currentSessionId } from '../../platform/auth/identity';
import { capacityOf, packPhotos, shortfallMessage, shortfallOf } from './headshots.capacity';
import type { HeadshotsRepo, PackRow, PhotoRow, ResultRow, ShareRow } from './headshots.repo';
import { packView, photoView, resultView } from './headshots.view';
import { createHeadshotReads } from './headshots.read-model';
import type { ReadStamp } from '../users/read-stamps';
import type { ZipLinks } from './zip-links';

/**
 * The time model of a pack, from the committed benchmark (bench/headshots/results.md: 8 photos,
 * 50 results, 300.8 s on two shared cores): checking and matting cost about 30.8 s per photo
 * ((246.4 s) / 8), rendering about 1.09 s per result ((300.8 - 246.4) / 50). Packs finished here
 * scale it by how this machine actually did (the median of actual / modelled).
 */
export const SECONDS_PER_PHOTO = 30.8;
export const SECONDS_PER_RESULT = 1.09;
const DAY_MS = 86_400_000;
/** The storage kind of headshot uploads and outputs (its byte limit is STORAGE_LIMITS_MB's 'headshots'). */
export const HEADSHOTS_KIND = 'headshots';
const ZIP_LINK_MS = 10 * 60_000;
/** The grant kind of a headshot share's file URLs: revoked, they stop (see storage's grants). */
export const HEADSHOT_SHARE_GRANT = 'headshot-share';

export interface StyleLite {
  id: string;
  name: string;
  category: string;
  variantsPerPhoto: number;
}

export interface AbPlans {
  trial: boolean;
  multiple_run: boolean;
  pre_generation: boolean;
}

export interface HeadshotsServiceDeps {
  repo: HeadshotsRepo;
  files: FilesService;
  styles: () => StyleLite[];
  /** Sends a job; resolves to the job id (null when the queue refused). */
  send: (name: 'headshots.check' | 'headshots.generate', id: string) => Promise<string | null>;
  zipLinks: ZipLinks;
  abPlans: (userId: number) => Promise<AbPlans>;
  config: {
    /** BASE_PATH + HEADSHOTS_BASE_PATH, e.g. '/headshots'. */
    productPath: string;
    headshotsBasePath: string;
    /** Caps results per pack (tests and small deployments); null = the plan's count. */
    resultsLimit: number | null;
    /** HEADSHOTS_PACK_PHOTOS_LIMIT: photos a pack's run uses (the capacity counts only those). */
    photosLimit?: number | null;
  };
  /**
   * My headshots and a pack's page kept in memory per session: the account's headshots read version
   * and its session's liveness, and the lifetime of the URLs they sign. Absent: made every time.
   */
  reads?: { stamp: (userId: number, sessionId: string) => Promise<ReadStamp>; urlTtlSeconds: number };
  now?: () => number;
}

const newId = () => randomBytes(12).toString('base64url');
const missingFile = () => new AppError(Code.resourceError, Msg.fileMissing, 404);
const noSuchPack = () => new AppError(Code.resourceError, Msg.fileMissing, 404);

/** The headshot product: photos and their checks, packs, entitlements, downloads, shares. */
export function createHeadshotsService(deps: HeadshotsServiceDeps) {
  const { repo, files, config } = deps;
  const now = deps.now ?? (() => Date.now());
  const owner = (userId: number) => ({ userId, visitorId: null });

  const styleMap = () => new Map(deps.styles().map((s) => [s.id, s]));

  async function signed(key: string, name: string, download = false, share?: string): Promise<string> {
    const grant = share ? ([HEADSHOT_SHARE_GRANT, share] as const) : undefined;
    return (await files.readUrl({ storageKey: key, name }, { download, ...(grant ? { grant } : {}) })).url;
  }

  async function photoOut(row: PhotoRow): Promise<HeadshotPhoto> {
    return photoView(row, await signed(row.storageKey, row.name).catch(() => null));
  }

  const modelled = (p: PackRow) => p.photoIds.length * SECONDS_PER_PHOTO + p.count * SECONDS_PER_RESULT;

  /** How this machine did against the model: the median ratio over recent packs, else 1. */
  async function machineFactor(): Promise<number> {
    const ratios = (await repo.recentFinished(10))
      .filter((p) => p.startedAt && p.finishedAt)
      .map((p) => (p.finishedAt!.getTime() - p.startedAt!.getTime()) / 1000 / modelled(p))
      .sort((a, b) => a - b);
    return ratios.length ? ratios[Math.floor(ratios.length / 2)]! : 1;
  }

  /** Seconds until a generating pack is done: the packs queued before it, then its own rest. */
  async function estimate(pack: PackRow): Promise<number | null> {
    if (pack.status !== 'generating') return null;
    const factor = await machineFactor();
    const rest = (p: PackRow) => (1 - p.progress) * modelled(p) * factor;
    const ahead = await repo.queuedBefore(pack.createdAt);
    return Math.max(1, Math.round(ahead.reduce((sum, p) => sum + rest(p), 0) + rest(pack)));
  }

  const reads = createHeadshotReads({
    stamp: deps.reads?.stamp,
    urlTtlSeconds: deps.reads?.urlTtlSeconds ?? 3600,
    estimate,
  });

  async function packOut(pack: PackRow, first?: ResultRow): Promise<HeadshotPack> {
    const cover = first ?? (pack.status === 'success' ? (await repo.results(pack.id))[0] : undefined);
    return packView(pack, {
      estimateSeconds: await estimate(pack),
      coverUrl: cover ? await signed(cover.thumbKey, cover.name) : null,
    });
  }

  async function resultsOut(rows: ResultRow[], share?: string) {
    return Promise.all(
      rows.map(async (r) =>
        resultView(r, {
          url: await signed(r.storageKey, r.name, false, share),
          thumb: await signed(r.thumbKey, r.name, false, share),
          download: await signed(r.storageKey, r.name, true, share),
        }),
      ),
    );
  }

  function shareOut(share: ShareRow, origin: string): HeadshotShare {
    return {
      id: share.id,
      url: `${origin}${config.productPath}/usercenter/share?id=${share.id}`,
      revoked: share.revokedAt !== null,
      created_at: share.createdAt.toISOString(),
    };
  }

  async function ownPack(userId: number, packId: string): Promise<PackRow> {
    const pack = await repo.findPack(userId, packId);
    if (!pack) throw noSuchPack();
    return pack;
  }

  /** Removes stored files of the owner; a failed byte removal is left to storage's orphan sweep. */
  async function removeFiles(userId: number, fileIds: number[]): Promise<void> {
    if (fileIds.length) await files.deleteOwnedFiles(owner(userId), fileIds);
  }

  /** The caller's photos for a pack: all on the upload page, checked and approved. */
  async function approvedDraft(userId: number, ids: string[]): Promise<PhotoRow[]> {
    if (new Set(ids).size !== ids.length) throw badRequest('photo_ids: a photo is listed twice');
    const draft = new Map((await repo.draftPhotos(userId)).map((p) => [p.id, p]));
    const photos = ids.map((id) => draft.get(id));
    if (photos.some((p) => !p)) throw missingFile();
    if (photos.some((p) => p!.status === 'checking')) throw conflict(HeadshotMsg.photoStillChecking);
    if (photos.some((p) => p!.status !== 'approved')) throw badRequest(HeadshotMsg.photoNotApproved);
    return photos as PhotoRow[];
  }

  /** Whether every one of these photos is the user's and already in one of their packs. */
  async function takenByOwnPack(userId: number, ids: string[]): Promise<boolean> {
    const rows = await Promise.all(ids.map((id) => repo.findPhoto(userId, id)));
    return rows.every((r) => r !== null) && rows.some((r) => r!.packId !== null);
  }

  function checkStyles(ids: string[]): StyleLite[] {
    const known = styleMap();
    if (new Set(ids).size !== ids.length) throw badRequest('styles: a style is listed twice');
    return ids.map((id) => {
      const style = known.get(id);
      if (!style) throw badRequest(`styles: unknown style ${id}`);
      return style;
    });
  }

  /** Sends a pack's job; when the queue refuses, the sweep sends it again (the pack waits). */
  async function startPack(pack: PackRow): Promise<PackRow> {
    const jobId = await deps.send('headshots.generate', pack.id).catch(() => null);
    if (!jobId) return pack;
    return (await repo.updatePack(pack.id, { jobId })) ?? pack;
  }

  /** Results a pack of this plan makes here: the plan's count, or the server's cap. */
  const packResults = (plan: HeadshotPlanId) =>
    Math.min(HEADSHOT_PLANS[plan].results, config.resultsLimit ?? HEADSHOT_PLANS[plan].results);

  /** The upload page: its photos, their checks and what they give a pack of each plan. */
  async function photosPage(userId: number) {
    const rows = await repo.draftPhotos(userId);
    const photos = await Promise.all(rows.map(photoOut));
    const countOf = (s: string) => rows.filter((r) => r.status === s).length;
    const used = packPhotos(rows, config.photosLimit ?? null);
    const capacity = capacityOf(used);
    const more = (plan: HeadshotPlanId) =>
      shortfallOf(capacity, used.length, packResults(plan))?.morePhotos ?? 0;
    return {
      photos,
      approved: countOf('approved'),
      declined: countOf('declined'),
      checking: countOf('checking'),
      max_photos: HEADSHOT_LIMITS.maxPhotos,
      capacity,
      pack_results: { basic: packResults('basic'), pro: packResults('pro') },
      more_photos: { basic: more('basic'), pro: more('pro') },
    };
  }

  const service = {
    async plans(userId: number | null): Promise<HeadshotPlansData> {
      const available = userId ? await repo.availableByPlan(userId) : {};
      const ab = userId
        ? await deps.abPlans(userId)
        : { trial: false, multiple_run: false, pre_generation: false };
      return {
        // The pipeline ships with the server: packs sell wherever this feature runs.
        on_sale: true,
        plans: Object.values(HEADSHOT_PLANS).map((p) => ({
          id: p.id,
          name: p.name,
          results: p.results,
          sku: `headshots-${p.id}`,
          available: available[p.id] ?? 0,
        })),
        min_photos: HEADSHOT_LIMITS.minPhotos,
        max_photos: HEADSHOT_LIMITS.maxPhotos,
        max_styles: HEADSHOT_LIMITS.maxStyles,
        retention_days: HEADSHOT_LIMITS.retentionDays,
        base_path: config.headshotsBasePath,
        ab,
        trial_used: userId ? await repo.hasKind(userId, 'trial') : false,
      };
    },

    styles(): HeadshotStylesData {
      const styles = deps.styles();
      const categories = new Map<string, { id: string; name: string; url: null }[]>();
      for (const s of styles) {
        const list = categories.get(s.category) ?? [];
        list.push({ id: s.id, name: s.name, url: null });
        categories.set(s.category, list);
      }
      return {
        styles: styles.map((s) => ({
          id: s.id,
          name: s.name,
          category: s.category,
          variants_per_photo: s.variantsPerPhoto,
        })),
        categories: [...categories].map(([name, resources]) => ({ name, resources })),
      };
    },

    // ---- photos ----

    /** Adds an uploaded image to the upload page and queues its check. */
    async addPhoto(userId: number, fileId: number, replaceId?: string): Promise<HeadshotPhoto> {
      const file = await files.findOwnedFile(owner(userId), fileId);
      if (!file) throw missingFile();
      // Only images go further; what an image really is, the check decides from its bytes.
      if (file.fileType !== 'image') throw badRequest(HeadshotMsg.notAnImage);
      const at = now();
      const added = await repo.addPhoto(
        {
          id: newId(),
          userId,
          fileId: file.id,
          storageKey: file.storageKey,
          name: file.name,
          expiresAt: new Date(at + HEADSHOT_LIMITS.retentionDays * DAY_MS),
        },
        HEADSHOT_LIMITS.maxPhotos,
        replaceId,
      );
      if (added === 'full') throw badRequest(HeadshotMsg.imageLimit);
      if (added === 'no-replace') throw missingFile();
      if (added === 'duplicate') throw conflict('This photo was already added.');
      if (added.replaced?.fileId) await removeFiles(userId, [added.replaced.fileId]);
      const jobId = await deps.send('headshots.check', added.photo.id).catch(() => null);
      if (!jobId) {
        // Nothing half-made: without a queued check the photo would stay 'checking' for ever.
        await repo.deleteDraftPhoto(userId, added.photo.id);
        throw new AppError(Code.error, Msg.uploadSubmit, 503);
      }
      return photoOut(added.photo);
    },

    listPhotos(userId: number) {
      return reads.photos(userId, () => photosPage(userId));
    },

    async getPhoto(userId: number, id: string): Promise<HeadshotPhoto> {
      const row = await repo.findPhoto(userId, id);
      if (!row) throw missingFile();
      return photoOut(row);
    },

    async deletePhoto(userId: number, id: string): Promise<void> {
      const row = await repo.deleteDraftPhoto(userId, id);
      if (!row) throw missingFile();
      if (row.fileId) await removeFiles(userId, [row.fileId]);
    },

    /** Every declined photo off the upload page in one step (bytes too); answers how many. */
    async removeDeclined(userId: number): Promise<number> {
      const rows = await repo.deleteDeclinedDraftPhotos(userId);
      await removeFiles(
        userId,
        rows.flatMap((r) => (r.fileId ? [r.fileId] : [])),
      );
      return rows.length;
    },

    // ---- packs ----

    /** Spends one paid pack on these photos and styles, and queues its generation. */
    async submit(userId: number, body: HeadshotSubmitBody): Promise<HeadshotPack> {
      if (!body.agree) throw badRequest(HeadshotMsg.agreementRequired);
      checkStyles(body.styles);
      const noPack = () => new AppError(Code.notAvailable, HeadshotMsg.noPaidPack, 403);
      const photos = await approvedDraft(userId, body.photo_ids).catch(async (error: unknown) => {
        if (
          error instanceof AppError &&
          error.status === 404 &&
          (await takenByOwnPack(userId, body.photo_ids))
        )
          // A racing submit of the same photos won: when it spent the last pack, what this one
          // lacks is a pack, not a file; otherwise the photos are in that pack now.
          throw ((await repo.availableByPlan(userId))[body.plan] ?? 0) === 0
            ? noPack()
            : conflict(HeadshotMsg.photosInPack);
        throw error;
      });
      if (photos.length < HEADSHOT_LIMITS.minPhotos) throw badRequest(HeadshotMsg.notEnoughPhotos);
      const count = packResults(body.plan);
      // Before the pack is spent: the photos' distinct results (styles add none) must cover the
      // plan's count, or the run would fail with NOT_ENOUGH_COMBINATIONS after payment (decision 165).
      const used = packPhotos(photos, config.photosLimit ?? null);
      const short = shortfallOf(capacityOf(used), used.length, count);
      if (short) throw badRequest(shortfallMessage(short, body.plan));
      const pack = await repo.submitPaid(
        {
          id: newId(),
          userId,
          kind: 'paid',
          plan: body.plan,
          styles: body.styles,
          gender: body.gender,
          photoIds: body.photo_ids,
          count,
        },
        body.photo_ids,
        new Date(now()),
        config.resultsLimit,
      );
      if (pack === 'no-entitlement') throw noPack();
      if (pack === 'photos-changed')
        throw conflict(
          (await takenByOwnPack(userId, body.photo_ids))
            ? HeadshotMsg.photosInPack
            : HeadshotMsg.submitFailed,
        );
      return packOut(await startPack(pack));
    },

    /**
     * A free watermarked pack of an A/B test: the portrait trial picture (once per account) or the
     * pre-generation previews. Photos stay on the upload page.
     */
    async submitFree(
      userId: number,
      kind: 'trial' | 'preview',
      body: { photo_ids: string[]; styles: string[]; agree: boolean },
    ): Promise<HeadshotPack> {
      if (!body.agree) throw badRequest(HeadshotMsg.agreementRequired);
      const ab = await deps.abPlans(userId);
      if (kind === 'trial' ? !ab.trial : !ab.pre_generation)
        throw new AppError(Code.notAvailable, 'This offer is not available on your account.', 403);
      const styles = checkStyles(body.styles);
      await approvedDraft(userId, body.photo_ids);
      if (kind === 'trial' && (await repo.hasKind(userId, 'trial'))) throw conflict(HeadshotMsg.trialUsed);
      // Free work is one at a time per account, so previews cannot queue up the shared workers.
      if (await repo.generatingOfKind(userId, kind))
        throw conflict('Your previews are still being made. Wait for them to finish.');
      const base = kind === 'trial' ? 1 : HEADSHOT_PREVIEW_COUNT;
      const count = ab.multiple_run ? Math.max(base, styles.length * HEADSHOT_MULTIPLE_RUN_PER_STYLE) : base;
      const pack = await repo.insertFreePack({
        id: newId(),
        userId,
        kind,
        plan: 'basic',
        styles: body.styles,
        gender: 'unspecified',
        photoIds: body.photo_ids,
        count: Math.min(count, config.resultsLimit ?? count),
        watermark: 1,
      });
      return packOut(await startPack(pack));
    },

    async listPacks(userId: number): Promise<HeadshotPack[]> {
      return reads.packs(userId, async () => {
        const packs = await repo.listPacks(userId);
        return { view: await Promise.all(packs.map((p) => packOut(p))), packs };
      });
    },

    async packDetail(userId: number, packId: string, origin: string) {
      const detail = await reads.pack(userId, packId, origin, async () => {
        const pack = await repo.findPack(userId, packId);
        if (!pack) return null;
        const rows = await repo.results(pack.id);
        const shares = await repo.sharesOfPack(pack.id);
        const view = {
          pack: await packOut(pack, rows[0]),
          results: await resultsOut(rows),
          shares: shares.map((s) => shareOut(s, origin)),
          url_expire: new Date(now() + 3600_000).toISOString(),
        };
        return { view, packs: [pack] };
      });
      if (!detail) throw noSuchPack();
      return detail;
    },

    /** A failed pack generates again at no new charge. */
    async retry(userId: number, packId: string): Promise<HeadshotPack> {
      const pack = await ownPack(userId, packId);
      if (pack.status !== 'failure')
        throw conflict(`${HeadshotMsg.retryFailed}: ${HeadshotMsg.notRetryable}`);
      // Its entitlement and photos went back to the account: a new submit takes them.
      if (pack.error === HeadshotMsg.packGivenBack) throw conflict(HeadshotMsg.givenBackNoRetry);
      const again = await repo.updatePack(
        pack.id,
        {
          status: 'generating',
          taskStatus: 1,
          stage: null,
          progress: 0,
          delivered: 0,
          error: null,
          errorCode: null,
          retries: pack.retries + 1,
          // A person's retry starts the count of runs lost to dying workers again.
          lapses: 0,
          jobId: null,
          startedAt: null,
          finishedAt: null,
        },
        'failure',
      );
      if (!again) throw conflict(HeadshotMsg.retryFailed);
      return packOut(await startPack(again));
    },

    async deletePack(userId: number, packId: string): Promise<void> {
      const pack = await ownPack(userId, packId);
      const gone = await repo.deletePacks([pack.id]);
      await removeFiles(userId, gone.fileIds);
    },

    /** Deletes every pack, result and photo of the account, bytes too (§4: permanent). */
    async deleteAll(userId: number) {
      const packs = await repo.listPacks(userId);
      const gone = await repo.deletePacks(packs.map((p) => p.id));
      const draft = await repo.deleteDraftPhotos(userId);
      await removeFiles(userId, [...gone.fileIds, ...draft.flatMap((p) => (p.fileId ? [p.fileId] : []))]);
      return { packs: packs.length, results: gone.results, photos: gone.photos + draft.length };
    },

    /** Whether the pack is the user's (feedback and "contact us" are taken on any own pack). */
    async ownsPack(userId: number, packId: string): Promise<boolean> {
      return (await repo.findPack(userId, packId)) !== null;
    },

    // ---- downloads and shares ----

    /** A signed link streaming the chosen results (none = all) of a finished pack. */
    async zipLink(userId: number, packId: string, ids: string[]) {
      const pack = await ownPack(userId, packId);
      if (pack.status !== 'success') throw conflict('The headshots are not ready yet.');
      const known = new Set((await repo.results(pack.id)).map((r) => r.id));
      if (ids.some((id) => !known.has(id))) throw missingFile();
      return service.signZip(pack.id, ids);
    },

    /** A share's link lives while the share does; an owner's while the session it was made for. */
    signZip(packId: string, ids: string[], share?: string) {
      const exp = now() + ZIP_LINK_MS;
      const session = share ? null : currentSessionId();
      const token = deps.zipLinks.sign({
        pack: packId,
        ids,
        exp,
        ...(share ? { share } : {}),
        ...(session ? { session } : {}),
      });
      return {
        url: `/v1/headshots/zip?token=${token}`,
        name: `headshots-${packId}.zip`,
        expire: new Date(exp).toISOString(),
      };
    },

    /** What a zip link streams: its pack's results, in order. */
    async zipContents(token: string): Promise<{ name: string; results: ResultRow[] }> {
      const grant = deps.zipLinks.verify(token, now());
      if (!grant)
        throw new AppError(Code.resourceError, 'This download link has expired. Open the pack again.', 404);
      if (grant.share !== undefined && !(await service.shareLive(grant.share))) throw missingFile();
      if (grant.session !== undefined && !(await deps.files.grantLive(SESSION_GRANT, grant.session)))
        throw missingFile();
      const pack = await repo.packById(grant.pack);
      if (!pack || pack.status !== 'success') throw missingFile();
      const all = await repo.results(pack.id);
      const results = grant.ids.length ? all.filter((r) => grant.ids.includes(r.id)) : all;
      return { name: `headshots-${pack.id}.zip`, results };
    },

    async createShare(userId: number, packId: string, origin: string): Promise<HeadshotShare> {
      const pack = await ownPack(userId, packId);
      if (pack.status !== 'success') throw conflict('Only finished headshots can be shared.');
      const share = await repo.insertShare({ id: newId(), packId: pack.id, userId });
      return shareOut(share, origin);
    },

    async revokeShare(userId: number, shareId: string, origin: string): Promise<HeadshotShare> {
      const share = await repo.revokeShare(userId, shareId, new Date(now()));
      if (!share) throw missingFile();
      return shareOut(share, origin);
    },

    /** Whether a share link is live: every URL it handed out works only while it is. */
    async shareLive(shareId: string): Promise<boolean> {
      const share = await repo.findShare(shareId);
      if (!share || share.revokedAt) return false;
      return (await repo.packById(share.packId))?.status === 'success';
    },

    /** The public view of a share link; a revoked link is gone (410). `viewer`: who is signed in. */
    async publicShare(shareId: string, viewer: number | null = null) {
      const share = await repo.findShare(shareId);
      if (!share) throw missingFile();
      if (share.revokedAt) throw new AppError(Code.resourceError, HeadshotMsg.shareRevoked, 410);
      const pack = await repo.packById(share.packId);
      if (!pack || pack.status !== 'success')
        throw new AppError(Code.resourceError, HeadshotMsg.packExpired, 410);
      const rows = await repo.results(pack.id);
      const results = (await resultsOut(rows, share.id)).map(({ likeness: _likeness, ...r }) => r);
      return {
        id: share.id,
        created_at: share.createdAt.toISOString(),
        count: rows.length,
        results,
        zip_url: service.signZip(pack.id, [], share.id).url,
        url_expire: new Date(now() + 3600_000).toISOString(),
        mine: viewer !== null && viewer === share.userId,
      };
    },
  };
  return service;
}
export type HeadshotsService = ReturnType<typeof createHeadshotsService>;
