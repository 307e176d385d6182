/**
 * A test's time limit: `ms` on a machine of its own, scaled by `TEST_TIME_SCALE` (1 by default) for
 * a shared one, as the server's tests scale theirs (apps/server/src/test/time-limits.ts).
 */
export function within(ms: number): number {
  const scale = Number(process.env.TEST_TIME_SCALE ?? '1');
  return Math.round(ms * (Number.isFinite(scale) && scale >= 1 ? scale : 1));
}
