import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { TaskStatus, type CoverMix } from '@ai-covers/contracts';
import type { Owner } from '../../platform/auth/identity';
import type { Db } from '../../platform/db/client';
import type { ChargedCondition } from '../credits/credits.service';
import { coverTasks, type CoverTaskRow, type NewCoverTaskRow } from './covers.schema';

/** A transaction handle. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const ACTIVE = [TaskStatus.waiting, TaskStatus.running];

/** "Owned by this owner" for tasks; never matches when the owner is empty (as for files). */
export function taskOwnedBy(owner: Owner): SQL {
  if (owner.userId) return eq(coverTasks.userId, owner.userId);
  if (owner.visitorId) return and(eq(coverTasks.visitorId, owner.visitorId), isNull(coverTasks.userId))!;
  return sql`false`;
}

/** The advisory-lock key serialising one owner's task creations (the active-task limit). */
const ownerLockKey = (owner: Owner) =>
  owner.userId ? `covers:u:${owner.userId}` : `covers:v:${owner.visitorId}`;

/** The condition every write of a run carries: the task is still running, and still this job's. */
const runGuard = (id: string, jobId: string) =>
  and(eq(coverTasks.id, id), eq(coverTasks.status, TaskStatus.running), eq(coverTasks.jobId, jobId));

/** A lease end on the database's clock, so workers on machines with skewed clocks agree. */
const leaseEnd = (ttlMs: number) => sql`now() + make_interval(secs => ${ttlMs / 1000})`;
const noLease = { leaseOwner: null, leaseUntil: null };

/** A task with what its view shows besides the row: whether it was paid, its kept files' roles, its mix. */
export interface CoverTaskView {
  task: CoverTaskRow;
  paid: boolean;
  /** Roles of the kept files that still exist (a finished task's only). */
  roles: Set<string>;
  /** The mix a remix set (a finished task's only); null: the render's own. */
  mix: CoverMix | null;
}

/** Repositories made in this process (their prepared statements' names differ). */
let repositories = 0;

const DONE = sql.raw(String(TaskStatus.done));

/**
 * The columns of a task's view: the row, then per finished task whether its owner paid the full
 * download (the wallet's condition) and its extras (`cover_task_extras`, migration 0022: the roles
 * of its kept files, its mix). Both are PL/pgSQL functions behind `case`: a running task's view
 * plans no more than its row does, and a finished one's inner statements are planned once per
 * connection instead of with every call.
 */
function viewColumns(paid: ChargedCondition | undefined) {
  return {
    task: coverTasks,
    paid: sql<boolean>`(case when ${coverTasks.status} = ${DONE} and ${coverTasks.userId} is not null then ${
      paid ? paid(coverTasks.userId, coverTasks.id) : sql`false`
    } else false end)`,
    extras: sql<
      string | null
    >`(case when ${coverTasks.status} = ${DONE} then cover_task_extras(${coverTasks.id}) end)`,
  };
}

/** 'roles;vocal;instrumental;reverb' (see `cover_task_extras`) as the view's roles and mix. */
function parseExtras(extras: string | null): { roles: Set<string>; mix: CoverMix | null } {
  if (!extras) return { roles: new Set(), mix: null };
  const [roles = '', vocal = '', instrumental = '', reverb = ''] = extras.split(';');
  return {
    roles: new Set(roles ? roles.split(',') : []),
    mix:
      vocal && instrumental && reverb
        ? { vocal: Number(vocal), instrumental: Number(instrumental), reverb: Number(reverb) }
        : null,
  };
}

function toView(row: { task: CoverTaskRow; paid: boolean | string; extras: string | null }): CoverTaskView {
  const done = row.task.status === TaskStatus.done;
  return {
    task: row.task,
    // Drivers differ in how a boolean expression arrives.
    paid: row.paid === true || row.paid === 't' || row.paid === 'true',
    ...parseExtras(done ? row.extras : null),
  };
}

/**
 * All SQL of the covers feature (its tasks; files and charges are asked of their features). `paid`
 * is the wallet's condition "this user paid this task's download", for the views' one statement.
 */
