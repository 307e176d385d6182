import { create } from 'zustand';
import type { UserInfo } from '@ai-covers/contracts';
import { readLocal, writeLocal } from '../../shared/storage/storage';

interface AuthState {
  token: string | null;
  user: UserInfo | null;
  /** Opens the login dialog; registered by the sign-in feature, null until then. */
  openLogin: (() => void) | null;
  setToken: (token: string | null) => void;
  setUser: (user: UserInfo | null) => void;
  registerLogin: (open: (() => void) | null) => void;
  signOut: () => void;
}

/** Session state: signed in exactly when a token exists (§4). */
export const useAuthStore = create<AuthState>((set) => ({
  token: readLocal('token'),
  user: null,
  openLogin: null,
  setToken: (token) => {
    writeLocal('token', token);
    set({ token });
  },
  setUser: (user) => set({ user }),
  registerLogin: (openLogin) => set({ openLogin }),
  signOut: () => {
    writeLocal('token', null);
    set({ token: null, user: null });
  },
}));

/** True when a token exists. */
export const selectSignedIn = (state: AuthState) => state.token !== null;
