/**
 * Runs `fn` at most once per `waitMs`: the first call runs at once and the last call of a burst
 * runs when the window closes, so the final size after a resize is never missed.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;

  const run = (args: A) => {
    last = Date.now();
    pending = undefined;
    fn(...args);
  };

  const throttled = (...args: A) => {
    const remaining = waitMs - (Date.now() - last);
    if (remaining <= 0 && timer === undefined) {
      run(args);
      return;
    }
    pending = args;
    if (timer === undefined) {
      timer = setTimeout(
        () => {
          timer = undefined;
          if (pending) run(pending);
        },
        Math.max(remaining, 0),
      );
    }
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