export function createCoversRepo(db: Db, options: { paid?: ChargedCondition } = {}) {
  const columns = viewColumns(options.paid);
  const viewed = () => db.select(columns).from(coverTasks);
  /** Runs `fn` holding the owner's lock, after counting their waiting + running tasks. */
  function withinActiveLimit<T>(owner: Owner, max: number, fn: (tx: Tx) => Promise<T>): Promise<T | null> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${ownerLockKey(owner)}, 0))`);
      const [row] = await tx
        .select({ n: count() })
        .from(coverTasks)
        .where(and(taskOwnedBy(owner), inArray(coverTasks.status, ACTIVE)));
      if ((row?.n ?? 0) >= max) return null;
      return fn(tx);
    });
  }

  // The same conditions as taskOwnedBy, with placeholders.
  const findOwnedByUser = db
    .select()
    .from(coverTasks)
    .where(and(eq(coverTasks.id, sql.placeholder('id')), eq(coverTasks.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('covers_find_owned_by_user');
  const findOwnedByVisitor = db
    .select()
    .from(coverTasks)
    .where(
      and(
        eq(coverTasks.id, sql.placeholder('id')),
        eq(coverTasks.visitorId, sql.placeholder('visitorId')),
        isNull(coverTasks.userId),
      ),
    )
    .limit(1)
    .prepare('covers_find_owned_by_visitor');
  // A task page polls its view: the row, payment, formats and mix in one prepared statement. A
  // name stands for one statement text per connection, and the text depends on the paid condition
  // this repository was given: each repository names its own.
  const instance = ++repositories;
  const viewName = (owner: string) => `covers_view_owned_by_${owner}_${instance}`;
  const viewOwnedByUser = viewed()
    .where(and(eq(coverTasks.id, sql.placeholder('id')), eq(coverTasks.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare(viewName('user'));
  const viewOwnedByVisitor = viewed()
    .where(
      and(
        eq(coverTasks.id, sql.placeholder('id')),
        eq(coverTasks.visitorId, sql.placeholder('visitorId')),
        isNull(coverTasks.userId),
      ),
    )
    .limit(1)
    .prepare(viewName('visitor'));

  return {
    /**
     * Inserts a waiting task unless the owner already has `max` active ones (then null), or, with
     * `daily`, already created `daily.max` tasks since `daily.since` (then 'daily-limit').
     */
    insertWithinLimit(
      owner: Owner,
      row: NewCoverTaskRow,
      max: number,
      daily?: { max: number; since: Date },
    ): Promise<CoverTaskRow | 'daily-limit' | null> {
      return withinActiveLimit(owner, max, async (tx) => {
        if (daily) {
          const [made] = await tx
            .select({ n: count() })
            .from(coverTasks)
            .where(and(taskOwnedBy(owner), gte(coverTasks.createdAt, daily.since)));
          if ((made?.n ?? 0) >= daily.max) return 'daily-limit' as const;
        }
        const [inserted] = await tx.insert(coverTasks).values(row).returning();
        return inserted!;
      });
    },

    /** A failed or timed-out task back to waiting (no job yet), within the active limit. */
    requeueWithinLimit(
      owner: Owner,
      id: string,
      max: number,
    ): Promise<{ requeued: CoverTaskRow | null } | null> {
      return withinActiveLimit(owner, max, async (tx) => {
        const [row] = await tx
          .update(coverTasks)
          .set({
            status: TaskStatus.waiting,
            progress: 0,
            stage: null,
            error: null,
            jobId: null,
            keyApplied: null,
            startedAt: null,
            finishedAt: null,
            updatedAt: new Date(),
            // A person's retry earns the automatic retry after a crash again.
            lapses: 0,
          })
          .where(
            and(
              eq(coverTasks.id, id),
              taskOwnedBy(owner),
              inArray(coverTasks.status, [TaskStatus.failed, TaskStatus.timeout]),
            ),
          )
          .returning();
        return { requeued: row ?? null };
      });
    },

    /** A status page polls this many times a minute: prepared once, no query built per call. */
    async findOwned(owner: Owner, id: string): Promise<CoverTaskRow | null> {
      const [row] = owner.userId
        ? await findOwnedByUser.execute({ id, userId: owner.userId })
        : owner.visitorId
          ? await findOwnedByVisitor.execute({ id, visitorId: owner.visitorId })
          : [];
      return row ?? null;
    },

    /** `findOwned` with what the task's view shows (paid, kept files, mix), in one statement. */
    async viewOwned(owner: Owner, id: string): Promise<CoverTaskView | null> {
      const [row] = owner.userId
        ? await viewOwnedByUser.execute({ id, userId: owner.userId })
        : owner.visitorId
          ? await viewOwnedByVisitor.execute({ id, visitorId: owner.visitorId })
          : [];
      return row ? toView(row) : null;
    },

    /**
     * `listOwned` as views, with the total counted by the same statement (a window over the
     * matches); only a page past the end asks for the count on its own.
     */
    async listOwnedViews(
      owner: Owner,
      query: { ids?: string[] | undefined; limit: number; offset: number },
    ): Promise<{ views: CoverTaskView[]; total: number }> {
      const where = query.ids
        ? and(taskOwnedBy(owner), inArray(coverTasks.id, query.ids))
        : taskOwnedBy(owner);
      const rows = await db
        .select({ ...columns, total: sql<number>`(count(*) over ())::int`.mapWith(Number) })
        .from(coverTasks)
        .where(where)
        .orderBy(desc(coverTasks.createdAt), desc(coverTasks.id))
        .limit(query.limit)
        .offset(query.offset);
      let total = rows[0]?.total;
      if (total === undefined) {
        const [counted] = await db.select({ n: count() }).from(coverTasks).where(where);
        total = counted?.n ?? 0;
      }
      return { views: rows.map(toView), total };
    },

    /** Status and progress only: what a long-poll compares on every tick. */
    async stateOf(owner: Owner, id: string): Promise<{ status: number; progress: number } | null> {
      const [row] = await db
        .select({ status: coverTasks.status, progress: coverTasks.progress })
        .from(coverTasks)
        .where(and(eq(coverTasks.id, id), taskOwnedBy(owner)))
        .limit(1);
      return row ?? null;
    },

    /** The owner's tasks among ids (newest first), or one page of all of them. */
    async listOwned(
      owner: Owner,
      query: { ids?: string[] | undefined; limit: number; offset: number },
    ): Promise<{ rows: CoverTaskRow[]; total: number }> {
      const where = query.ids
        ? and(taskOwnedBy(owner), inArray(coverTasks.id, query.ids))
        : taskOwnedBy(owner);
      const [totalRow] = await db.select({ n: count() }).from(coverTasks).where(where);
      const rows = await db
        .select()
        .from(coverTasks)
        .where(where)
        .orderBy(desc(coverTasks.createdAt), desc(coverTasks.id))
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total: totalRow?.n ?? 0 };
    },

    async ownerOf(id: string): Promise<(Owner & { status: number }) | undefined> {
      const [row] = await db
        .select({ userId: coverTasks.userId, visitorId: coverTasks.visitorId, status: coverTasks.status })
        .from(coverTasks)
        .where(eq(coverTasks.id, id))
        .limit(1);
      return row;
    },

    /**
     * Records the job sent for a waiting task (replacing a lost one). A job that already claimed
     * the task has moved it to running, so this never overwrites a live run's job.
     */
    async recordJob(id: string, jobId: string): Promise<void> {
      await db
        .update(coverTasks)
        .set({ jobId, updatedAt: new Date() })
        .where(and(eq(coverTasks.id, id), eq(coverTasks.status, TaskStatus.waiting)));
    },

    /**
     * Deletes the owner's task, except a running one, which is closed (its job discards the result).
     * Returns what happened and the result files to remove; null when there is no such task.
     */
    async deleteOrClose(
      owner: Owner,
      id: string,
    ): Promise<{ outcome: 'deleted' | 'closed'; fileIds: number[] } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(coverTasks)
          .where(and(eq(coverTasks.id, id), taskOwnedBy(owner)))
          .for('update');
        if (!row) return null;
        if (row.status === TaskStatus.running) {
          await tx
            .update(coverTasks)
            .set({ status: TaskStatus.closed, finishedAt: new Date(), updatedAt: new Date() })
            .where(eq(coverTasks.id, id));
          // A preview stored while it ran goes now; the run drops whatever it makes after this.
          const fileIds = row.previewFileId === null ? [] : [row.previewFileId];
          return { outcome: 'closed' as const, fileIds };
        }
        await tx.delete(coverTasks).where(eq(coverTasks.id, id));
        const fileIds = [row.resultFileId, row.previewFileId].filter((f): f is number => f !== null);
        return { outcome: 'deleted' as const, fileIds };
      });
    },

    /** Sign-in: a visitor's tasks become the account's. */
    async claimVisitorTasks(visitorId: string, userId: number): Promise<number> {
      const moved = await db
        .update(coverTasks)
        .set({ userId, updatedAt: new Date() })
        .where(and(eq(coverTasks.visitorId, visitorId), isNull(coverTasks.userId)))
        .returning({ id: coverTasks.id });
      return moved.length;
    },

    // ---- the worker's side ------------------------------------------------------------------

    /**
     * Starts a run: a waiting task, or a running one this same job held before it crashed (a
     * queue retry). Any other job finds nothing and skips.
     */
    async claim(
      id: string,
      jobId: string,
      now: Date,
      lease: { owner: string; ttlMs: number },
    ): Promise<CoverTaskRow | null> {
      const [row] = await db
        .update(coverTasks)
        .set({
          status: TaskStatus.running,
          jobId,
          progress: 0,
          stage: null,
          startedAt: now,
          updatedAt: now,
          leaseOwner: lease.owner,
          leaseUntil: leaseEnd(lease.ttlMs),
        })
        .where(
          and(
            eq(coverTasks.id, id),
            or(
              eq(coverTasks.status, TaskStatus.waiting),
              and(eq(coverTasks.status, TaskStatus.running), eq(coverTasks.jobId, jobId)),
            ),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Extends the run's lease; false when the run is no longer this job's (it must stop). */
    async renewLease(id: string, jobId: string, ttlMs: number): Promise<boolean> {
      const rows = await db
        .update(coverTasks)
        .set({ leaseUntil: leaseEnd(ttlMs) })
        .where(runGuard(id, jobId))
        .returning({ id: coverTasks.id });
      return rows.length > 0;
    },

    /**
     * Runs whose worker died: their lease lapsed (or, with `owners`, they belong to one of these
     * dead workers). Each goes back to waiting without a job (the caller sends one), saying why;
     * a task that already lost `maxLapses` runs this way fails instead, and can be retried.
     * Concurrent callers are safe: a row changes once, the other sees it no longer running.
     */
    async reclaimDead(options: {
      owners?: string[];
      maxLapses: number;
      messages: { retrying: string; failed: string };
    }): Promise<{ requeued: string[]; failed: string[] }> {
      const dead = options.owners
        ? options.owners.length > 0
          ? inArray(coverTasks.leaseOwner, options.owners)
          : sql`false`
        : or(isNull(coverTasks.leaseUntil), lt(coverTasks.leaseUntil, sql`now()`));
      const giveUp = sql`${coverTasks.lapses} + 1 >= ${sql.raw(String(Math.trunc(options.maxLapses)))}`;
      const rows = await db
        .update(coverTasks)
        .set({
          status: sql`(case when ${giveUp} then ${TaskStatus.failed} else ${TaskStatus.waiting} end)::smallint`,
          error: sql`case when ${giveUp} then ${options.messages.failed} else ${options.messages.retrying} end`,
          finishedAt: sql`case when ${giveUp} then now() else null end`,
          jobId: sql`case when ${giveUp} then ${coverTasks.jobId} else null end`,
          progress: sql`case when ${giveUp} then ${coverTasks.progress} else 0 end`,
          stage: null,
          startedAt: sql`case when ${giveUp} then ${coverTasks.startedAt} else null end`,
          lapses: sql`${coverTasks.lapses} + 1`,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: new Date(),
        })
        .where(and(eq(coverTasks.status, TaskStatus.running), dead))
        .returning({ id: coverTasks.id, status: coverTasks.status });
      return {
        requeued: rows.filter((r) => r.status === TaskStatus.waiting).map((r) => r.id),
        failed: rows.filter((r) => r.status === TaskStatus.failed).map((r) => r.id),
      };
    },

    /** The lease owners of running tasks (the start-up check looks for its own dead predecessors). */
    async runningLeaseOwners(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ owner: coverTasks.leaseOwner })
        .from(coverTasks)
        .where(eq(coverTasks.status, TaskStatus.running));
      return rows.map((r) => r.owner).filter((o): o is string => o !== null);
    },

    async findById(id: string): Promise<CoverTaskRow | null> {
      const [row] = await db.select().from(coverTasks).where(eq(coverTasks.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * Raises progress (never lowers it) and records the engine's step; false when the run is no
     * longer this job's. `updatedAt` is when this progress was measured (the time estimate's clock).
     */
    async reportProgress(id: string, jobId: string, progress: number, stage?: string): Promise<boolean> {
      const rows = await db
        .update(coverTasks)
        .set({
          progress: sql`greatest(${coverTasks.progress}, ${progress})`,
          ...(stage ? { stage } : {}),
          updatedAt: new Date(),
        })
        .where(runGuard(id, jobId))
        .returning({ id: coverTasks.id });
      return rows.length > 0;
    },

    /**
     * Records the preview a run stored before the rest of the song was rendered; null when the run
     * is no longer this job's. `previous` is a preview left on the task by an earlier run (one that
     * died after storing it): the caller deletes that file.
     */
    async keepPreview(
      id: string,
      jobId: string,
      preview: { previewFileId: number; previewKey: string },
    ): Promise<{ previous: number | null } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ previous: coverTasks.previewFileId })
          .from(coverTasks)
          .where(runGuard(id, jobId))
          .for('update');
        if (!row) return null;
        await tx.update(coverTasks).set(preview).where(eq(coverTasks.id, id));
        return { previous: row.previous };
      });
    },

    async finish(
      id: string,
      jobId: string,
      done: {
        keyApplied: number;
        duration: number;
        resultFileId: number;
        resultKey: string;
        previewFileId: number;
        previewKey: string;
      },
    ): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(coverTasks)
        .set({
          ...done,
          status: TaskStatus.done,
          progress: 1,
          stage: null,
          error: null,
          finishedAt: now,
          updatedAt: now,
          ...noLease,
        })
        .where(runGuard(id, jobId))
        .returning({ id: coverTasks.id });
      return rows.length > 0;
    },

    /** A run stopped by a shutdown: the task waits again with no job, so the next sweep sends it. */
    async release(id: string, jobId: string): Promise<boolean> {
      const rows = await db
        .update(coverTasks)
        .set({
          status: TaskStatus.waiting,
          progress: 0,
          stage: null,
          jobId: null,
          startedAt: null,
          updatedAt: new Date(),
          ...noLease,
        })
        .where(runGuard(id, jobId))
        .returning({ id: coverTasks.id });
      return rows.length > 0;
    },

    async fail(id: string, jobId: string, status: 4 | 6, error: string): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(coverTasks)
        .set({ status, error, stage: null, finishedAt: now, updatedAt: now, ...noLease })
        .where(runGuard(id, jobId))
        .returning({ id: coverTasks.id });
      return rows.length > 0;
    },

    /**
     * Runs that started before `before` and still hold their lease: a live worker whose own timer
     * failed to stop them. (Dead workers' runs are reclaimed by their lapsed lease, never here.)
     */
    async timeOutStale(before: Date, error: string): Promise<string[]> {
      const now = new Date();
      const rows = await db
        .update(coverTasks)
        .set({ status: TaskStatus.timeout, error, finishedAt: now, updatedAt: now, ...noLease })
        .where(and(eq(coverTasks.status, TaskStatus.running), lt(coverTasks.startedAt, before)))
        .returning({ id: coverTasks.id });
      return rows.map((r) => r.id);
    },

    /**
     * Waiting tasks whose job was never sent (since before `unsentBefore`), or that have waited
     * since before `lostBefore` (their job is gone): the sweep sends them a new job.
     */
    async strandedWaiting(unsentBefore: Date, lostBefore: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: coverTasks.id })
        .from(coverTasks)
        .where(
          and(
            eq(coverTasks.status, TaskStatus.waiting),
            or(
              and(isNull(coverTasks.jobId), lt(coverTasks.updatedAt, unsentBefore)),
              lt(coverTasks.updatedAt, lostBefore),
            ),
          ),
        )
        .orderBy(coverTasks.updatedAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
export type CoversRepo = ReturnType<typeof createCoversRepo>;
