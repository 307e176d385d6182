import { z } from 'zod';

/** The zod schema of a response: every response is `{code, data, msg}` (spec §3) around its data. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, msg: z.string() });
}
