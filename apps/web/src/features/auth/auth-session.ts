import { analytics } from '../../shared/analytics/client';
import { failureCode, isSessionEnded, needsSignIn } from '../../shared/api/failures';
import { onRequestFailure } from '../../shared/api/request';
import { readLocal, writeLocal } from '../../shared/storage/storage';
import { fetchUserInfo, postLogin, postLogout } from './auth-api';
import { useAuthStore } from './auth-store';
import { singleFlight } from './single-flight';
import {
  FROM_AI_PHOTO,
  LOCAL,
  hasPendingLogin,
  saveIdentityCookies,
  type PendingLogin,
} from './token-storage';

/** The current page without its query, as §7's `module` parameter wants it. */
export function currentModule(): string {
  return location.origin + location.pathname;
}

/** Refreshes the user info; shared by simultaneous callers. A dead token signs the user out. */
export const refreshUserInfo = singleFlight(async () => {
  if (!useAuthStore.getState().token) return null;
  try {
    const user = await fetchUserInfo();
    useAuthStore.getState().setUser(user);
    saveIdentityCookies(user);
    return user;
  } catch (error) {
    // A token that is no good (§8: 40001, re-login 490010) signs the user out.
    if (needsSignIn(error)) useAuthStore.getState().signOut();
    return null;
  }
});

/**
 * Signs in with an auth code (§4): keeps the token, refreshes user info, settles a pending invite.
 * Simultaneous callers (frame message plus extension code) share one call. On failure the failure
 * is recorded and the browser goes to the provider's logout page.
 */
export const signInWithCode = singleFlight(async (pending: PendingLogin): Promise<boolean> => {
  const invitedCode = readLocal(LOCAL.inviteCode);
  try {
    const data = await postLogin({ code: pending.code, invitedCode, module: currentModule() });
    const store = useAuthStore.getState();
    store.setToken(data.token, data.vapi_token);
    store.setUser(data.user);
    saveIdentityCookies(data.user);
    if (invitedCode) {
      // §4: an invited login uses the code once and remembers that it was the first invited one.
      writeLocal(LOCAL.inviteCode, null);
      writeLocal(LOCAL.firstInvited, '1');
    }
    analytics.track('login_success', {
      created: data.created,
      claimed: data.claimed,
      from_ai_photo: readLocal(FROM_AI_PHOTO) === '1',
    });
    return true;
  } catch (error) {
    analytics.track('login_failed', { code: failureCode(error) });
    await goToLogout();
    return false;
  }
});

/**
 * Signs out (§4): the server ends the session, every local copy goes, then the browser visits the
 * provider's logout page, which returns to the current page.
 */
export async function goToLogout(): Promise<void> {
  const here = location.href;
  let target: string | null = null;
  try {
    target = (await postLogout(here)).logout_url;
  } catch {
    // Offline or server down: the local sign-out below still happens.
  }
  useAuthStore.getState().signOut();
  if (target) location.assign(target);
}

/**
 * A re-login error anywhere (490010: the session ended, §4, §8) clears every copy of the token and
 * opens the login dialog (once the sign-in root has mounted, if it has not yet). Only a failure of
 * the current token counts, so the calls that were in flight with it close nothing twice, and a
 * late answer to the old token cannot sign out a new one.
 */
export function handleReloginError(code: number, sentToken: string | null): void {
  if (!isSessionEnded(code) || sentToken === null) return;
  const { token, signOut, openLogin, askLogin } = useAuthStore.getState();
  if (token === null || (sentToken !== token && sentToken !== readLocal(LOCAL.vapiToken))) return;
  signOut();
  if (openLogin) openLogin();
  else askLogin();
}

/**
 * Starts the session as the app's script runs, before its first render (main.tsx): re-login
 * errors are heard from the first call on, and a signed-in visitor's user info is asked for at
 * once rather than after the first paint, beside the page's own files (the account page's
 * provider line waits for it; decision 212). A login the callback page left is finished by the
 * sign-in root instead, which fetches the user info with it. Returns the listener's removal.
 */
export function startSession(): () => void {
  const stop = onRequestFailure((failure, sent) => handleReloginError(failure.code, sent.token));
  if (!hasPendingLogin() && useAuthStore.getState().token) void refreshUserInfo();
  return stop;
}
