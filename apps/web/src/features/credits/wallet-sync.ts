/**
 * Pricing opens in a new window (§2), so a purchase lands in another window than the one whose
 * header shows the balance. The windows of the product tell each other over a BroadcastChannel;
 * focus events alone do not fire when a separate window closes.
 */
const CHANNEL = 'ai-covers.wallet';

/** Tells the product's other tabs and windows that the wallet changed (a purchase was paid). */
export function announceWalletChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Calls `onChange` whenever another tab or window announces a wallet change; returns the stop. */
export function onWalletChange(onChange: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => onChange();
  return () => channel.close();
}
