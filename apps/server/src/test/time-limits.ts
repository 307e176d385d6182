/**
 * How many times longer tests and hooks may take than their stated limit (`TEST_TIME_SCALE`, 1 by
 * default). The Postgres pass of `npm test` runs at a lower priority beside the browser journeys,
 * where the same render or pack takes several times as long as alone (decision 006): one setting
 * scales the default limits and every limit a test states, so no stated limit undoes it.
 */
export const TIME_SCALE = (() => {
  const scale = Number(process.env.TEST_TIME_SCALE ?? '1');
  return Number.isFinite(scale) && scale >= 1 ? scale : 1;
})();

/** A test's or hook's time limit: `ms` on a machine of its own, scaled for a shared one. */
export function within(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
