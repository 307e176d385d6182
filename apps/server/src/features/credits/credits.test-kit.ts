// Test helpers for the wallet's own tests: a database with no app, and accounts on it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../platform/db/client';
import { openTestDatabase } from '../../test/context';
import { createUsersFeature } from '../users/users.feature';

/** Opens a fresh database for this test file (no app, no queue: the ledger needs neither). */
export function useWalletDatabase(): { readonly database: Database } {
  const holder = {} as { database: Database; drop: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(holder, await openTestDatabase());
  });
  afterAll(async () => {
    await holder.database?.close();
    await holder.drop?.();
  });
  return holder;
}

/** A new account on that database; returns its id. */
export async function newWalletUser(database: Database): Promise<number> {
  const { users } = createUsersFeature({ database, secret: new Uint8Array(32) });
  const { user } = await users.upsertByIdentity({ issuer: 'test', subject: randomBytes(6).toString('hex') });
  return user.id;
}
