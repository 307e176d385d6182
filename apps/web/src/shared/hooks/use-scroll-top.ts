import { useEffect } from 'react';
import { TIMING } from '@ai-covers/contracts';

/** Scrolls the window to the top 100 ms after `key` (the route path) changes (§2). */
export function useScrollTopOnChange(key: string): void {
  useEffect(() => {
    // The delay lets the new route render (and lazy chunks settle) before jumping.
    const timer = setTimeout(() => window.scrollTo(0, 0), TIMING.scrollTopDelayMs);
    return () => clearTimeout(timer);
  }, [key]);
}
