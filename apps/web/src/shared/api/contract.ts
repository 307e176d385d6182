import type * as Contracts from '@ai-covers/contracts';

/** What the request layer needs of a response schema: zod's `safeParse`. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type ContractModule = typeof Contracts;

/** The name of a zod schema exported by packages/contracts (`'userInfo'`, `'coverTask'`, …). */
export type ContractName = {
  [K in keyof ContractModule]: ContractModule[K] extends ResponseSchema<unknown> ? K : never;
}[keyof ContractModule];

/** The data a contract's schema parses to. */
export type ContractData<K extends ContractName> =
  ContractModule[K] extends ResponseSchema<infer T> ? T : never;

/** The contract schemas by name. */
export type ContractTable = { [K in ContractName]: ContractModule[K] };

/** Loads the contract schemas (a separate chunk, fetched once, on the first call). */
export const loadContracts = (): Promise<ContractTable> => import('./contract-schemas');
