import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { AccountsRepo, StoredModel } from './accounts.repo';

function toPayload(row: StoredModel | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
}

/**
 * The provider's storage adapter over our database (one table for every model kind), so provider
 * sessions, codes and grants survive restarts and are shared by every API process.
 */
export function createOidcAdapter(
  repo: AccountsRepo,
  now: () => Date = () => new Date(),
): new (kind: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null;
      await repo.upsertModel(this.kind, id, payload as Record<string, unknown>, expiresAt);
    }
    async find(id: string): Promise<AdapterPayload | undefined> {
      return toPayload(await repo.findModel(this.kind, id, now()));
    }
    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return toPayload(await repo.findModelBy(this.kind, 'userCode', userCode, now()));
    }
    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return toPayload(await repo.findModelBy(this.kind, 'uid', uid, now()));
    }
    async consume(id: string): Promise<void> {
      await repo.consumeModel(this.kind, id, now());
    }
    async destroy(id: string): Promise<void> {
      await repo.destroyModel(this.kind, id);
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      await repo.revokeGrant(grantId);
    }
  };
}
