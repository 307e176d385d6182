// The contracts as one lazily loaded chunk: the request layer imports this file with import() only,
// so zod and the schemas never weigh on the first page (bench/web), whichever page makes a call.
export * from '@ai-covers/contracts';
