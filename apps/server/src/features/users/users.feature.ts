import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import { createTokenSigner } from '../../platform/auth/tokens';
import { createUsersRepo } from './users.repo';
import { createSessionsService } from './sessions.service';
import { createUsersService } from './users.service';

/** Accounts and their sessions (our own revocable bearer tokens); no routes of its own. */
export function createUsersFeature(deps: { db: Db; secret: Uint8Array }) {
  const repo = createUsersRepo(deps.db);
  return defineFeature({
    users: createUsersService({ repo }),
    sessions: createSessionsService({ repo, signer: createTokenSigner(deps.secret) }),
    routes: [],
  });
}
