import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  Code,
  MY_VOICE_CONSENT,
  MY_VOICE_LIMITS,
  MyVoiceMsg,
  TaskStatus,
  isMyVoiceId,
  type MyVoice,
  type MyVoiceCreateBody,
} from '@ai-covers/contracts';
import { EngineError, parseProfile, type VoiceProfile } from '@ai-covers/engine';
import type { Owner } from '../../platform/auth/identity';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { FilesService } from '../storage/files/files.service';
import type { ReadStamp } from '../users/read-stamps';
import { createSessionReads, keptUntil, type MadeAnswer } from '../users/session-reads';
import type { UserVoicesRepo } from './voices.user.repo';
import type { UserVoiceRow } from './voices.schema';

/** Sends a waiting voice its training job; false when the queue refused (the sweep sends it later). */
export type TrainingEnqueuer = (voiceId: string) => Promise<boolean>;

const noVoice = () => notFound(MyVoiceMsg.noVoice);
const newVoiceId = () => `my-${randomBytes(6).toString('hex')}`;
const ownerOf = (userId: number): Owner => ({ userId, visitorId: null });
/** Longest a kept answer is served again: its recordings' URLs are as old as it is. */
export const VOICES_MAX_AGE_MS = 30_000;

/**
 * "My voices": an account's voices trained from its own recordings. Only the owner sees, uses or
 * deletes one; any other caller is told it does not exist, whether it does or not.
 */
