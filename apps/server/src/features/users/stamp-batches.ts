/** One account's read versions, one per scope, and whether a session of it is live. */
export interface StampRow {
  live: boolean;
  account: number;
  covers: number;
  voices: number;
  headshots: number;
}

/** What one statement is asked: (account, session) pairs, answered in the same order. */
export type RunStamps = (keys: { userId: number; sessionId: string }[]) => Promise<StampRow[]>;

/** Distinct (account, session) pairs in one statement at most. */
export const MAX_STAMP_BATCH = 256;

interface Waiter {
  resolve: (row: StampRow) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  keys: { userId: number; sessionId: string }[];
  /** Per pair, its place in `keys` and everyone waiting for it (a pair asked twice shares a row). */
  waiting: Map<string, { index: number; waiters: Waiter[] }>;
}

/**
 * Checks of read stamps coalesced into one statement per batch. A check joins the batch that has
 * not been sent yet, never one in flight: a statement already sent may have read before the check
 * arrived, so its answer could miss a write committed before that. The waiting batch is sent when
 * the statement in flight returns, or at once when none is; a batch that reaches `maxBatch`
 * distinct pairs is sent at once too, and the next check starts another. A failed statement fails
 * every check of its batch, as the one check alone would have failed.
 */
export function createStampBatches(deps: { run: RunStamps; maxBatch?: number }) {
  const maxBatch = deps.maxBatch ?? MAX_STAMP_BATCH;
  let waiting: Batch | null = null;
  let inFlight = 0;

  function send(batch: Batch): void {
    if (waiting === batch) waiting = null;
    inFlight += 1;
    const settle = (each: (waiter: Waiter, index: number) => void) => {
      for (const { index, waiters } of batch.waiting.values()) for (const w of waiters) each(w, index);
    };
    let ran: Promise<StampRow[]>;
    try {
      ran = deps.run(batch.keys);
    } catch (error) {
      ran = Promise.reject(error);
    }
    ran
      .then(
        (rows) => {
          if (rows.length !== batch.keys.length)
            throw new Error(`read stamps: ${rows.length} rows for ${batch.keys.length} pairs`);
          settle((w, index) => w.resolve(rows[index]!));
        },
        (error: unknown) => settle((w) => w.reject(error)),
      )
      .catch((error: unknown) => settle((w) => w.reject(error)))
      .finally(() => {
        inFlight -= 1;
        if (waiting) send(waiting);
      });
  }

  return {
    /** The row of (account, session), read by a statement sent after this call. */
    check(userId: number, sessionId: string): Promise<StampRow> {
      return new Promise<StampRow>((resolve, reject) => {
        const key = `${userId}\u0000${sessionId}`;
        let batch = waiting;
        if (batch && !batch.waiting.has(key) && batch.keys.length >= maxBatch) {
          send(batch);
          batch = null;
        }
        if (!batch) {
          batch = { keys: [], waiting: new Map() };
          waiting = batch;
        }
        let entry = batch.waiting.get(key);
        if (!entry) {
          entry = { index: batch.keys.length, waiters: [] };
          batch.keys.push({ userId, sessionId });
          batch.waiting.set(key, entry);
        }
        entry.waiters.push({ resolve, reject });
        if (inFlight === 0) send(batch);
      });
    },
    /** Statements sent and not yet returned (tests). */
    get inFlight(): number {
      return inFlight;
    },
  };
}
