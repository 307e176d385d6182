import { useEffect } from 'react';
import { TIMING } from '@ai-covers/contracts';
import { useAuthStore } from './auth-store';

/** On a page that needs sign-in: opens the login dialog after 1200 ms if still signed out (§2). */
export function useSignInPrompt(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      // Read the store at the deadline: the visitor may have signed in meanwhile.
      const { token, openLogin } = useAuthStore.getState();
      if (token === null) openLogin?.();
    }, TIMING.loginDialogDelayMs);
    return () => clearTimeout(timer);
  }, [enabled]);
}
