/** Marks an element (and its children) as usable while signed out under the login A/B test (§5). */
export const NO_PRE_LOGIN_ATTR = 'data-no-pre-login';

/**
 * Areas a click may reach while login_test plan 2 blocks signed-out visitors (§5): elements marked
 * not-needing-pre-login (voice samples among them), audio players (listening is free), the consent
 * box, the credit banner and popup, and open dialogs (the login dialog itself among them).
 */
export const PRE_LOGIN_EXEMPT_SELECTOR = [
  `[${NO_PRE_LOGIN_ATTR}]`,
  'audio',
  '[data-consent-box]',
  '[data-credit-banner]',
  '[data-credit-popup]',
  '[role="dialog"]',
  '[role="alertdialog"]',
].join(',');

/** True when a click on `target` may go through while the login test blocks signed-out clicks. */
export function isExemptFromPreLogin(target: EventTarget | null): boolean {
  if (!target || !(target instanceof Element)) return true;
  return target.closest(PRE_LOGIN_EXEMPT_SELECTOR) !== null;
}

/**
 * Installs the click guard: with the variant on and the user signed out, a click outside the
 * exempt areas is stopped before the page sees it and opens the login dialog instead.
 */
export function installPreLoginGuard(opts: { isActive: () => boolean; openLogin: () => void }): () => void {
  const handleClick = (event: MouseEvent) => {
    if (!opts.isActive() || isExemptFromPreLogin(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    opts.openLogin();
  };
  // Capture phase on window: runs before any handler of the page, React's root listener included.
  window.addEventListener('click', handleClick, true);
  return () => window.removeEventListener('click', handleClick, true);
}
