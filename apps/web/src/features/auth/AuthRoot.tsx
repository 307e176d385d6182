import { lazyWithCopy } from '../../shared/i18n/lazy-with-copy';
import { Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAbPlan } from '../../shared/ab/use-ab-plan';
import { refreshUserInfo, signInWithCode } from './auth-session';
import { selectSignedIn, useAuthStore } from './auth-store';
import { installPreLoginGuard } from './pre-login';
import { awaitPopupLogin, isAwaitedPopupLogin, LOGIN_CHANNEL } from './popup-wait';
import { takePendingLogin, type PendingLogin } from './token-storage';

// The dialog (Radix, styles) loads on first open, so signed-in pages never pay for it.
const LoginDialog = lazyWithCopy(() => import('./LoginDialog').then((m) => ({ default: m.LoginDialog })));

/** A message from our callback page (frame or popup) carrying the provider's answer. */
interface CallbackMessage {
  type: 'ai-covers:login';
  code: string | null;
  state: string | null;
  iss: string | null;
  error: string | null;
}

function isCallbackMessage(event: MessageEvent): event is MessageEvent<CallbackMessage> {
  const data = event.data as Partial<CallbackMessage> | null;
  return event.origin === location.origin && data?.type === 'ai-covers:login';
}

/**
 * Sign-in for the whole app, mounted once: registers the login dialog with the store, finishes a
 * login left by the callback page or the extension, refreshes user info, and runs the login A/B
 * click guard (§5).
 */
export function AuthRoot() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // Opened by the login test's click guard: the dialog says why it appeared.
  const [gated, setGated] = useState(false);
  const queryClient = useQueryClient();
  const signedIn = useAuthStore(selectSignedIn);
  const loginTest = useAbPlan('login_test');

  useEffect(() => {
    const openLogin = () => {
      setMounted(true);
      setGated(false);
      setOpen(true);
    };
    useAuthStore.getState().registerLogin(openLogin);
    return () => useAuthStore.getState().registerLogin(null);
  }, []);

  useEffect(() => {
    const finish = (pending: PendingLogin) =>
      signInWithCode(pending).then((ok) => {
        if (!ok) return;
        setOpen(false);
        // Every feature's data was fetched as a visitor: fetch it again as the user.
        void queryClient.invalidateQueries();
      });
    // A redirect or extension login left its code for us: used once, then gone (§4).
    // Without one, the user info was asked for at start (startSession): this joins that call
    // while it runs, and asks again only if it ended without the user (offline).
    const pending = takePendingLogin();
    const { token, user } = useAuthStore.getState();
    if (pending) void finish(pending);
    else if (token && !user) void refreshUserInfo();

    const handleMessage = (event: MessageEvent) => {
      if (!isCallbackMessage(event)) return;
      const { code, state, iss, error } = event.data;
      if (error || !code || !state) {
        setOpen(false);
        return;
      }
      void finish({ code, state, iss });
    };
    window.addEventListener('message', handleMessage);
    // A popup that lost its opener (cross-origin provider, COOP) reports on a channel instead; only
    // the popup this window opened is acknowledged, so a redirect login elsewhere is left alone.
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOGIN_CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent<CallbackMessage>) => {
        const { type, code, state, iss, error } = event.data ?? {};
        if (type !== 'ai-covers:login' || !isAwaitedPopupLogin(state)) return;
        awaitPopupLogin(null);
        channel.postMessage({ type: 'ai-covers:login-ack', state });
        if (error || !code || !state) setOpen(false);
        else void finish({ code, state, iss });
      };
    }
    return () => {
      window.removeEventListener('message', handleMessage);
      channel?.close();
    };
  }, [queryClient]);

  // Features waiting on a sign-in (a download) learn from the store when the dialog closes.
  useEffect(() => useAuthStore.getState().setLoginOpen(open), [open]);

  const guardActive = loginTest.on && !signedIn;
  useEffect(() => {
    if (!guardActive) return;
    return installPreLoginGuard({
      isActive: () => useAuthStore.getState().token === null,
      openLogin: () => {
        setMounted(true);
        setGated(true);
        setOpen(true);
      },
    });
  }, [guardActive]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog open={open} onOpenChange={setOpen} gated={gated} />
    </Suspense>
  );
}
