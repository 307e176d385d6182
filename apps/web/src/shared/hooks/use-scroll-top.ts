import { useEffect, useRef } from 'react';
import { TIMING } from '@ai-covers/contracts';

/**
 * Scrolls the window to the top 100 ms after `key` (the route path) changes (§2). Not on the first
 * render: a prerendered page (decision 240) may have been scrolled before the app took it over.
 */
export function useScrollTopOnChange(key: string): void {
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    // The delay lets the new route render (and lazy chunks settle) before jumping.
    const timer = setTimeout(() => window.scrollTo(0, 0), TIMING.scrollTopDelayMs);
    return () => clearTimeout(timer);
  }, [key]);
}
