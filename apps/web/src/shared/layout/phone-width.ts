import { LAYOUT, TIMING } from '@ai-covers/contracts';

/** True when a window of this width counts as a phone (below 766 px, §9). */
export function isPhoneWidth(width: number): boolean {
  return width < LAYOUT.phoneBreakpointPx;
}

/**
 * Calls `run` at once, then at most once per `waitMs`, with a last call at the end of a burst so
 * the final value is never missed (§9: resize throttle 200 ms).
 */
export function throttle(run: () => void, waitMs: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;
  const release = () => {
    timer = null;
    if (pending) {
      pending = false;
      run();
      timer = setTimeout(release, waitMs);
    }
  };
  return {
    call() {
      if (timer) {
        pending = true;
        return;
      }
      run();
      timer = setTimeout(release, waitMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = false;
    },
  };
}

// One listener for the page's life: the phone flag follows window resizes, throttled to 200 ms,
// rather than being the width read at the moment of a click (§9).
let phone = false;
let listening = false;

function measure(): void {
  phone = isPhoneWidth(window.innerWidth);
}

/** Starts following the window's width (once per page; later calls do nothing). */
export function followPhoneWidth(): void {
  if (listening) return;
  listening = true;
  measure();
  window.addEventListener('resize', throttle(measure, TIMING.resizeThrottleMs).call);
}

/** Whether the window counts as a phone (<766 px) as the throttled resize listener last saw it. */
export function isPhoneNow(): boolean {
  followPhoneWidth();
  return phone;
}
