import type { UserRow, UsersRepo } from './users.repo';

/** An account as other features see it. */
export type User = UserRow;

/** Accounts by identity (issuer + subject): the sign-in feature creates and reads them here. */
export function createUsersService(deps: { repo: UsersRepo }) {
  const { repo } = deps;
  return {
    /** Finds the account of an identity, creating it at its first sign-in. */
    upsertByIdentity: (input: Parameters<UsersRepo['upsertByIdentity']>[0]) => repo.upsertByIdentity(input),
    /** Records the invite code a new account came with (§4 first-invited flag). */
    markInvited: (id: number, invitedCode: string): Promise<User> => repo.markInvited(id, invitedCode),
    findById: (id: number): Promise<User | undefined> => repo.findById(id),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
