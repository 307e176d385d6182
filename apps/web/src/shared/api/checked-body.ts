import { Code, Msg } from '@ai-covers/contracts';
import { loadContracts, type ContractData, type ContractName, type ContractTable } from './contract';
import { ApiError, NetworkError } from './errors';

/** The part of a zod schema a body check needs. */
interface BodySchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * A request body checked against its contract before it is sent: a body the server would refuse
 * fails here the same way (§8 code 1, the message naming the field). The schema is taken from the
 * contracts' lazily loaded chunk, as the request layer takes its response schemas, so a page that
 * sends a checked body does not carry zod in its own chunks (decisions 030, 211).
 */
export async function checkedBody<K extends ContractName>(
  contract: K,
  input: unknown,
  contracts: () => Promise<ContractTable> = loadContracts,
): Promise<ContractData<K>> {
  let table: ContractTable;
  try {
    table = await contracts();
  } catch {
    // The schemas' chunk did not arrive: to the visitor that is the network failing.
    throw new NetworkError();
  }
  const schema = table[contract] as unknown as BodySchema<ContractData<K>>;
  const checked = schema.safeParse(input);
  if (!checked.success) throw new ApiError(Code.error, checked.error.issues[0]?.message ?? Msg.generic);
  return checked.data;
}
