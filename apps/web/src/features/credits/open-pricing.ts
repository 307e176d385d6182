import { isSafeReturnPath } from '@ai-covers/contracts';
import { BASE_PATH } from '../../shared/routing/base-paths';
import { isPhoneNow, isPhoneWidth } from '../../shared/layout/phone-width';
import { useWalletDialogs } from './wallet-store';

/**
 * The pricing page's address, keeping the language segment of the current page. `returnPath` (an
 * app path, checked again by the pricing page and the server) is where its checkout comes back to.
 */
export function pricingUrl(lang?: string, returnPath?: string | null): string {
  const page = `${BASE_PATH}${lang && lang !== 'en' ? `/${lang}` : ''}/pricing`;
  return returnPath && isSafeReturnPath(returnPath)
    ? `${page}?${RETURN_PARAM}=${encodeURIComponent(returnPath)}`
    : page;
}

/** The pricing page's query parameter naming the page to come back to after checkout. */
export const RETURN_PARAM = 'return';

/**
 * Opens pricing as §2 says: on phones (window narrower than 766 px, as the resize listener
 * throttled to 200 ms last saw it, §9) the light pricing dialog; elsewhere the pricing page in a new window. With `returnPath`, the checkout comes back to that
 * page of the app (the cover the purchase was for) instead of pricing. Returns what it did.
 */
export function openPricing(
  options: { lang?: string; width?: number; open?: typeof window.open; returnPath?: string | null } = {},
): 'dialog' | 'window' {
  const returnPath = options.returnPath ?? null;
  if (options.width !== undefined ? isPhoneWidth(options.width) : isPhoneNow()) {
    useWalletDialogs.getState().openPricingDialog('light', returnPath);
    return 'dialog';
  }
  // Not the 'noopener' feature: with it window.open() always returns null, and a blocked popup
  // could not be told apart from an opened one. Cutting the opener by hand does the same job.
  const opened = (options.open ?? window.open.bind(window))(pricingUrl(options.lang, returnPath), '_blank');
  if (opened) opened.opener = null;
  // A blocked popup must not leave the user stuck: fall back to the dark dialog in place.
  else if (!options.open) useWalletDialogs.getState().openPricingDialog('dark', returnPath);
  return 'window';
}
