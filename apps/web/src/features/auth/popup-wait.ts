/** The channel the callback page uses when a popup lost its opener (see login-callback.js). */
export const LOGIN_CHANNEL = 'ai-covers-login';

let awaitedState: string | null = null;

/** Remembers the state of the login popup this window opened; only that one is acknowledged. */
export function awaitPopupLogin(state: string | null): void {
  awaitedState = state;
}

/** True when `state` belongs to the popup login this window is waiting for. */
export function isAwaitedPopupLogin(state: unknown): boolean {
  return awaitedState !== null && state === awaitedState;
}
