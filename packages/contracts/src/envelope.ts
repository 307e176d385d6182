import { z } from 'zod';

/** Every response is `{code, data, msg}` (spec §3). */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/** Builds the zod schema of an envelope around a data schema (for OpenAPI and clients). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, msg: z.string() });
}

export const errorEnvelope = z.object({ code: z.number().int(), data: z.null(), msg: z.string() });

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: 0, data, msg };
}
