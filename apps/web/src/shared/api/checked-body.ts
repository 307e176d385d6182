import { Code, Msg } from '@ai-covers/contracts';
import { ApiError } from './errors';

/** The part of a zod schema a body check needs. */
interface BodySchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * A request body checked against its contract before it is sent: a body the server would refuse
 * fails here the same way (§8 code 1, the message naming the field). Schemas are values that weigh
 * on the page, so only lazy pages check their bodies (decision 030).
 */
export function checkedBody<T>(schema: BodySchema<T>, input: unknown): T {
  const checked = schema.safeParse(input);
  if (!checked.success) throw new ApiError(Code.error, checked.error.issues[0]?.message ?? Msg.generic);
  return checked.data;
}
