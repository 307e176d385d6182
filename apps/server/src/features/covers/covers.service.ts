import { setTimeout as sleep } from 'node:timers/promises';
import {
  Code,
  COVER_LIMITS,
  CoverMsg,
  Msg,
  TERMINAL_TASK_STATUSES,
  TaskStatus,
  type CoverBacking,
  type CoverCreateBody,
  type CoverListData,
  type CoverTask,
  type TaskStatusValue,
} from '@ai-covers/contracts';
import type { VoiceInfo } from '@ai-covers/engine';
import { AppError, badRequest } from '../../platform/http/app-error';
import { currentSessionId, reloginRequired, type Owner } from '../../platform/auth/identity';
import type { ReadStamp } from '../users/read-stamps';
import type { TaskLookup } from '../credits/credits.service';
import type { FilesService, StoredFile } from '../storage/files/files.service';
import type { CoversRepo, CoverTaskView } from './covers.repo';
import type { CoverTaskRow } from './covers.schema';
import { canRetryFailure } from './covers.faults';
import type { RenderEnqueuer } from './render/render.queue';
import {
  coverFileName,
  coverTitle,
  coverVoiceName,
  etaSeconds,
  hasChanged,
  keyOf,
  keyShiftOf,
  newTaskId,
  songTitle,
  toCoverTask,
} from './covers.view';
import { titleOfStems, type SongTitleReader } from './covers.song-title';
import { formatsOf } from './covers.formats';
import { createCoversReadModel, keptUntil, type MadeAnswer } from './covers.read-model';

const noTask = (msg: string = CoverMsg.noTask) => new AppError(Code.noTask, msg, 404);
const fileMissing = () => new AppError(Code.resourceError, Msg.fileMissing, 404);
const tooManyActive = () => new AppError(Code.error, CoverMsg.tooManyActive, 429);

/**
 * A finished cover as the cover art feature sees it: its owner, names and free preview. The full
 * result is not part of it: it is sold, and only `download` hands it out.
 */
export interface FinishedCover {
  taskId: string;
  owner: Owner;
  songName: string;
  /** The cover's title as its page shows it: the song's tags, else the file name without extension. */
  title: string;
  voiceId: string;
  voiceName: string;
  duration: number | null;
  /** The watermarked preview's stored file, while it exists. */
  preview: { storageKey: string; name: string } | null;
}

/** Runs before a task of the owner is deleted, so that what was kept for it goes too. */
export type TaskRemovalHook = (owner: Owner, taskId: string) => Promise<void>;

export interface CoversServiceDeps {
  repo: CoversRepo;
  files: Pick<FilesService, 'ownedFileByKey' | 'readUrl' | 'deleteOwnedFiles'>;
  enqueue: RenderEnqueuer;
  /** The engine's built-in voices (a fixed list: read once). */
  voices: () => VoiceInfo[];
  /**
   * The caller's own trained voices ("My voices"): the name of a ready one of this owner, else
   * null. Absent: built-in voices only.
   */
  ownVoice?: (owner: Owner, voiceId: string) => Promise<string | null>;
  /** The title of a song about to be covered (its tags, else its file name): read once, at create. */
  songTitle?: SongTitleReader;
  /** Long-poll: how long to wait at most and how often to look (defaults 20 s, 500 ms). */
  subscribe?: { maxWaitMs: number; pollMs: number };
  /** What runs before a task is deleted (the feature's own kept files). */
  beforeRemove?: TaskRemovalHook[];
  /**
   * The account's covers read version and its session's liveness: what signed-in answers kept in
   * memory are checked against. Absent: every read is made afresh.
   */
  readStamp?: (userId: number, sessionId: string) => Promise<ReadStamp>;
}

/** Tasks as made for a signed-in session: kept, and served again with running tasks' estimates renewed. */
interface MadeTasks {
  tasks: CoverTask[];
  /** Per task, a running one's clock (its estimate counts down without any write); null otherwise. */
  clocks: (Pick<CoverTaskRow, 'progress' | 'startedAt' | 'updatedAt'> | null)[];
}

