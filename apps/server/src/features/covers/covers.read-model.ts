import { createKeptReads, keptUntil as keptUntilWithin } from '../users/session-reads';

export type { MadeAnswer } from '../users/session-reads';

/**
 * Longest an answer is kept: its URLs are signed for the session and expire, and an answer served
 * again hands out URLs as old as it is (see `keptUntil`). Freshness itself is the read version's.
 */
export const COVERS_MAX_AGE_MS = 30_000;

/** Until when a covers answer whose URLs were signed at `madeAt` and expire at `expires` is served. */
export const keptUntil = (madeAt: number, expires: number[]): number =>
  keptUntilWithin(madeAt, expires, COVERS_MAX_AGE_MS);

/**
 * The signed-in reads of covers (My covers' page, a task's view) kept per session, checked against
 * the account's covers read version (triggers raise it in every transaction that writes its tasks,
 * their kept files and mix, or its charges: migration 0023). See `createKeptReads`.
 */
export const createCoversReadModel = createKeptReads;
