import { LAYOUT } from '@ai-covers/contracts';
import type { AuthorizeUrlData } from '@ai-covers/contracts';
import { checkThirdPartyCookies } from './cookie-check';
import { markSecondWayLogin, secondWayLoginActive } from './token-storage';

/** How the login page is shown: in our frame, in a popup, or by leaving the page. */
export type LoginPresentation = { kind: 'frame'; url: string } | { kind: 'popup' } | { kind: 'redirect' };

/**
 * Decides how to show the provider's login page (§2, §5): a second-way login under an hour old
 * redirects; a frameable provider with working frame cookies goes in the dialog's frame;
 * otherwise a 500×650 popup, and if the browser blocks it, a redirect (remembered for an hour).
 */
export async function presentLogin(
  data: AuthorizeUrlData,
  deps: {
    checkCookies?: (url: string) => Promise<boolean>;
    open?: (url: string, name: string, features: string) => Window | null;
    assign?: (url: string) => void;
  } = {},
): Promise<LoginPresentation> {
  const assign = deps.assign ?? ((url: string) => location.assign(url));
  if (secondWayLoginActive()) {
    assign(data.url);
    return { kind: 'redirect' };
  }
  const checkCookies = deps.checkCookies ?? checkThirdPartyCookies;
  const framed =
    data.frameable && (data.cookie_check_url === null || (await checkCookies(data.cookie_check_url)));
  if (framed) return { kind: 'frame', url: data.url };
  const { width, height } = LAYOUT.loginPopup;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const open = deps.open ?? ((url, name, features) => window.open(url, name, features));
  const popup = open(
    data.url,
    'ai-covers-login',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (popup) return { kind: 'popup' };
  markSecondWayLogin();
  assign(data.url);
  return { kind: 'redirect' };
}
