import { create } from 'zustand';
import type { UserInfo } from '@ai-covers/contracts';
import { clearToken, lastAccountUrl, rememberAccountUrl, saveToken, syncTokenOnStart } from './token-storage';

interface AuthState {
  token: string | null;
  user: UserInfo | null;
  /** Opens the login dialog; registered by the sign-in root, null until it mounts. */
  openLogin: (() => void) | null;
  /** The login dialog was asked for before the sign-in root mounted: it opens when it registers. */
  loginAsked: boolean;
  askLogin: () => void;
  /** True while the login dialog is open: a feature waiting on a sign-in sees it closed unsigned. */
  loginOpen: boolean;
  setLoginOpen: (open: boolean) => void;
  /** Stores a token everywhere it lives (§4), or with null removes every copy. */
  setToken: (token: string | null, vapiToken?: string) => void;
  setUser: (user: UserInfo | null) => void;
  registerLogin: (open: (() => void) | null) => void;
  /** Local sign-out: every token copy, the identity cookies and the user info go. */
  signOut: () => void;
}

/** Session state: signed in exactly when a token exists (§4). */
export const useAuthStore = create<AuthState>((set, get) => ({
  // §4: at start the cookie token wins; without one the local copy is cleared.
  token: typeof document === 'undefined' ? null : syncTokenOnStart(),
  user: null,
  openLogin: null,
  loginAsked: false,
  askLogin: () => set({ loginAsked: true }),
  loginOpen: false,
  setLoginOpen: (loginOpen) => set({ loginOpen }),
  setToken: (token, vapiToken) => {
    if (token === null) clearToken();
    else saveToken(token, vapiToken);
    set({ token });
  },
  setUser: (user) => {
    if (user) rememberAccountUrl(user.account_url);
    set({ user });
  },
  registerLogin: (openLogin) => {
    const asked = openLogin !== null && get().loginAsked;
    set({ openLogin, loginAsked: asked ? false : get().loginAsked });
    if (asked) openLogin();
  },
  signOut: () => {
    clearToken();
    set({ token: null, user: null });
  },
}));

/** True when a token exists. */
export const selectSignedIn = (state: AuthState) => state.token !== null;

/**
 * The provider's account overview address (§7) for a signed-in visitor: the user info's, or until
 * it arrives the one the last user info named.
 */
export const selectAccountUrl = (state: AuthState): string | null =>
  state.token === null ? null : state.user ? state.user.account_url : lastAccountUrl();
