// Test support: API answers built from fixtures that pass their contract, so a fixture cannot
// drift from what the server sends.
import * as contracts from '@ai-covers/contracts';
import type { ContractData, ContractName } from '../api/contract';

type Checker = {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { message: string } };
};

/** JSON with object keys sorted, to compare two values regardless of key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * Returns `data` after checking it against the named contract schema. Throws when a field is
 * missing or wrong, and when the schema would drop or change anything (a field the contract does
 * not have, a default filled in): a fixture must be exactly what the server can send.
 */
export function fixture<K extends ContractName>(contract: K, data: ContractData<K>): ContractData<K> {
  const schema = contracts[contract] as unknown as Checker;
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new Error(`fixture does not match the contract '${contract}': ${result.error.message}`);
  }
  if (canonical(result.data) !== canonical(data)) {
    throw new Error(
      `fixture is not what the contract '${contract}' sends: ${canonical(data)} parses to ${canonical(result.data)}`,
    );
  }
  return data;
}

/** A successful API answer (`code` 0) carrying `data`, checked against its contract. */
export function contractResponse<K extends ContractName>(contract: K, data: ContractData<K>): Response {
  return new Response(JSON.stringify({ code: 0, data: fixture(contract, data), msg: 'ok' }));
}

/** A failed API answer: `code` and `msg`, no data. */
export function errorResponse(code: number, msg: string): Response {
  return new Response(JSON.stringify({ code, data: null, msg }));
}