export function createUserVoicesService(deps: {
  repo: UserVoicesRepo;
  files: Pick<FilesService, 'ownedFileByKey' | 'readUrl' | 'deleteOwnedFiles' | 'localFile'>;
  enqueue: TrainingEnqueuer;
  /**
   * The account's voices read version and its session's liveness: what the signed-in list and a
   * voice's status, kept in memory per session, are checked against. Absent: made every time.
   */
  readStamp?: (userId: number, sessionId: string) => Promise<ReadStamp>;
  now?: () => Date;
}) {
  const { repo, files } = deps;
  const now = deps.now ?? (() => new Date());
  // Kept per session: the recordings' URLs are signed for it (decision 104). Every write of the
  // account's voices raises the version (migration 0024): progress, end, failure, retry, delete.
  const kept = createSessionReads(deps.readStamp);

  /** `expires` collects the instants the URLs signed for this view expire. */
  async function view(row: UserVoiceRow, expires: number[] = []): Promise<MyVoice> {
    let sampleUrl: string | null = null;
    if (row.sampleFileId !== null) {
      const signed = await files.readUrl({
        storageKey: row.sampleKey,
        name: `${row.name}${path.extname(row.sampleKey)}`,
      });
      expires.push(Date.parse(signed.expire));
      sampleUrl = signed.url;
    }
    return {
      voice_id: row.id,
      name: row.name,
      status: row.status as MyVoice['status'],
      progress: row.progress,
      error: row.error,
      retryable: row.retryable,
      consent_version: row.consentVersion,
      consent_at: row.consentAt.toISOString(),
      created_at: row.createdAt.toISOString(),
      sample_seconds: row.sampleSeconds,
      sample_url: sampleUrl,
      range: row.status === TaskStatus.done ? row.range : null,
    };
  }

  /** The views of these rows, servable again until their URLs' bound. */
  async function made(rows: UserVoiceRow[]): Promise<MadeAnswer<MyVoice[]>> {
    const madeAt = Date.now();
    const expires: number[] = [];
    const voices = await Promise.all(rows.map((row) => view(row, expires)));
    return { answer: voices, validUntil: keptUntil(madeAt, expires, VOICES_MAX_AGE_MS) };
  }

  async function owned(userId: number, voiceId: string): Promise<UserVoiceRow> {
    const row = await repo.findOwned(userId, voiceId);
    if (!row) throw noVoice();
    return row;
  }

  return {
    async list(userId: number): Promise<MyVoice[]> {
      return (await kept(userId, 'list', async () => made(await repo.listOwned(userId)))) ?? [];
    },

    async get(userId: number, voiceId: string): Promise<MyVoice> {
      const voice = await kept(userId, `voice\u0000${voiceId}`, async () => {
        const row = await repo.findOwned(userId, voiceId);
        return row ? made([row]) : null;
      });
      if (!voice?.[0]) throw noVoice();
      return voice[0];
    },

    /**
     * Checks the recording (the caller's own audio, 30 s to 10 min as measured at upload) and
     * records the consent with the voice, then sends its training job. Nothing is charged.
     */
    async create(userId: number, body: MyVoiceCreateBody): Promise<MyVoice> {
      // The schema already demands it; a caller that skips the schema is refused here too.
      if (body.consent !== true) throw badRequest(MyVoiceMsg.consentRequired);
      const file = await files.ownedFileByKey(ownerOf(userId), body.sample_key);
      if (file.fileType !== 'audio' && file.fileType !== 'video') throw badRequest(MyVoiceMsg.notAudio);
      if (file.duration !== null && file.duration < MY_VOICE_LIMITS.minSeconds)
        throw badRequest(MyVoiceMsg.tooShort);
      if (file.duration !== null && file.duration > MY_VOICE_LIMITS.maxSeconds)
        throw badRequest(MyVoiceMsg.tooLong);
      const at = now();
      const row = await repo.insertWithinLimits(
        {
          id: newVoiceId(),
          userId,
          name: body.name,
          consentVersion: MY_VOICE_CONSENT.version,
          consentAt: at,
          sampleFileId: file.id,
          sampleKey: file.storageKey,
          sampleSeconds: file.duration,
          createdAt: at,
          updatedAt: at,
        },
        MY_VOICE_LIMITS.maxVoices,
      );
      if (row === 'busy') throw new AppError(Code.error, MyVoiceMsg.busy, 429);
      if (row === 'too-many') throw badRequest(MyVoiceMsg.tooMany);
      await deps.enqueue(row.id);
      return view(row);
    },

    /** A failed or timed-out training runs again from the same recording. */
    async retry(userId: number, voiceId: string): Promise<MyVoice> {
      const row = await owned(userId, voiceId);
      if (row.status !== TaskStatus.failed && row.status !== TaskStatus.timeout)
        throw badRequest(MyVoiceMsg.retryNotFailed);
      if (row.sampleFileId === null) throw new AppError(Code.resourceError, MyVoiceMsg.unreadable, 404);
      const requeued = await repo.requeue(userId, voiceId);
      if (requeued === 'busy') throw new AppError(Code.error, MyVoiceMsg.busy, 429);
      if (!requeued) throw badRequest(MyVoiceMsg.retryNotFailed);
      await deps.enqueue(requeued.id);
      return view(requeued);
    },

    /**
     * Deletes the voice, its recording and its profile. A training run in progress notices at its
     * next progress write and throws its work away; covers already made keep their files.
     */
    async remove(userId: number, voiceId: string): Promise<void> {
      const row = await repo.deleteOwned(userId, voiceId);
      if (!row) throw noVoice();
      const ids = [row.sampleFileId, row.profileFileId].filter((id): id is number => id !== null);
      if (ids.length > 0) await files.deleteOwnedFiles(ownerOf(userId), ids);
    },

    // ---- what the covers feature asks ----------------------------------------------------

    /** The name of a ready voice of this owner, or null (another's, unknown, deleted, not ready). */
    async usableName(owner: Owner, voiceId: string): Promise<string | null> {
      if (!owner.userId || !isMyVoiceId(voiceId)) return null;
      const row = await repo.findOwned(owner.userId, voiceId);
      return row && row.status === TaskStatus.done && row.profileKey ? row.name : null;
    },

    /** Names of these voices, for covers made with them. */
    namesOf: (ids: string[]) => repo.namesOf(ids.filter(isMyVoiceId)),

    /** The trained profile of a voice for a render, read into `dir`; a deleted voice is refused. */
    async profileFor(voiceId: string, dir: string): Promise<VoiceProfile> {
      const row = await repo.findById(voiceId);
      if (!row || row.status !== TaskStatus.done || !row.profileKey || row.profileFileId === null)
        throw new EngineError('UNKNOWN_VOICE', `Voice ${voiceId} was deleted or is not ready.`);
      const file = await files.localFile({ storageKey: row.profileKey, ext: 'json' }, dir);
      const profile = parseProfile(JSON.parse(await fs.promises.readFile(path.resolve(file), 'utf8')));
      return { ...profile, id: row.id, name: row.name };
    },
  };
}
export type UserVoicesService = ReturnType<typeof createUserVoicesService>;
