import { analytics } from '../../shared/analytics/client';
import { readLocal, writeLocal } from '../../shared/storage/storage';
import { fetchUserInfo, postLogin, postLogout } from './auth-api';
import { useAuthStore } from './auth-store';
import { singleFlight } from './single-flight';
import { LOCAL, saveIdentityCookies, type PendingLogin } from './token-storage';

/** Envelope codes that mean "this token is no good" (§8): 40001 and re-login 490010. */
export const SIGNED_OUT_CODES = new Set([40001, 490010]);

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
    if (SIGNED_OUT_CODES.has((error as { code?: number }).code ?? 0)) useAuthStore.getState().signOut();
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
    const data = await postLogin({ ...pending, invitedCode, module: currentModule() });
    const store = useAuthStore.getState();
    store.setToken(data.token, data.vapi_token);
    store.setUser(data.user);
    saveIdentityCookies(data.user);
    if (invitedCode) {
      // §4: an invited login uses the code once and remembers that it was the first invited one.
      writeLocal(LOCAL.inviteCode, null);
      writeLocal(LOCAL.firstInvited, '1');
    }
    analytics.track('login_success', { created: data.created, claimed: data.claimed });
    return true;
  } catch (error) {
    analytics.track('login_failed', { code: (error as { code?: number }).code ?? 1 });
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

/** A re-login error anywhere (490010) signs the user out locally (§4, §8). */
export function handleReloginError(code: number): void {
  if (code === 490010 && useAuthStore.getState().token) useAuthStore.getState().signOut();
}
