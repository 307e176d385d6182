import { useEffect, useState } from 'react';
import { LAYOUT, TIMING } from '@ai-covers/contracts';
import { throttle } from './throttle';

/** True when a window of this width counts as a phone (below 766 px, §9). */
export function isPhoneWidth(width: number): boolean {
  return width < LAYOUT.phoneBreakpointPx;
}

/** Tracks whether the window is phone-sized, re-checking on resize at most every 200 ms. */
export function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => isPhoneWidth(window.innerWidth));
  useEffect(() => {
    const handleResize = throttle(() => setPhone(isPhoneWidth(window.innerWidth)), TIMING.resizeThrottleMs);
    window.addEventListener('resize', handleResize);
    return () => {
      handleResize.cancel();
      window.removeEventListener('resize', handleResize);
    };
  }, []);
  return phone;
}