/** The tasks with running ones' time estimates as of `now` (the rest is what the version vouches for). */
function servedAt(made: MadeTasks, now: number): CoverTask[] {
  if (made.clocks.every((clock) => clock === null)) return made.tasks;
  return made.tasks.map((task, i) => {
    const clock = made.clocks[i];
    return clock ? { ...task, eta_seconds: etaSeconds(clock, now) } : task;
  });
}

/** The AI Covers tasks: create, read, wait, list, retry, resubmit, delete, download. */
export function createCoversService(deps: CoversServiceDeps) {
  const { repo, files } = deps;
  const wait = deps.subscribe ?? { maxWaitMs: 20_000, pollMs: 500 };
  const voiceNames = new Map(deps.voices().map((v) => [v.id, v.name]));
  const voiceName = (task: Pick<CoverTaskRow, 'voiceId' | 'voiceName'>) =>
    coverVoiceName(task, (id) => voiceNames.get(id));
  /** Told before a task is deleted, so features that keep files for it delete them too. */
  const removalHooks: TaskRemovalHook[] = [...(deps.beforeRemove ?? [])];

  /**
   * Tasks as the API shows them, from their views (the repository reads payment, kept files and
   * mix in the task's own statement). Only a finished cover can have been bought, have download
   * formats and a mix; signing its two URLs is a keyed hash, no further read. `validUntil` is how
   * long the answer may be served again, for the URLs it signed.
   */
  async function views(rows: CoverTaskView[]): Promise<MadeAnswer<MadeTasks>> {
    const madeAt = Date.now();
    const expires: number[] = [];
    /** A signed URL of a task's file, while the file exists (its id turns null when it is deleted). */
    const urlOf = async (fileId: number | null, storageKey: string | null, name: string) => {
      if (fileId === null || !storageKey) return null;
      const signed = await files.readUrl({ storageKey, name });
      expires.push(Date.parse(signed.expire));
      return signed.url;
    };
    const tasks = await Promise.all(
      rows.map(async ({ task, paid, roles, mix }) => {
        const done = task.status === TaskStatus.done;
        // The preview (watermarked) and the song as given: never the full result, which is sold.
        // A running render stores its preview first (render.preview.ts): it plays before the end.
        const previewUrl =
          done || task.status === TaskStatus.running
            ? await urlOf(task.previewFileId, task.previewKey, task.songName)
            : null;
        const sourceUrl = done ? await urlOf(task.sourceFileId, task.sourceKey, task.songName) : null;
        return toCoverTask(task, {
          previewUrl,
          sourceUrl,
          paid,
          formats: done ? formatsOf(task, roles) : [],
          mix,
          remixable: done && roles.has('vocals') && roles.has('instrumental'),
          now: madeAt,
        });
      }),
    );
    const clocks = rows.map(({ task }) => (task.status === TaskStatus.running ? task : null));
    return { answer: { tasks, clocks }, validUntil: keptUntil(madeAt, expires) };
  }

  /**
   * The signed-in reads kept per session (their URLs are the session's), checked against the
   * account's covers read version; a visitor's, or any without a version, are made every time.
   */
  const readModel = deps.readStamp ? createCoversReadModel({ stamp: deps.readStamp }) : null;
  async function kept<T>(
    owner: Owner,
    what: string,
    make: () => Promise<MadeAnswer<T> | null>,
  ): Promise<T | null> {
    const sessionId = owner.userId ? currentSessionId() : null;
    if (!readModel || !owner.userId || !sessionId) return (await make())?.answer ?? null;
    const answer = await readModel.read(owner.userId, sessionId, what, make);
    // Signed out in another process since this process last checked the session: as a dead token.
    if (answer === 'signed-out') throw reloginRequired();
    return answer;
  }

  async function result(owner: Owner, taskId: string): Promise<CoverTask> {
    const made = await kept(owner, `task\u0000${taskId}`, async () => {
      const found = await repo.viewOwned(owner, taskId);
      return found ? views([found]) : null;
    });
    if (!made) throw noTask();
    return servedAt(made, Date.now())[0]!;
  }

  /** Checks the song and the voice, then inserts a waiting task and sends its job. */
  async function create(
    owner: Owner,
    body: Pick<CoverCreateBody, 'voice_id' | 'key' | 'backing'> & { file_key: string },
    /** Runs after the task row exists and before its job is sent (own stems record their vocal). */
    prepare?: (taskId: string) => Promise<void>,
    /** Own stems: the files the title is read from (the vocal, then the instrumental). */
    stems?: Pick<StoredFile, 'storageKey' | 'name' | 'ext'>[],
  ) {
    const file = await files.ownedFileByKey(owner, body.file_key);
    // A video's sound track makes a cover as well as an audio file does (ffmpeg reads both).
    if (file.fileType !== 'audio' && file.fileType !== 'video') throw badRequest(CoverMsg.notAudio);
    if (file.duration !== null && file.duration > COVER_LIMITS.maxSongSeconds)
      throw badRequest(CoverMsg.tooLong);
    const voice = voiceNames.get(body.voice_id) ?? (await deps.ownVoice?.(owner, body.voice_id));
    if (!voice) throw badRequest(CoverMsg.unknownVoice);
    const readTitle = (f: Pick<StoredFile, 'storageKey' | 'name' | 'ext'>) =>
      deps.songTitle ? deps.songTitle(f) : Promise.resolve(songTitle(f.name));
    // A cover of own stems is named after the song, not after the stem ('inst').
    const title = stems ? titleOfStems(await Promise.all(stems.map(readTitle))) : await readTitle(file);
    const row = await repo.insertWithinLimit(
      owner,
      {
        id: newTaskId(),
        userId: owner.userId,
        visitorId: owner.userId ? null : owner.visitorId,
        sourceFileId: file.id,
        sourceKey: file.storageKey,
        songName: file.name,
        title,
        voiceId: body.voice_id,
        voiceName: voice,
        keyShift: keyShiftOf(body.key),
        backing: body.backing,
        duration: file.duration,
      },
      COVER_LIMITS.maxActivePerOwner,
      // Visitors get a daily allowance: rendering costs real CPU and they pay nothing.
      owner.userId
        ? undefined
        : { max: COVER_LIMITS.visitorDailyCovers, since: new Date(Date.now() - 24 * 3600 * 1000) },
    );
    if (!row) throw tooManyActive();
    if (row === 'daily-limit') throw new AppError(Code.error, CoverMsg.visitorDailyLimit, 429);
    if (prepare) {
      try {
        await prepare(row.id);
      } catch (error) {
        // No task is left half-made: without what `prepare` adds it would render the wrong way.
        await repo.deleteOrClose(owner, row.id);
        throw error;
      }
    }
    await deps.enqueue(row.id);
    return { task_id: row.id, task: await result(owner, row.id) };
  }

  return {
    create,
    result,

    /** Answers when status or progress differ from what the client saw, or after at most 20 s. */
    async subscribe(
      owner: Owner,
      taskId: string,
      seen: { status?: number | undefined; progress?: number | undefined },
      signal: AbortSignal,
    ): Promise<CoverTask> {
      const deadline = Date.now() + wait.maxWaitMs;
      for (;;) {
        const state = await repo.stateOf(owner, taskId);
        if (!state) throw noTask();
        const settled = TERMINAL_TASK_STATUSES.includes(state.status as TaskStatusValue);
        if (settled || hasChanged(state, seen) || signal.aborted || Date.now() >= deadline) break;
        const pause = Math.min(wait.pollMs, deadline - Date.now());
        await sleep(pause, undefined, { signal }).catch(() => undefined);
      }
      return result(owner, taskId);
    },

    async list(
      owner: Owner,
      query: { task_ids?: string[] | undefined; page: number; page_size: number },
    ): Promise<CoverListData> {
      const ids = query.task_ids ? [...new Set(query.task_ids)].sort() : undefined;
      const what = `list\u0000${query.page}\u0000${query.page_size}\u0000${JSON.stringify(ids ?? null)}`;
      const made = await kept(owner, what, async () => {
        const { views: found, total } = await repo.listOwnedViews(owner, {
          ids,
          limit: query.page_size,
          offset: (query.page - 1) * query.page_size,
        });
        const page = await views(found);
        return { ...page, answer: { ...page.answer, total } };
      });
      const { total } = made!;
      return { rows: servedAt(made!, Date.now()), total, page: query.page, page_size: query.page_size };
    },

    /** A failed or timed-out task runs again from its song (§8: unknown → 'Request failed…'). */
    async retry(owner: Owner, taskId: string): Promise<CoverTask> {
      const found = await repo.findOwned(owner, taskId);
      if (!found) throw noTask(Msg.retryTaskFailed);
      const retryable: number[] = [TaskStatus.failed, TaskStatus.timeout];
      if (!retryable.includes(found.status)) throw new AppError(Code.error, CoverMsg.retryNotFailed, 409);
      if (!canRetryFailure(found.error)) throw new AppError(Code.error, CoverMsg.retrySongFault, 409);
      if (found.sourceFileId === null) throw fileMissing();
      const outcome = await repo.requeueWithinLimit(owner, taskId, COVER_LIMITS.maxActivePerOwner);
      if (!outcome) throw tooManyActive();
      // Another retry of the same task won the race: this one changes nothing.
      if (!outcome.requeued) throw new AppError(Code.error, CoverMsg.retryNotFailed, 409);
      await deps.enqueue(taskId);
      return result(owner, taskId);
    },

    /** A new task from the same song with other settings. */
    async resubmit(
      owner: Owner,
      body: {
        task_id: string;
        voice_id?: string | undefined;
        key?: 'auto' | number | undefined;
        backing?: CoverBacking | undefined;
      },
    ) {
      const task = await repo.findOwned(owner, body.task_id);
      if (!task) throw noTask();
      if (task.sourceFileId === null) throw fileMissing();
      return create(owner, {
        file_key: task.sourceKey,
        voice_id: body.voice_id ?? task.voiceId,
        key: body.key ?? keyOf(task),
        backing: body.backing ?? (task.backing as CoverBacking),
      });
    },

    /** Deletes the task and its result files; a running task is closed and its job drops the result. */
    async remove(owner: Owner, taskId: string) {
      if (await repo.findOwned(owner, taskId)) for (const hook of removalHooks) await hook(owner, taskId);
      const outcome = await repo.deleteOrClose(owner, taskId);
      if (!outcome) throw noTask();
      if (outcome.fileIds.length > 0) await files.deleteOwnedFiles(owner, outcome.fileIds);
      return { task_id: taskId, outcome: outcome.outcome };
    },

    /**
     * A finished cover of `owner` (any owner when omitted: the worker's view), or null when there is
     * none, it is someone else's or it is not done.
     */
    async finishedCover(taskId: string, owner?: Owner): Promise<FinishedCover | null> {
      const task = owner ? await repo.findOwned(owner, taskId) : await repo.findById(taskId);
      if (!task || task.status !== TaskStatus.done) return null;
      return {
        taskId: task.id,
        owner: { userId: task.userId, visitorId: task.userId ? null : task.visitorId },
        songName: task.songName,
        title: task.title ?? songTitle(task.songName),
        voiceId: task.voiceId,
        voiceName: voiceName(task),
        duration: task.duration,
        preview:
          task.previewFileId !== null && task.previewKey
            ? {
                storageKey: task.previewKey,
                name: coverFileName(coverTitle(task), voiceName(task), ' preview'),
              }
            : null,
      };
    },

    /** For the wallet: whose covers task this is, and whether it has a finished result to pay for. */
    taskLookup: (async (taskId: string) => {
      const task = await repo.ownerOf(taskId);
      return task ? { userId: task.userId, ready: task.status === TaskStatus.done } : undefined;
    }) satisfies TaskLookup,

    /**
     * Registers what runs before a task of the owner is deleted: cover art deletes its files. Not
     * passed at construction: cover art is built after covers, whose finished covers it reads.
     */
    registerRemovalHook(hook: TaskRemovalHook) {
      removalHooks.push(hook);
    },

    /** Sign-in hook: a visitor's covers become the account's. */
    claimVisitorTasks: (visitorId: string, userId: number) => repo.claimVisitorTasks(visitorId, userId),
  };
}
export type CoversService = ReturnType<typeof createCoversService>;
