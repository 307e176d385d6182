import { describe, expect, it } from 'vitest';
import { createStampBatches, type StampRow } from './stamp-batches';

type Keys = { userId: number; sessionId: string }[];

/** A statement runner the test answers by hand: each call waits until it is resolved or failed. */
function fakeRunner() {
  const calls: { keys: Keys; answer: (rows: StampRow[]) => void; fail: (error: unknown) => void }[] = [];
  return {
    calls,
    run: (keys: Keys) =>
      new Promise<StampRow[]>((resolve, reject) => {
        calls.push({ keys: [...keys], answer: resolve, fail: reject });
      }),
  };
}

const row = (userId: number, version: number, live = true): StampRow => ({
  live,
  account: userId * 1000 + version,
  covers: userId * 1000 + version + 1,
  voices: 0,
  headshots: 0,
});
/** The rows a fake database at `version` gives for the keys asked. */
const rowsFor = (keys: Keys, version: number) =>
  keys.map((k) => row(k.userId, version, k.sessionId !== 'dead'));
const flush = () => new Promise((r) => setImmediate(r));

describe('read stamps coalesced into one statement per batch', () => {
  it('sends the first check at once, alone', async () => {
    const db = fakeRunner();
    const batches = createStampBatches({ run: db.run });
    const first = batches.check(1, 'a');
    expect(db.calls.map((c) => c.keys)).toEqual([[{ userId: 1, sessionId: 'a' }]]);
    db.calls[0]!.answer(rowsFor(db.calls[0]!.keys, 5));
    await expect(first).resolves.toEqual(row(1, 5));
  });

  it('a check arriving while a statement is in flight waits for the next statement, never joins it', async () => {
    const db = fakeRunner();
    const batches = createStampBatches({ run: db.run });
    const early = batches.check(1, 'a');
    // A write commits here, after the first statement has read; then the same account asks again.
    const late = batches.check(1, 'a');
    const other = batches.check(2, 'b');
    expect(db.calls).toHaveLength(1);
    let lateAnswered = false;
    void late.then(() => (lateAnswered = true));
    db.calls[0]!.answer(rowsFor(db.calls[0]!.keys, 5));
    await expect(early).resolves.toEqual(row(1, 5));
    await flush();
    expect(lateAnswered).toBe(false);
    // The second statement was sent only once the first returned, with both late checks in it.
    expect(db.calls).toHaveLength(2);
    expect(db.calls[1]!.keys).toEqual([
      { userId: 1, sessionId: 'a' },
      { userId: 2, sessionId: 'b' },
    ]);
    db.calls[1]!.answer(rowsFor(db.calls[1]!.keys, 6));
    await expect(late).resolves.toEqual(row(1, 6));
    await expect(other).resolves.toEqual(row(2, 6));
    expect(batches.inFlight).toBe(0);
  });

  it('asks a pair once per batch and gives every waiter its own row, in the order asked', async () => {
    const db = fakeRunner();
    const batches = createStampBatches({ run: db.run });
    const opener = batches.check(9, 'z');
    const asked = [
      batches.check(3, 'c'),
      batches.check(1, 'a'),
      batches.check(3, 'c'),
      batches.check(2, 'dead'),
      batches.check(1, 'a'),
      batches.check(1, 'other'),
    ];
    db.calls[0]!.answer(rowsFor(db.calls[0]!.keys, 1));
    await opener;
    await flush();
    expect(db.calls[1]!.keys).toEqual([
      { userId: 3, sessionId: 'c' },
      { userId: 1, sessionId: 'a' },
      { userId: 2, sessionId: 'dead' },
      { userId: 1, sessionId: 'other' },
    ]);
    // The database's answer differs per row, so a row given to the wrong waiter shows.
    db.calls[1]!.answer(
      db.calls[1]!.keys.map((k, i) => ({ ...row(k.userId, i), live: k.sessionId !== 'dead' })),
    );
    expect(await Promise.all(asked)).toEqual([
      row(3, 0),
      row(1, 1),
      row(3, 0),
      row(2, 2, false),
      row(1, 1),
      row(1, 3),
    ]);
  });

  it('fails every check of a failed statement, and only those', async () => {
    const db = fakeRunner();
    const batches = createStampBatches({ run: db.run });
    const first = batches.check(1, 'a');
    const second = [batches.check(1, 'a'), batches.check(2, 'b'), batches.check(2, 'b')];
    const failure = new Error('connection terminated');
    db.calls[0]!.fail(failure);
    await expect(first).rejects.toBe(failure);
    await flush();
    // The checks waiting for the next statement are not failed by the one before.
    expect(db.calls).toHaveLength(2);
    const third = batches.check(3, 'c');
    db.calls[1]!.fail(failure);
    for (const check of second) await expect(check).rejects.toBe(failure);
    await flush();
    db.calls[2]!.answer(rowsFor(db.calls[2]!.keys, 7));
    await expect(third).resolves.toEqual(row(3, 7));
  });

  it('fails the batch when the runner throws or answers a different number of rows', async () => {
    const throwing = createStampBatches({
      run: () => {
        throw new Error('not connected');
      },
    });
    await expect(throwing.check(1, 'a')).rejects.toThrow('not connected');
    const db = fakeRunner();
    const batches = createStampBatches({ run: db.run });
    const check = batches.check(1, 'a');
    db.calls[0]!.answer([]);
    await expect(check).rejects.toThrow('0 rows for 1 pairs');
  });

  it('sends a batch that reaches its bound at once and starts another', async () => {
    const db = fakeRunner();
    const batches = createStampBatches({ run: db.run, maxBatch: 2 });
    const opener = batches.check(9, 'z');
    const checks = [1, 2, 2, 3, 4, 5].map((userId) => batches.check(userId, `s${userId}`));
    // 1 and 2 filled a batch, sent when 3 arrived; 3 and 4 filled the next, sent when 5 arrived.
    expect(db.calls.map((c) => c.keys.map((k) => k.userId))).toEqual([[9], [1, 2], [3, 4]]);
    for (const call of db.calls.slice(0, 3)) call.answer(rowsFor(call.keys, 2));
    await opener;
    await flush();
    expect(db.calls.map((c) => c.keys.map((k) => k.userId))).toEqual([[9], [1, 2], [3, 4], [5]]);
    db.calls[3]!.answer(rowsFor(db.calls[3]!.keys, 2));
    expect((await Promise.all(checks)).map((r) => r.account)).toEqual([1002, 2002, 2002, 3002, 4002, 5002]);
    await flush();
    expect(batches.inFlight).toBe(0);
  });
});
