// The credits wallet: the balance and its records, the charge of a paid action (§5 deduct), and the
// wallet's dialogs (not enough credits, confirm spending, account, points upgrade), mounted once by
// the page frame (WalletRoot) and opened from anywhere through the wallet store. Pricing sells into it.
export { CreditsBadge } from './CreditsBadge';
export { CreditsCenter } from './CreditsCenter';
export { WalletDialog } from './WalletDialog';
export { WalletRoot } from './WalletRoot';
export { chargeForTask, type ChargeFailure } from './charge';
export { useCreditsAccount, usePresentClaimed, walletKeys } from './credits-api';
export { useIntegralInfo } from './integral-api';
export { RETURN_PARAM } from './open-pricing';
export { useWalletDialogs } from './wallet-store';
export { announceWalletChange } from './wallet-sync';
/** The wallet's look, for panels that sit inside its pages. */
export { default as walletStyles } from './wallet.module.css';
