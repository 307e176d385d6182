/**
 * Wraps an async function so callers that arrive while a call is in flight share its result
 * instead of starting another one (§4: "repeated calls share one in-flight result").
 */
export function singleFlight<A extends unknown[], T>(
  fn: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return (...args: A) => {
    inFlight ??= fn(...args).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
