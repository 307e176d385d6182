import { LAYOUT } from '@ai-covers/contracts';
import { BASE_PATH } from '../../app/base-path';
import { useWalletDialogs } from './wallet-store';

/** True when a window of this width counts as a phone (below 766 px, §9). */
export function isPhoneWidth(width: number): boolean {
  return width < LAYOUT.phoneBreakpointPx;
}

/** The pricing page's address, keeping the language segment of the current page. */
export function pricingUrl(lang?: string): string {
  return `${BASE_PATH}${lang && lang !== 'en' ? `/${lang}` : ''}/pricing`;
}

/**
 * Opens pricing as §2 says: on phones (window narrower than 766 px) the light pricing dialog;
 * elsewhere the pricing page in a new window. Returns what it did, for analytics and tests.
 */
export function openPricing(
  options: { lang?: string; width?: number; open?: typeof window.open } = {},
): 'dialog' | 'window' {
  const width = options.width ?? window.innerWidth;
  if (isPhoneWidth(width)) {
    useWalletDialogs.getState().openPricingDialog('light');
    return 'dialog';
  }
  // Not the 'noopener' feature: with it window.open() always returns null, and a blocked popup
  // could not be told apart from an opened one. Cutting the opener by hand does the same job.
  const opened = (options.open ?? window.open.bind(window))(pricingUrl(options.lang), '_blank');
  if (opened) opened.opener = null;
  // A blocked popup must not leave the user stuck: fall back to the dark dialog in place.
  else if (!options.open) useWalletDialogs.getState().openPricingDialog('dark');
  return 'window';
}
