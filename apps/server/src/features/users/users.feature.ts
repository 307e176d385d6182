import type { Database } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import { createTokenSigner } from '../../platform/auth/tokens';
import { createUsersRepo } from './users.repo';
import { createReadStamps } from './read-stamps';
import { createSessionsService } from './sessions.service';
import { createUsersService } from './users.service';

/** Accounts and their sessions (our own revocable bearer tokens); no routes of its own. */
export function createUsersFeature(deps: { database: Database; secret: Uint8Array }) {
  const repo = createUsersRepo(deps.database.db);
  const readStamps = createReadStamps({ database: deps.database, repo, now: () => new Date() });
  return defineFeature({
    users: createUsersService({ repo }),
    sessions: createSessionsService({ repo, signer: createTokenSigner(deps.secret) }),
    /** What answers kept about an account are checked against (read versions, the session). */
    readStamps,
    routes: [],
    close: () => readStamps.close(),
  });
}
